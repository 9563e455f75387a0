import { z } from 'zod';
import { AuthError } from './auth-error';

/**
 * Request bodies as `@supabase/auth-js` sends them. Unknown fields (gotrue_meta_security,
 * code_challenge, …) are ignored, as Supabase does for features it has switched off.
 */
const metadata = z.record(z.string(), z.unknown());

export const SignupBody = z.object({
  email: z.string({ message: 'An email address is required' }),
  password: z.string({ message: 'Signup requires a valid password' }),
  data: metadata.nullish(),
});

export const PasswordGrantBody = z.object({
  email: z.string({ message: 'An email address is required' }),
  password: z.string({ message: 'A password is required' }),
});

export const RefreshGrantBody = z.object({
  refresh_token: z.string({ message: 'A refresh_token is required' }).min(1, 'A refresh_token is required'),
});

/** Email confirmation and password recovery; no magic link or email change (spec §7). */
const emailOtpType = z.enum(['signup', 'email', 'recovery'], {
  message: 'Verify requires a verification type of signup or recovery',
});

export const RecoverBody = z.object({
  email: z.string({ message: 'An email address is required' }),
});

export const ResendBody = z.object({
  type: z.literal('signup', { message: 'Only type "signup" can be resent' }),
  email: z.string({ message: 'An email address is required' }),
});

export const VerifyBody = z.object({
  type: emailOtpType,
  /** auth-js may send it along; the token decides, but a given address must still be one. */
  email: z.string().optional(),
  token_hash: z.string({ message: 'Verify requires a token_hash' }).min(1, 'Verify requires a token_hash'),
});

export const VerifyQuery = z.object({
  type: emailOtpType,
  token: z.string({ message: 'Verify requires a token' }).min(1, 'Verify requires a token'),
  redirect_to: z.string().optional(),
});

export const UpdateUserBody = z.object({
  data: metadata.nullish(),
  email: z.string().optional(),
  password: z.string().optional(),
  /** Proof for a password change (auth-js `updateUser({ password, current_password })`). */
  current_password: z.string().optional(),
});

export const LogoutScope = z
  .enum(['global', 'local', 'others'], { message: 'scope must be global, local or others' })
  .default('global');

/** Parses with a schema; the first problem becomes validation_failed (400), as Supabase reports one. */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw AuthError.validation(issue?.message ?? 'Invalid request');
}
