import Redis from 'ioredis';
import { createEnvelope, RedisStreamsEventBus, type CrashableSubscription } from '@pt/platform';
import { describeAdapter, eventually, redisAvailability } from '@pt/testing';
import { uniqueName } from './helpers';

/**
 * What the Redis Streams bus keeps. Streams capped by entry count alone grew
 * Redis memory without bound in time (8.4 → 38.8 MB in 23 minutes), and the consumer groups of
 * dead processes stayed (19 → 28) with a lag that grew for ever.
 */
describeAdapter('event-bus', 'redis-streams (retention)', redisAvailability(), () => {
  let redis: Redis;
  let prefix: string;
  let topic: string;
  const closers: (() => Promise<void>)[] = [];

  const newBus = (options: { maxAgeMs?: number; groupIdleMs?: number } = {}) => {
    const bus = new RedisStreamsEventBus({
      url: process.env.REDIS_URL ?? '',
      prefix,
      partitions: 1,
      leaseMs: 300,
      blockMs: 50,
      ...options,
    });
    closers.push(() => bus.close());
    return bus;
  };

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL ?? '');
  });

  beforeEach(() => {
    prefix = uniqueName('pt:retention');
    topic = uniqueName('topic');
  });

  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  });

  afterAll(async () => {
    await redis.quit();
  });

  it('trims entries older than maxAgeMs even when the count cap is far away', async () => {
    const bus = newBus({ maxAgeMs: 100 });
    const stream = bus.streamKey(topic, 0);
    const batch = () => Array.from({ length: 250 }, (_, i) => createEnvelope('t', 'one-key', { i }));
    await bus.publish(topic, batch());
    const before = await redis.xlen(stream);
    // Once the first batch is older than maxAgeMs, the next publish trims it away.
    await eventually(
      async () => {
        await bus.publish(topic, createEnvelope('t', 'one-key', { late: true }));
        return (await redis.xlen(stream)) < 250;
      },
      { timeoutMs: 5_000, everyMs: 50, what: 'the old entries to be trimmed' },
    ).catch(() => undefined);
    const after = await redis.xlen(stream);
    console.log(`stream length: ${before} after the first batch, ${after} once it was older than 100 ms`);
    expect(before).toBe(250);
    expect(after).toBeLessThan(250);
  });

  it('keeps everything younger than maxAgeMs', async () => {
    const bus = newBus({ maxAgeMs: 60_000 });
    for (let i = 0; i < 3; i++)
      await bus.publish(
        topic,
        Array.from({ length: 100 }, (_, j) => createEnvelope('t', 'one-key', { i, j })),
      );
    expect(await redis.xlen(bus.streamKey(topic, 0))).toBe(300);
  });

  it('removes the per-process group of a dead process after groupIdleMs, and no live or shared group', async () => {
    const groupIdleMs = 1_000;
    const survivor = newBus({ groupIdleMs });
    const dying = newBus({ groupIdleMs });
    const stream = survivor.streamKey(topic, 0);
    const handler = async () => undefined;
    await survivor.subscribe(topic, 'gateway.settings.live', handler, { perProcess: true });
    await survivor.subscribe(topic, 'shared', handler);
    const dead = (await dying.subscribe(topic, 'gateway.settings.dead', handler, {
      perProcess: true,
    })) as CrashableSubscription;
    await dying.subscribe(topic, 'shared', handler);
    const groups = async () =>
      ((await redis.xinfo('GROUPS', stream)) as unknown[][])
        .map((g) => String(g[g.indexOf('name') + 1]))
        .sort();
    expect(await groups()).toEqual(['gateway.settings.dead', 'gateway.settings.live', 'shared']);

    // kill -9 of the second process: its group stays in Redis and falls behind.
    await dead.crash();
    await survivor.publish(topic, createEnvelope('t', 'k', {}));
    expect(await survivor.forgetDeadProcessGroups()).toEqual([]); // not yet: it may be back in a moment
    expect(await groups()).toHaveLength(3);

    let forgotten: Array<{ topic: string; group: string }> = [];
    await eventually(
      async () => {
        forgotten = forgotten.concat(await survivor.forgetDeadProcessGroups());
        return forgotten.length > 0;
      },
      { timeoutMs: 10_000, everyMs: 100, what: 'the dead group to be removed' },
    ).catch(() => undefined);
    const left = await groups();
    console.log(`groups left after the dead process's idle period: ${left.join(', ')}`);
    expect(forgotten).toEqual([{ topic, group: 'gateway.settings.dead' }]);
    expect(left).toEqual(['gateway.settings.live', 'shared']);
  });
});
