import { createRedisConnection } from '@pt/platform';

/** The logical databases a Redis server has by default; database 0 is left to everything else. */
const DATABASES = 16;
/** Where the hand-out counter lives, in database 0. */
const COUNTER = 'pt:test:next-private-database';

/**
 * `url` moved to a logical database of its own, emptied. A distributed host's processes put their
 * BullMQ queues and schedulers, event streams and rate limits in Redis under fixed names, so two
 * hosts on one database take each other's jobs: one host's due-finder runs against the other's
 * Postgres and its listings are never polled. Databases are handed out in turn, so up to 15 hosts
 * running at once (two jest workers start a few) never share one. A URL that already names a
 * database is the caller's choice and is returned as it is.
 */
export async function privateRedisDatabase(url: string): Promise<string> {
  const parsed = new URL(url);
  if (parsed.pathname.length > 1) return url;
  const admin = createRedisConnection(url, { role: 'producer' });
  try {
    const database = 1 + ((await admin.incr(COUNTER)) % (DATABASES - 1));
    await admin.select(database);
    await admin.flushdb();
    parsed.pathname = `/${database}`;
    return parsed.toString();
  } finally {
    admin.disconnect();
  }
}
