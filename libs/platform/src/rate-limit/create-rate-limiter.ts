import { MemoryRateLimiter } from './memory-rate-limiter';
import type { RateLimiter } from './rate-limiter.port';
import { RedisRateLimiter, type RedisRateLimiterOptions } from './redis-rate-limiter';

/** Redis when REDIS_URL is set, so every process shares the counts; in-process otherwise. */
export function createRateLimiter(
  env: { REDIS_URL?: string },
  prefix = 'ratelimit',
  options: RedisRateLimiterOptions = {},
): RateLimiter {
  return env.REDIS_URL ? new RedisRateLimiter(env.REDIS_URL, prefix, options) : new MemoryRateLimiter();
}
