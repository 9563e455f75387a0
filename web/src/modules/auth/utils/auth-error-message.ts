import {
  AUTH_MESSAGES,
  isRateLimitMessage,
  isRetryableAuthStatus,
  mapRegistrationError,
  mapResendError,
  mapSignInError,
  type ResendFailure,
} from '@pt/domain';

/** What auth-js reports of a failed call: its message and the HTTP status (0: no answer). */
export interface AuthFailure {
  message: string;
  status?: number;
}

/** The dialog's flows, each with its §8 wording for the server's own errors. */
export type AuthFlow = 'sign-in' | 'register' | 'recover';

/**
 * No answer at all: auth-js then reports the browser's "Failed to fetch" with status 0. Not a
 * server message, so §8's "show the server message" does not apply; the person gets what to do.
 */
export const AUTH_NETWORK_MESSAGE = 'Could not reach the server. Please check your connection and try again.';
/** §8: 502, 503 and 504 are retryable — the service is briefly away. */
export const AUTH_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';
/** Any other 5xx, whose body auth-js does not read (its message would be "{}"). */
export const AUTH_SERVER_FAILURE_MESSAGE = 'Something went wrong on our side. Please try again later.';

/** " You can try again in N seconds." from a 429's Retry-After (nothing when it is unknown). */
export function retryHint(retryAfterS: number | undefined): string {
  if (retryAfterS === undefined) return '';
  const seconds = Math.max(1, Math.ceil(retryAfterS));
  return ` You can try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** Retry-After in seconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined if neither. */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The message the dialog shows for a failed call: transport failures (no answer, 5xx, 429) get
 * words a person can act on, never "Failed to fetch" or "Too many requests"; the server's own
 * errors keep §8's mapping of their flow. A 429 says when to retry when the server said so.
 */
export function authFailureMessage(flow: AuthFlow, failure: AuthFailure, retryAfterS?: number): string {
  const { status, message } = failure;
  if (!status) return AUTH_NETWORK_MESSAGE;
  if (isRetryableAuthStatus(status)) return AUTH_UNAVAILABLE_MESSAGE;
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
