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
