import { z } from 'zod';

/**
 * What the auth API (/auth/v1) accepts, as `@supabase/auth-js` sends it and with Supabase Auth's
 * (GoTrue's) messages: auth answers the first problem as `validation_failed` in these words. Looser
 * than the forms' payloads (auth.ts) on purpose: auth checks the address and the password itself,
 * answering GoTrue's codes (`weak_password`, its email message), not a schema's. Unknown fields
 * (gotrue_meta_security, code_challenge, …) are ignored, as Supabase does for features it has
 * switched off.
 */
const metadata = z.record(z.string(), z.unknown());

export const SignupRequestSchema = z.object({
  email: z.string({ message: 'An email address is required' }),
  password: z.string({ message: 'Signup requires a valid password' }),
  data: metadata.nullish(),
});

export const PasswordGrantRequestSchema = z.object({
  email: z.string({ message: 'An email address is required' }),
  password: z.string({ message: 'A password is required' }),
});

export const RefreshGrantRequestSchema = z.object({
  refresh_token: z.string({ message: 'A refresh_token is required' }).min(1, 'A refresh_token is required'),
});

/** POST /token's query: which grant the body is. */
export const TokenQuerySchema = z.object({
  grant_type: z.enum(['password', 'refresh_token'], { message: 'unsupported_grant_type' }),
});

/** Email confirmation and password recovery; no magic link or email change (spec §7). */
const emailOtpType = z.enum(['signup', 'email', 'recovery'], {
  message: 'Verify requires a verification type of signup or recovery',
});

export const RecoverRequestSchema = z.object({
  email: z.string({ message: 'An email address is required' }),
});

export const ResendRequestSchema = z.object({
  type: z.literal('signup', { message: 'Only type "signup" can be resent' }),
  email: z.string({ message: 'An email address is required' }),
});

export const VerifyRequestSchema = z.object({
  type: emailOtpType,
  /** auth-js may send it along; the token decides, but a given address must still be one. */
  email: z.string().optional(),
  token_hash: z.string({ message: 'Verify requires a token_hash' }).min(1, 'Verify requires a token_hash'),
});

/** The emailed link's query (GET /verify), checked by the route: its failures redirect. */
export const VerifyLinkQuerySchema = z.object({
  type: emailOtpType,
  token: z.string({ message: 'Verify requires a token' }).min(1, 'Verify requires a token'),
  redirect_to: z.string().optional(),
});

export const UpdateUserRequestSchema = z.object({
  data: metadata.nullish(),
  email: z.string().optional(),
  password: z.string().optional(),
  /** Proof for a password change (auth-js `updateUser({ password, current_password })`). */
  current_password: z.string().optional(),
});

/** POST /logout's query: which sessions end (all of the user's by default). */
export const LogoutQuerySchema = z.object({
  scope: z
    .enum(['global', 'local', 'others'], { message: 'scope must be global, local or others' })
    .default('global'),
});

/**
 * Where to go after an emailed link. Anything but one text reads as none (the site's root), as it
 * always has: a repeated parameter is not refused.
 */
export const RedirectToQuerySchema = z.object({ redirect_to: z.string().optional().catch(undefined) });
