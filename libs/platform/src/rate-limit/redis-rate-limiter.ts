import Redis from 'ioredis';
import { MemoryRateLimiter } from './memory-rate-limiter';
import type { RateLimitDecision, RateLimiter } from './rate-limiter.port';

// INCR and the expiry in one round trip, atomically: the first hit of a window sets its TTL.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

export interface RedisRateLimiterOptions {
  /** Told once when Redis stops answering and once when it answers again. */
  onOutage?: (down: boolean, error?: unknown) => void;
}

/**
 * Counts shared by every process through Redis. While Redis is down it never lets every call
 * through: each process falls back to the same limits counted in its own memory (a conservative
 * limit per process), and returns to the shared counts as soon as Redis answers.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly fallback = new MemoryRateLimiter();
  private down = false;

  constructor(
    url: string,
    private readonly prefix = 'ratelimit',
    private readonly options: RedisRateLimiterOptions = {},
  ) {
    // Few retries and no offline queue: a hit must decide now, not wait for Redis to return.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    // Connection errors surface on the commands (and the fallback takes over); one listener keeps
    // ioredis from printing "Unhandled error event" on every reconnect attempt.
    this.redis.on('error', () => undefined);
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    try {
      const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}:${key}`, windowMs)) as [
        number,
        number,
      ];
      this.noteRedis(false);
      const allowed = count <= limit;
      return { allowed, remaining: Math.max(0, limit - count), retryAfterMs: allowed ? 0 : Math.max(ttl, 0) };
    } catch (error) {
      this.noteRedis(true, error);
      return this.fallback.hit(key, limit, windowMs);
    }
  }

  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    await this.redis.del(`${this.prefix}:${key}`).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.fallback.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private noteRedis(down: boolean, error?: unknown): void {
    if (down === this.down) return;
    this.down = down;
    this.options.onOutage?.(down, error);
  }
}
