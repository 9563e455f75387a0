import { AUTH_MESSAGES, isRetryableAuthStatus } from '@pt/domain';
import { ApiError, GENERIC_ERROR_CODE } from './api';

/**
 * The words for a failed API call, in one place so every screen says the same thing: §8's text
 * where it has one, when to retry when the server said (Retry-After), and never a browser's raw
 * "Failed to fetch" or a bare status.
 */
export const API_ERROR_MESSAGES = {
  /** §8's rate-limit text (the gateway's and every service's 429 carries the same). */
  tooManyRequests: AUTH_MESSAGES.resendRateLimitedError,
  /**
   * The spec has no words for an unreachable service (a network failure, a 502/503/504, which §8
   * calls retryable); this says what happened and what to do.
   */
  unavailable: 'The service is unavailable right now.',
  retryLater: 'Please try again in a moment.',
  /** Anything else the server could not do, when the screen has no §8 message of its own. */
  failed: 'Something went wrong on our side. Please try again.',
} as const;

/** 'Try again in 30 seconds.' / 'Try again in 2 minutes.' from a Retry-After in seconds. */
export function whenToRetry(retryAfterS: number): string {
  if (retryAfterS < 60) {
    const s = Math.max(1, Math.ceil(retryAfterS));
    return `Try again in ${s} ${s === 1 ? 'second' : 'seconds'}.`;
  }
  const m = Math.ceil(retryAfterS / 60);
  return `Try again in ${m} ${m === 1 ? 'minute' : 'minutes'}.`;
}

/** fetch() rejects with a TypeError when no answer came back at all (offline, DNS, reset). */
const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

/**
 * True when the call may succeed later unchanged: no answer, a 429, or a retryable 5xx. Screens
 * use it to keep their §8 message and add this helper's advice.
 */
export function isTemporaryApiFailure(error: unknown): boolean {
  return (
    isNetworkFailure(error) ||
    (error instanceof ApiError && (error.status === 429 || isRetryableAuthStatus(error.status)))
  );
}

/**
 * What to tell a person about a failed call:
 * - 429: §8's "Too many requests…" and when to retry;
 * - no answer or 502/503/504: the service is unavailable, and when to retry (the maintenance 503
 *   keeps the server's words: the settings reload then shows the maintenance screen);
 * - another 4xx in our error shape: the server's message (ours are written for people);
 * - anything else: `fallback` (the screen's §8 message), else a generic one.
 */
export function apiErrorMessage(error: unknown, fallback: string = API_ERROR_MESSAGES.failed): string {
  const retry = (wait: number | undefined) =>
    wait === undefined ? API_ERROR_MESSAGES.retryLater : whenToRetry(wait);
  if (isNetworkFailure(error)) return `${API_ERROR_MESSAGES.unavailable} ${retry(undefined)}`;
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 429) return `${API_ERROR_MESSAGES.tooManyRequests} ${retry(error.retryAfterS)}`;
  if (error.code === 'maintenance') return error.message;
  if (isRetryableAuthStatus(error.status))
    return `${API_ERROR_MESSAGES.unavailable} ${retry(error.retryAfterS)}`;
  if (error.status < 500 && error.code !== GENERIC_ERROR_CODE && error.message) return error.message;
  return fallback;
}

/**
 * A screen's own §8 failure message ('Failed to load wishlist data'), with the advice above added
 * when the failure is temporary, so the shopper learns both what failed and when to try again.
 */
export function failureWithAdvice(message: string, error: unknown): string {
  return isTemporaryApiFailure(error) ? `${message}. ${apiErrorMessage(error)}` : message;
}
