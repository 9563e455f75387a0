export interface RateLimitDecision {
  allowed: boolean;
  /** Hits (or whole tokens) left after this one. */
  remaining: number;
  /** When the caller may try again (ms), 0 when allowed. */
  retryAfterMs: number;
}

export interface LimitedKey {
  key: string;
  limit: number;
}

/** A token bucket: holds at most `capacity` tokens (the burst) and gains `refillPerMs` tokens per ms. */
export interface TokenBucket {
  capacity: number;
  refillPerMs: number;
}

/**
 * Counts hits per key in a fixed window, or takes tokens from a bucket that refills continuously.
 * Shared across processes with Redis (distributed mode), in-process otherwise. Used for
 * sign-in/email limits, per-client request limits and marketplace credential budgets.
 */
export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  /** Counts one hit against `key` and says whether it is within `limit` per `windowMs`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>;
  /**
   * `hit` for several keys in order, as one step (one Redis round trip): stops at the first key
   * over its limit, so the keys after it are not counted (as separate hits would not be). One
   * decision per counted key.
   */
  hitEach(hits: readonly LimitedKey[], windowMs: number): Promise<RateLimitDecision[]>;
  /**
   * Takes `cost` tokens from the bucket `key` (created full). Refused when it holds fewer; a refusal
   * takes nothing and says how long until enough have refilled. With `keep`, the take is refused
   * unless `keep` tokens are still left after it: the last tokens are held back for callers that
   * pass no `keep` (a floor reserved for a privileged class of caller).
   */
  take(key: string, bucket: TokenBucket, cost?: number, keep?: number): Promise<RateLimitDecision>;
  /** Hits counted so far in the current window of `key` (0 when none), without counting one. */
  peek(key: string): Promise<number>;
  /** Forgets a key (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The bucket after `elapsedMs` more refill, and whether `cost` can be taken from it leaving at least
 * `keep` (pure; both adapters).
 */
export function refillAndTake(
  tokens: number,
  elapsedMs: number,
  bucket: TokenBucket,
  cost: number,
  keep = 0,
): { tokens: number; decision: RateLimitDecision } {
  const filled = Math.min(bucket.capacity, tokens + Math.max(0, elapsedMs) * bucket.refillPerMs);
  const needed = cost + Math.max(0, keep);
  if (filled >= needed) {
    const left = filled - cost;
    return { tokens: left, decision: { allowed: true, remaining: Math.floor(left), retryAfterMs: 0 } };
  }
  const retryAfterMs =
    bucket.refillPerMs > 0 && needed <= bucket.capacity
      ? Math.ceil((needed - filled) / bucket.refillPerMs)
      : Number.MAX_SAFE_INTEGER;
  return { tokens: filled, decision: { allowed: false, remaining: Math.floor(filled), retryAfterMs } };
}
