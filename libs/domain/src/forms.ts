import { Result, err, ok } from './result';

/** §9 form limits. */
export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;

/** §5: exact messages. */
export const FORM_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 6 characters',
  nameTooShort: 'Name must be at least 2 characters',
  passwordsDontMatch: "Passwords don't match",
  resendEmptyEmail: 'Please enter your email address first',
  resendInvalidEmail: 'Please enter a valid email address first',
  noEmailProvided: 'No email provided',
  noUserLoggedIn: 'No user logged in',
} as const;

/** RFC 5321's limit on an address (a path of 256 octets minus the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The one email rule of the product: the web forms, the contracts (`z.string().email()` in events
 * and payloads) and the auth service all accept exactly these addresses. It is zod's email pattern
 * (ASCII local part without leading, trailing or doubled dots; ASCII domain with a 2+ letter TLD),
 * so an address the auth API accepts is one every event schema accepts too. Internationalised
 * (Unicode) addresses are refused rather than half-supported; control characters (NUL…) and
 * spaces can never match.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The email rule above, on the trimmed value, at most {@link EMAIL_MAX_LENGTH} characters. */
export function isValidEmail(email: string | null | undefined): boolean {
  if (typeof email !== 'string') return false;
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed);
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface SignInForm {
  email: string;
  password: string;
}

/** §5 sign-in form. An empty object means valid. */
export function validateSignIn(form: SignInForm): FieldErrors<keyof SignInForm> {
  const errors: FieldErrors<keyof SignInForm> = {};
  if (!isValidEmail(form.email)) errors.email = FORM_MESSAGES.invalidEmail;
  if (form.password.length < PASSWORD_MIN_LENGTH) errors.password = FORM_MESSAGES.passwordTooShort;
  return errors;
}

export interface RegistrationForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** §5 registration form. The name is measured trimmed ("  a " is not a name). */
export function validateRegistration(form: RegistrationForm): FieldErrors<keyof RegistrationForm> {
  const errors: FieldErrors<keyof RegistrationForm> = {};
  if (form.name.trim().length < NAME_MIN_LENGTH) errors.name = FORM_MESSAGES.nameTooShort;
  if (!isValidEmail(form.email)) errors.email = FORM_MESSAGES.invalidEmail;
  return { ...errors, ...validatePasswordPair(form.password, form.confirmPassword) };
}

/**
 * §5, §9: a new password and its confirmation (registration, and choosing a new password after
 * recovery). The confirmation shows one message: "Passwords don't match" whenever it differs (an
 * empty or short confirmation of a good password included — retyping it is the fix), else the
 * length rule, which then holds for both alike.
 */
export function validatePasswordPair(
  password: string,
  confirmPassword: string,
): FieldErrors<'password' | 'confirmPassword'> {
  const errors: FieldErrors<'password' | 'confirmPassword'> = {};
  if (password.length < PASSWORD_MIN_LENGTH) errors.password = FORM_MESSAGES.passwordTooShort;
  if (password !== confirmPassword) errors.confirmPassword = FORM_MESSAGES.passwordsDontMatch;
  else if (confirmPassword.length < PASSWORD_MIN_LENGTH)
    errors.confirmPassword = FORM_MESSAGES.passwordTooShort;
  return errors;
}

export const hasErrors = (errors: Record<string, string | undefined>): boolean =>
  Object.values(errors).some(Boolean);

/** §3: confirmPassword is never sent; the email is trimmed and the name too. */
export function toRegistrationPayload(form: RegistrationForm): {
  email: string;
  password: string;
  name: string;
} {
  return { email: form.email.trim(), password: form.password, name: form.name.trim() };
}

export interface ResendLinkError {
  fieldError?: string;
  toast: string;
}

/** §5 resend link on the login form: empty → field error + toast; invalid → toast only. */
export function validateResendLink(email: string | null | undefined): Result<string, ResendLinkError> {
  const trimmed = (email ?? '').trim();
  if (!trimmed)
    return err({ fieldError: FORM_MESSAGES.resendEmptyEmail, toast: FORM_MESSAGES.resendEmptyEmail });
  if (!isValidEmail(trimmed)) return err({ toast: FORM_MESSAGES.resendInvalidEmail });
  return ok(trimmed);
}

/** §5: resending needs an email, given or the current user's. */
export function resolveResendEmail(
  given: string | null | undefined,
  currentUserEmail: string | null | undefined,
): Result<string> {
  const email = given?.trim() || currentUserEmail?.trim();
  return email ? ok(email) : err(FORM_MESSAGES.noEmailProvided);
}

/** §5: a profile update needs a signed-in user. */
export function requireSignedInUser<U>(user: U | null | undefined): Result<U> {
  return user ? ok(user) : err(FORM_MESSAGES.noUserLoggedIn);
}
