import Redis from 'ioredis';
import type { RateLimitDecision, RateLimiter } from './rate-limiter.port';

// INCR and the expiry in one round trip, atomically: the first hit of a window sets its TTL.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

export class RedisRateLimiter implements RateLimiter {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'ratelimit',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}:${key}`, windowMs)) as [
      number,
      number,
    ];
    const allowed = count <= limit;
    return { allowed, remaining: Math.max(0, limit - count), retryAfterMs: allowed ? 0 : Math.max(ttl, 0) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}:${key}`);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
