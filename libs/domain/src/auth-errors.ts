/** §8 authentication messages, exact. */
export const AUTH_MESSAGES = {
  emailNotConfirmed: 'Please check your email and click the confirmation link before signing in',
  resendRateLimitedToast: 'Please wait before requesting another confirmation email',
  resendRateLimitedError: 'Too many requests. Please wait before trying again.',
  resendFailedToast: 'Failed to send confirmation email',
  resendFailedDialog: 'Failed to send confirmation email. Please try again.',
  registrationRateLimited: 'Too many registration attempts. Please wait a moment before trying again.',
  registrationAlreadyExists: 'An account with this email already exists. Please try signing in instead.',
} as const;

/** §8 success messages, exact. */
export const AUTH_SUCCESS_MESSAGES = {
  signedIn: 'Signed in successfully!',
  signedOut: 'Signed out successfully!',
  profileUpdated: 'Profile updated successfully!',
  confirmationSent: 'Confirmation email sent! Please check your inbox.',
  confirmationSentDialog: 'Confirmation email sent! Please check your inbox and spam folder.',
} as const;

const lower = (message: string | null | undefined): string => (message ?? '').toLowerCase();

/** §8: "rate limit" or the server's "52 seconds" cool-down text. */
export function isRateLimitMessage(message: string | null | undefined): boolean {
  const m = lower(message);
  return m.includes('rate limit') || m.includes('52 seconds');
}

/** Matches the auth server's "Email not confirmed" (and the same words in other wordings). */
export function isEmailNotConfirmedMessage(message: string | null | undefined): boolean {
  const m = lower(message);
  return m.includes('email not confirmed') || m.includes('not confirmed');
}

/** §8: sign-in shows the server message, except an unconfirmed email which gets the explanation. */
export function mapSignInError(message: string | null | undefined): string {
  return isEmailNotConfirmedMessage(message) ? AUTH_MESSAGES.emailNotConfirmed : (message ?? '');
}

/** §8 registration errors: rate limit, already registered/exists, else the message as it is. */
export function mapRegistrationError(message: string | null | undefined): string {
  const m = lower(message);
  if (isRateLimitMessage(m)) return AUTH_MESSAGES.registrationRateLimited;
  if (m.includes('already registered') || m.includes('already exists'))
    return AUTH_MESSAGES.registrationAlreadyExists;
  return message ?? '';
}

export interface ResendFailure {
  toast: string;
  /** The error the auth layer stores (shown in the form); undefined when the spec gives none. */
  error?: string;
}

/** §8 resend failures; `where` picks the dialog's wording for non-rate-limit failures. */
export function mapResendError(
  message: string | null | undefined,
  where: 'context' | 'dialog' = 'context',
): ResendFailure {
  if (isRateLimitMessage(message))
    return { toast: AUTH_MESSAGES.resendRateLimitedToast, error: AUTH_MESSAGES.resendRateLimitedError };
  return { toast: where === 'dialog' ? AUTH_MESSAGES.resendFailedDialog : AUTH_MESSAGES.resendFailedToast };
}

/** §8: library-level auth errors are retryable on 502, 503 and 504. */
export const RETRYABLE_AUTH_STATUSES: readonly number[] = [502, 503, 504];
export function isRetryableAuthStatus(status: number | null | undefined): boolean {
  return typeof status === 'number' && RETRYABLE_AUTH_STATUSES.includes(status);
}

/** §8 library-level error kinds. */
export type AuthErrorKind = 'session_missing' | 'invalid_credentials' | 'weak_password';

/** §4: an unconfirmed user (email_confirmed_at unset) cannot sign in. */
export function canSignIn(user: { email_confirmed_at?: string | null }): boolean {
  return typeof user.email_confirmed_at === 'string' && user.email_confirmed_at.length > 0;
}
