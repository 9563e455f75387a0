export interface RetryPolicy {
  /** Attempts in all, the first included (1 = no retry). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A timed-out attempt is retried only when set: a slow upstream would otherwise multiply the caller's wait. */
  retryOnTimeout: boolean;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 200,
  maxDelayMs: 2_000,
  retryOnTimeout: false,
};

/**
 * Exponential back-off with "equal jitter": after the n-th failed attempt wait between half and all
 * of min(maxDelay, base · 2^(n-1)), so callers that failed together do not retry together.
 */
export function backoffDelayMs(
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>,
  failedAttempt: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failedAttempt - 1));
  const half = exponential / 2;
  return Math.round(half + half * Math.min(1, Math.max(0, random())));
}

// Retry-After parsing is shared with the web app's error messages, so it lives in libs/domain.
export { parseRetryAfterMs } from '@pt/domain';

/** Statuses worth another attempt: the server failed, not the request. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 && status <= 599;
}
