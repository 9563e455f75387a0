import {
  AUTH_MESSAGES,
  isRateLimitMessage,
  isRetryableAuthStatus,
  mapRegistrationError,
  mapResendError,
  mapSignInError,
  type ResendFailure,
} from '@pt/domain';
import { API_ERROR_MESSAGES, whenToRetry } from '../../../lib/api-error-message';

/** What auth-js reports of a failed call: its message and the HTTP status (0: no answer). */
export interface AuthFailure {
  message: string;
  status?: number;
  /** The server's error code (auth-js `AuthApiError.code`), when it sent one. */
  code?: string;
}

/** The dialog's flows, each with its §8 wording for the server's own errors. */
export type AuthFlow = 'sign-in' | 'register' | 'recover';

/**
 * No answer at all (auth-js then reports the browser's "Failed to fetch" with status 0) or a §8
 * retryable 502–504: the words every screen uses for an unreachable service. Not a server message,
 * so §8's "show the server message" does not apply; the person gets what to do.
 */
export const AUTH_UNAVAILABLE_MESSAGE = `${API_ERROR_MESSAGES.unavailable} ${API_ERROR_MESSAGES.retryLater}`;
/** Any other 5xx, whose body auth-js does not read (its message would be "{}"). */
export const AUTH_SERVER_FAILURE_MESSAGE = API_ERROR_MESSAGES.failed;

/** " Try again in N seconds." from a 429's Retry-After (nothing when it is unknown). */
const retryHint = (retryAfterS: number | undefined): string =>
  retryAfterS === undefined ? '' : ` ${whenToRetry(retryAfterS)}`;

/**
 * The message the dialog shows for a failed call: transport failures (no answer, 5xx, 429) get
 * words a person can act on, never "Failed to fetch" or "Too many requests"; the server's own
 * errors keep §8's mapping of their flow. A 429 says when to retry when the server said so.
 */
export function authFailureMessage(flow: AuthFlow, failure: AuthFailure, retryAfterS?: number): string {
  const { status, message } = failure;
  if (!status || isRetryableAuthStatus(status)) return AUTH_UNAVAILABLE_MESSAGE;
  if (status >= 500) return AUTH_SERVER_FAILURE_MESSAGE;
  if (status === 429 || isRateLimitMessage(message)) {
    const base =
      flow === 'register' ? AUTH_MESSAGES.registrationRateLimited : AUTH_MESSAGES.resendRateLimitedError;
    return base + retryHint(retryAfterS);
  }
  if (flow === 'sign-in') return mapSignInError(message);
  if (flow === 'register') return mapRegistrationError(message);
  return message;
}

/**
 * §8 resend failures (`mapResendError`), where a 429 counts as rate limited whatever its wording
 * (the gateway's says "Too many requests") and the form's error says when to retry.
 */
export function resendFailureOf(
  failure: AuthFailure,
  where: 'context' | 'dialog',
  retryAfterS?: number,
): ResendFailure {
  if (failure.status === 429 || isRateLimitMessage(failure.message))
    return {
      toast: AUTH_MESSAGES.resendRateLimitedToast,
      error: AUTH_MESSAGES.resendRateLimitedError + retryHint(retryAfterS),
    };
  return mapResendError(failure.message, where);
}

/** Where a failed password change is shown: under the current password, or for the whole form. */
export interface PasswordChangeFailure {
  currentPassword?: string;
  form?: string;
}

/** Minutes a sign-in counts as recent for a password change (the auth service's RECENT_SIGN_IN_MS). */
const RECENT_SIGN_IN_MINUTES = 5;

export const PASSWORD_CHANGE_MESSAGES = {
  currentPasswordNeeded: `Enter your current password to change it. No password yet (you sign in with Google, Facebook or X)? Sign out, sign in again and change it within ${RECENT_SIGN_IN_MINUTES} minutes.`,
  currentPasswordWrong: 'Your current password is incorrect.',
  recoveryExpired:
    'This reset link has expired for choosing a password. Request a new one with "Forgot password?" in the sign-in dialog.',
} as const;

/**
 * A refused `updateUser({ password })`: the server wants proof beyond the
 * session (`reauthentication_needed`) or the current password given was wrong
 * (`reauthentication_not_valid`). `asksCurrentPassword` says whether this form has that field
 * (the account page) or not (the recovery link's form, whose session has run out). Anything else
 * gets the sign-in dialog's handling of transport failures and 429s.
 */
export function passwordChangeFailure(
  failure: AuthFailure,
  asksCurrentPassword: boolean,
  retryAfterS?: number,
): PasswordChangeFailure {
  if (failure.code === 'reauthentication_not_valid')
    return { currentPassword: PASSWORD_CHANGE_MESSAGES.currentPasswordWrong };
  if (failure.code === 'reauthentication_needed')
    return asksCurrentPassword
      ? { currentPassword: PASSWORD_CHANGE_MESSAGES.currentPasswordNeeded }
      : { form: PASSWORD_CHANGE_MESSAGES.recoveryExpired };
  return { form: authFailureMessage('recover', failure, retryAfterS) };
}
