import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { Redis } from 'ioredis';
import { RedisRateLimiter } from '@pt/platform';
import { postgresAvailability, redisAvailability } from '@pt/testing';

/** Both Postgres and Redis are there, or the first that is not (the suite is skipped with its reason). */
export const postgresAndRedis = () =>
  [postgresAvailability(), redisAvailability()].find((a) => !a.available) ?? { available: true as const };

/**
 * A rate limiter on real Redis, as the processes of the distributed mode share their budgets,
 * under a key prefix of its own; `dispose` closes it and removes every key under the prefix.
 */
export function redisBudgets(name: string) {
  const prefix = `pt-${name}-${randomBytes(4).toString('hex')}`;
  const limiter = new RedisRateLimiter(process.env.REDIS_URL ?? '', `${prefix}:rl`);
  return {
    prefix,
    limiter,
    async dispose(): Promise<void> {
      await limiter.close();
      const redis = new Redis(process.env.REDIS_URL!);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  };
}

/** Serves an app on a free loopback port, for clients that speak real HTTP to it. */
export async function serveOnLoopback(app: Express): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
