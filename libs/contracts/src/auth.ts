import { z } from 'zod';
import {
  FORM_MESSAGES,
  isValidEmail,
  NAME_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  SOCIAL_PROVIDERS,
  type SocialProvider,
  validatePasswordPair,
} from '@pt/domain';
import { IsoDateTimeSchema } from './common';

/**
 * The domain's email rule (`isValidEmail`: zod's pattern, at most 254 characters), so the forms,
 * these payloads, the events and the auth API accept exactly the same addresses.
 */
export const EmailSchema = z.string().trim().refine(isValidEmail, FORM_MESSAGES.invalidEmail);
const password = z.string().min(PASSWORD_MIN_LENGTH, FORM_MESSAGES.passwordTooShort);

/** §3 user (GoTrue-shaped, ARCHITECTURE §6). email_confirmed_at null means unconfirmed. */
export const UserSchema = z.object({
  id: z.string().min(1),
  email: EmailSchema,
  email_confirmed_at: IsoDateTimeSchema.nullable(),
  user_metadata: z.object({ name: z.string().optional() }).catchall(z.unknown()).default({}),
  /** ARCHITECTURE §6: admin role, granted from ADMIN_EMAILS. */
  role: z.enum(['user', 'admin']).default('user'),
  created_at: IsoDateTimeSchema.optional(),
  updated_at: IsoDateTimeSchema.optional(),
});
export type User = z.infer<typeof UserSchema>;

/** §3 session: access token, refresh token, expiry (GoTrue token response). */
export const SessionSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  token_type: z.literal('bearer').default('bearer'),
  /** Seconds until expiry. */
  expires_in: z.number().int().positive(),
  /** Epoch seconds. */
  expires_at: z.number().int().positive(),
  user: UserSchema.optional(),
});
export type Session = z.infer<typeof SessionSchema>;

/** §3, §5 login payload with the §5 messages. */
export const LoginPayloadSchema = z.object({ email: EmailSchema, password });
export type LoginPayload = z.infer<typeof LoginPayloadSchema>;

/** §3 registration payload: confirmPassword is never sent. */
export const RegistrationPayloadSchema = z.object({
  email: EmailSchema,
  password,
  name: z.string().trim().min(NAME_MIN_LENGTH, FORM_MESSAGES.nameTooShort),
});
export type RegistrationPayload = z.infer<typeof RegistrationPayloadSchema>;

/**
 * §5 registration form. Confirm Password follows the domain's password-pair rule
 * (`validatePasswordPair`), one message at a time: "Passwords don't match" whenever it differs
 * from the password, an empty one included, and the length message only when both are the same.
 */
export const RegistrationFormSchema = RegistrationPayloadSchema.extend({
  confirmPassword: z.string(),
}).superRefine((form, ctx) => {
  const message = validatePasswordPair(form.password, form.confirmPassword).confirmPassword;
  if (message) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message });
});
export type RegistrationForm = z.infer<typeof RegistrationFormSchema>;

/** §7 /resend body. */
export const ResendPayloadSchema = z.object({
  type: z.literal('signup'),
  email: EmailSchema,
  redirect: z.string().optional(),
});
export type ResendPayload = z.infer<typeof ResendPayloadSchema>;

export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);

/**
 * GET /auth/v1/settings, GoTrue's shape: `external` says which sign-in methods are enabled (a
 * social provider only when it has credentials), so the web shows only buttons that work.
 */
export const AuthSettingsSchema = z.object({
  external: z
    .object({ email: z.boolean() })
    .extend(
      Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, z.boolean()])) as Record<
        SocialProvider,
        z.ZodBoolean
      >,
    )
    .catchall(z.boolean()),
  disable_signup: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  phone_autoconfirm: z.boolean(),
  sms_provider: z.string(),
  saml_enabled: z.boolean(),
});
export type AuthSettings = z.infer<typeof AuthSettingsSchema>;

/** One public key of GET /auth/v1/.well-known/jwks.json: ES256 on P-256, for verifying signatures. */
export const SigningJwkSchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().min(1),
  y: z.string().min(1),
  kid: z.string().min(1),
  alg: z.literal('ES256'),
  use: z.literal('sig'),
});
export const JwksSchema = z.object({ keys: z.array(SigningJwkSchema) });

/** What /resend and /recover answer whether or not the address has an account (no enumeration). */
export const EmptyAuthAnswerSchema = z.strictObject({}).describe('Always {}');

/** §7 PUT /user body. */
export const UpdateUserPayloadSchema = z.object({
  email: EmailSchema.optional(),
  password: password.optional(),
  data: z
    .object({ name: z.string().trim().min(NAME_MIN_LENGTH, FORM_MESSAGES.nameTooShort).optional() })
    .catchall(z.unknown())
    .optional(),
});
export type UpdateUserPayload = z.infer<typeof UpdateUserPayloadSchema>;
