import { Redis } from 'ioredis';

export interface RedisConnectionOptions {
  /**
   * 'worker' connections block on Redis and must never fail a command for being slow to reconnect,
   * so BullMQ requires `maxRetriesPerRequest: null` there. 'producer' connections keep ioredis'
   * default so an enqueue fails fast instead of hanging while Redis is down.
   */
  role: 'producer' | 'worker';
}

/** One ioredis connection from a REDIS_URL (redis:// or rediss://, with user, password and db). */
export function createRedisConnection(url: string, { role }: RedisConnectionOptions): Redis {
  const connection = new Redis(url, {
    maxRetriesPerRequest: role === 'worker' ? null : 20,
    // BullMQ checks the server version on connect; ready-check before commands keeps that ordered.
    enableReadyCheck: true,
  });
  // ioredis emits 'error' on every failed reconnect; unhandled it would crash the process, while
  // the commands themselves already report the failure to their callers.
  connection.on('error', () => undefined);
  return connection;
}
