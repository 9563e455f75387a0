import Redis from 'ioredis';
import type { EventEnvelope } from '@pt/contracts';
import {
  addToOutbox,
  createEnvelope,
  ensureOutboxTables,
  idempotent,
  OutboxRelay,
  RedisStreamsEventBus,
  relayOutboxAgain,
  type Database,
} from '@pt/platform';
import {
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  redisAvailability,
  type TestPostgres,
} from '@pt/testing';
import { uniqueName, waitFor } from './helpers';

const SCHEMA = 'reset_svc';
const GROUP = 'reader';
const both = postgresAvailability().available ? redisAvailability() : postgresAvailability();

/**
 * Redis can come back empty (restart without persistence). The bus and the outbox must
 * recover by themselves: consumers recreate their groups, relays republish their replay window,
 * and the bus's health check (/healthz, dependency_up) tells when a consumer cannot read. "Came back empty" is produced here by deleting
 * every key of the test's prefix, which is what such a restart does to this bus; the chaos tier
 * (test/chaos) restarts a real redis-server.
 */
describeAdapter('event-bus', 'redis-streams (reset recovery)', both, () => {
  let pg: TestPostgres;
  let db: Database;
  let redis: Redis;
  let prefix: string;
  let topic: string;
  const closers: (() => Promise<void>)[] = [];

  const newBus = (options: { stuckAfterMs?: number } = {}) => {
    const bus = new RedisStreamsEventBus({
      url: process.env.REDIS_URL ?? '',
      prefix,
      partitions: 2,
      leaseMs: 600,
      blockMs: 100,
      ...options,
    });
    closers.push(() => bus.close());
    return bus;
  };

  async function wipePrefix(): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  }

  async function produce(n: number, from = 0): Promise<void> {
    await db.transaction(async (tx) => {
      const envelopes: EventEnvelope[] = [];
      for (let i = from; i < from + n; i++) envelopes.push(createEnvelope(topic, `k${i % 5}`, { seq: i }));
      await addToOutbox(tx, SCHEMA, topic, envelopes);
    });
  }

  async function effects(): Promise<number[]> {
    const { rows } = await db.query<{ seq: number }>(`SELECT seq FROM ${SCHEMA}.effects ORDER BY seq`);
    return rows.map((r) => r.seq);
  }

  async function subscribeIdempotent(bus: RedisStreamsEventBus): Promise<void> {
    const effect = idempotent(db, SCHEMA, GROUP, async (envelope, tx) => {
      await tx.query(`INSERT INTO ${SCHEMA}.effects (seq) VALUES ($1)`, [
        (envelope.payload as { seq: number }).seq,
      ]);
    });
    await bus.subscribe(topic, GROUP, effect, { retryBackoffMs: 10 });
  }

  beforeAll(async () => {
    pg = await createTestPostgres();
    db = pg.db;
    await ensureOutboxTables(db, SCHEMA);
    await db.exec(`CREATE TABLE ${SCHEMA}.effects (seq int NOT NULL)`);
    redis = new Redis(process.env.REDIS_URL ?? '');
  });

  beforeEach(async () => {
    prefix = uniqueName('pt-reset');
    topic = uniqueName('reset');
    await db.exec(
      `DELETE FROM ${SCHEMA}.outbox; DELETE FROM ${SCHEMA}.effects; DELETE FROM ${SCHEMA}.processed_events;`,
    );
  });

  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
    await wipePrefix();
  });

  afterAll(async () => {
    await redis.quit();
    await pg.drop();
  });

  it('a consumer whose group vanished recreates it and keeps reading, without a restart', async () => {
    const bus = newBus();
    const seen: number[] = [];
    await bus.subscribe(topic, GROUP, async (e) => {
      seen.push((e.payload as { seq: number }).seq);
    });
    await bus.publish(topic, createEnvelope(topic, 'k', { seq: 1 }));
    await waitFor(() => seen.length === 1, 'first event');

    await wipePrefix();
    await bus.publish(topic, createEnvelope(topic, 'k', { seq: 2 }));
    await waitFor(() => seen.includes(2), 'event published after the reset');
    expect(seen).toEqual([1, 2]);
    await expect(bus.ping()).resolves.toBeUndefined();
  });

  it('relayed events a lagging consumer had not read are replayed after Redis comes back empty: 0 lost, 0 twice', async () => {
    const producerBus = newBus();
    const relay = new OutboxRelay(db, SCHEMA, producerBus, { intervalMs: 20, replayWindowMs: 60_000 });
    closers.push(() => relay.stop());
    // The consumer group exists but lags: nothing is read while events are relayed.
    await newBus()
      .subscribe(topic, GROUP, async () => undefined)
      .then((s) => s.close());
    await produce(40);
    relay.start();
    await waitFor(async () => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${SCHEMA}.outbox WHERE published_at IS NULL`,
      );
      return rows[0].n === 0;
    }, 'all 40 relayed into Redis');

    await wipePrefix(); // Redis restarted without its data: the 40 relayed events are gone from it.
    await produce(10, 40);
    await subscribeIdempotent(newBus());

    await waitFor(async () => (await effects()).length >= 50, 'every event handled', 20_000);
    expect(await effects()).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('does not replay while the bus keeps its data', async () => {
    const producerBus = newBus();
    const relay = new OutboxRelay(db, SCHEMA, producerBus, { replayWindowMs: 60_000 });
    await produce(5);
    await relay.drain();
    expect(await relay.replayIfBusReset()).toBe(0); // first look learns the epoch
    expect(await relay.replayIfBusReset()).toBe(0);
    await wipePrefix();
    expect(await relay.replayIfBusReset()).toBe(5);
    expect(await relay.replayIfBusReset()).toBe(0);
  });

  it('Redis came back empty while the producer was down: the restarted relay replays on its first look', async () => {
    const relay = new OutboxRelay(db, SCHEMA, newBus(), { replayWindowMs: 60_000 });
    await produce(4);
    await relay.drain();
    await wipePrefix(); // the producer is down (no relay runs) while Redis restarts empty
    const restarted = new OutboxRelay(db, SCHEMA, newBus(), { replayWindowMs: 60_000 });
    expect(await restarted.replayIfBusReset()).toBe(4);
    expect(await restarted.replayIfBusReset()).toBe(0);
    // A process restarted with the bus intact has nothing to replay.
    expect(await new OutboxRelay(db, SCHEMA, newBus()).replayIfBusReset()).toBe(0);
  });

  it('forgets the per-process groups of a prefix that have no live consumer, and only those', async () => {
    const gone = newBus();
    await (await gone.subscribe(topic, 'lru.gone', async () => undefined)).close();
    const live = newBus();
    await live.subscribe(topic, 'lru.live', async () => undefined);
    await live.subscribe(topic, 'other.idle', async () => undefined).then((s) => s.close());
    const self = newBus();
    await self.subscribe(topic, 'lru.self', async () => undefined).then((s) => s.close());

    expect(await self.forgetIdleGroups(topic, 'lru.', 'lru.self')).toEqual(['lru.gone']);
    const names = async () => {
      const info = (await redis.xinfo('GROUPS', self.streamKey(topic, 0))) as unknown[][];
      return info.map((fields) => fields[fields.indexOf('name') + 1]).sort();
    };
    expect(await names()).toEqual(['lru.live', 'lru.self', 'other.idle']);
    expect(await self.forgetIdleGroups(topic, 'lru.', 'lru.self')).toEqual([]);
  });

  it('a restore older than the replay window on an empty Redis: relayOutboxAgain (migrate --after-restore) loses nothing, handles nothing twice', async () => {
    const relay = new OutboxRelay(db, SCHEMA, newBus(), { replayWindowMs: 60_000 });
    const consumer = newBus();
    await subscribeIdempotent(consumer);
    await produce(3);
    await relay.drain();
    await waitFor(async () => (await effects()).length === 3, 'the first three handled');
    await consumer.close(); // the consumer stops reading: three more wait in Redis, unread
    await produce(3, 3);
    await relay.drain();
    // The backup was taken long ago (published before the window), Redis is restored empty.
    await db.exec(`UPDATE ${SCHEMA}.outbox SET published_at = now() - interval '2 minutes'`);
    await wipePrefix();

    expect(await relayOutboxAgain(db, SCHEMA)).toBe(6);
    const restarted = new OutboxRelay(db, SCHEMA, newBus(), { intervalMs: 20, replayWindowMs: 60_000 });
    closers.push(() => restarted.stop());
    await subscribeIdempotent(newBus());
    restarted.start();
    await waitFor(async () => (await effects()).length >= 6, 'every event handled', 20_000);
    expect(await effects()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('rows older than the replay window are not replayed', async () => {
    const relay = new OutboxRelay(db, SCHEMA, newBus(), { replayWindowMs: 60_000 });
    await produce(3);
    await relay.drain();
    await db.exec(`UPDATE ${SCHEMA}.outbox SET published_at = now() - interval '2 minutes'`);
    expect(await relay.replayWindow()).toBe(0);
  });

  it('the bus health check fails, with the reason, while a consumer cannot read for longer than the threshold', async () => {
    const bus = newBus({ stuckAfterMs: 150 });
    await bus.subscribe(topic, GROUP, async () => undefined);
    await expect(bus.ping()).resolves.toBeUndefined();
    // A key of the wrong type where the stream should be: reads and group creation keep failing.
    await wipePrefix();
    for (const p of [0, 1]) await redis.set(bus.streamKey(topic, p), 'not a stream');
    await waitFor(
      () =>
        bus.ping().then(
          () => false,
          (error: Error) => /has not read for/.test(error.message) && /WRONGTYPE/.test(error.message),
        ),
      'the health check failing with the reason',
    );
    for (const p of [0, 1]) await redis.del(bus.streamKey(topic, p));
    await waitFor(
      () =>
        bus.ping().then(
          () => true,
          () => false,
        ),
      'the health check passing once reads succeed',
    );
  });
});
