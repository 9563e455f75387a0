import {
  refillAndTake,
  type LimitedKey,
  type RateLimitDecision,
  type RateLimiter,
  type TokenBucket,
} from './rate-limiter.port';

export class MemoryRateLimiter implements RateLimiter {
  readonly kind = 'memory' as const;
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly buckets = new Map<string, { tokens: number; at: number; idleAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
      this.sweep(now);
    }
    window.count++;
    const allowed = window.count <= limit;
    return {
      allowed,
      remaining: Math.max(0, limit - window.count),
      retryAfterMs: allowed ? 0 : window.resetAt - now,
    };
  }

  async hitEach(hits: readonly LimitedKey[], windowMs: number): Promise<RateLimitDecision[]> {
    const decisions: RateLimitDecision[] = [];
    for (const { key, limit } of hits) {
      const decision = await this.hit(key, limit, windowMs);
      decisions.push(decision);
      if (!decision.allowed) break;
    }
    return decisions;
  }

  async take(key: string, bucket: TokenBucket, cost = 1, keep = 0): Promise<RateLimitDecision> {
    const now = this.now();
    const state = this.buckets.get(key) ?? { tokens: bucket.capacity, at: now, idleAt: now };
    const { tokens, decision } = refillAndTake(state.tokens, now - state.at, bucket, cost, keep);
    // A bucket is full again (and can be forgotten) once it has been idle for capacity / refill.
    const fullInMs = bucket.refillPerMs > 0 ? (bucket.capacity - tokens) / bucket.refillPerMs : Infinity;
    this.buckets.set(key, { tokens, at: now, idleAt: now + fullInMs });
    this.sweepBuckets(now);
    return decision;
  }

  async peek(key: string): Promise<number> {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window.count : 0;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
    this.buckets.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
    this.buckets.clear();
  }

  private sweepBuckets(now: number): void {
    if (this.buckets.size < 10_000) return;
    for (const [key, state] of this.buckets) if (state.idleAt <= now) this.buckets.delete(key);
  }

  // Expired windows are dropped as new ones open, so memory stays bounded by active keys.
  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
