export interface RateLimitDecision {
  allowed: boolean;
  /** Hits left in the current window after this one. */
  remaining: number;
  /** When the caller may try again (ms), 0 when allowed. */
  retryAfterMs: number;
}

/**
 * Counts hits per key in a fixed window. Shared across processes with Redis (distributed mode),
 * in-process otherwise. Used for sign-in/email limits and marketplace credential quotas.
 */
export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  /** Counts one hit against `key` and says whether it is within `limit` per `windowMs`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>;
  /** Forgets a key (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
