import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '@pt/platform';
import { ALWAYS, describeAdapter, eventually, redisAvailability, TcpLink } from '@pt/testing';

function rateLimiterContract(factory: () => RateLimiter | Promise<RateLimiter>) {
  let sut: RateLimiter;
  beforeAll(async () => {
    sut = await factory();
  });
  afterAll(async () => {
    await sut.close();
  });

  it('allows up to the limit per window, then refuses with a retry delay', async () => {
    const key = randomUUID();
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await sut.hit(key, 3, 60_000));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(decisions[3]?.retryAfterMs).toBeGreaterThan(50_000);
  });

  it('counts several keys in order in one step, stopping at the first one over its limit', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const both = [
      { key: first, limit: 2 },
      { key: second, limit: 5 },
    ];
    const rounds = [];
    for (let i = 0; i < 3; i++) rounds.push(await sut.hitEach(both, 60_000));
    expect(rounds.map((decisions) => decisions.map((d) => [d.allowed, d.remaining]))).toEqual([
      [
        [true, 1],
        [true, 4],
      ],
      [
        [true, 0],
        [true, 3],
      ],
      // The first key is spent: refused with a retry delay, and the second is not counted.
      [[false, 0]],
    ]);
    expect(rounds[2]?.[0]?.retryAfterMs).toBeGreaterThan(50_000);
    expect(await sut.peek(first)).toBe(3);
    expect(await sut.peek(second)).toBe(2);
    // The same counters as single hits.
    expect(await sut.hit(second, 5, 60_000)).toMatchObject({ allowed: true, remaining: 2 });
    expect(await sut.hitEach([], 60_000)).toEqual([]);
  });

  it('opens a new window once the old one ends', async () => {
    const key = randomUUID();
    expect((await sut.hit(key, 1, 150)).allowed).toBe(true);
    expect((await sut.hit(key, 1, 150)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await sut.hit(key, 1, 150)).allowed).toBe(true);
  });

  it('peeks at the count of a window without counting a hit', async () => {
    const key = randomUUID();
    expect(await sut.peek(key)).toBe(0);
    await sut.hit(key, 10, 60_000);
    await sut.hit(key, 10, 60_000);
    expect(await sut.peek(key)).toBe(2);
    expect(await sut.peek(key)).toBe(2);
  });

  it('takes tokens from a full bucket up to its burst, then refuses until one has refilled', async () => {
    const key = randomUUID();
    // 3 tokens of burst, one more every 10 s.
    const bucket = { capacity: 3, refillPerMs: 1 / 10_000 };
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await sut.take(key, bucket));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]?.retryAfterMs).toBeGreaterThan(5_000);
    expect(decisions[3]?.retryAfterMs).toBeLessThanOrEqual(10_000);
    // A refusal takes nothing: the bucket is still empty, not in debt.
    expect((await sut.take(key, bucket)).retryAfterMs).toBeLessThanOrEqual(10_000);
  });

  it('holds back the last `keep` tokens from a caller that asks to leave them, not from one that does not', async () => {
    const key = randomUUID();
    // 5 tokens of burst, one more every 10 s; 2 of them are kept for callers without `keep`.
    const bucket = { capacity: 5, refillPerMs: 1 / 10_000 };
    const keeping = [];
    for (let i = 0; i < 4; i++) keeping.push(await sut.take(key, bucket, 1, 2));
    expect(keeping.map((d) => d.allowed)).toEqual([true, true, true, false]);
    // Refused with how long until a token above the floor has refilled (one token: ≤ 10 s).
    expect(keeping[3]?.retryAfterMs).toBeGreaterThan(5_000);
    expect(keeping[3]?.retryAfterMs).toBeLessThanOrEqual(10_000);
    const privileged = [];
    for (let i = 0; i < 3; i++) privileged.push((await sut.take(key, bucket)).allowed);
    expect(privileged).toEqual([true, true, false]);
    // A floor as large as the bucket can never be met: refused for good, not "try in a while".
    expect((await sut.take(randomUUID(), bucket, 1, 5)).retryAfterMs).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refills a bucket continuously', async () => {
    const key = randomUUID();
    // One token every 50 ms.
    const bucket = { capacity: 1, refillPerMs: 1 / 50 };
    expect((await sut.take(key, bucket)).allowed).toBe(true);
    expect((await sut.take(key, bucket)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await sut.take(key, bucket)).allowed).toBe(true);
  });

  it('keeps keys apart and forgets a key on reset', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await sut.hit(a, 1, 60_000);
    expect((await sut.hit(b, 1, 60_000)).allowed).toBe(true);
    expect((await sut.hit(a, 1, 60_000)).allowed).toBe(false);
    await sut.reset(a);
    expect((await sut.hit(a, 1, 60_000)).allowed).toBe(true);
  });
}

describeAdapter('rate-limiter', 'memory', ALWAYS, () => rateLimiterContract(() => new MemoryRateLimiter()));
describeAdapter('rate-limiter', 'redis', redisAvailability(), () =>
  rateLimiterContract(async () => {
    const prefix = `test-rl-${randomUUID()}`;
    const sut = new RedisRateLimiter(process.env.REDIS_URL ?? '', prefix);
    // A limiter answers from memory until its connection is up; wait until hits reach Redis, so
    // no case starts its counts in memory and ends them in Redis.
    const admin = new Redis(process.env.REDIS_URL ?? '');
    try {
      await eventually(
        async () => (
          await sut.hit('warm-up', 1000, 60_000),
          Number(await admin.get(`${prefix}:warm-up`)) > 0
        ),
      );
    } finally {
      admin.disconnect();
    }
    return sut;
  }),
);

describeAdapter('rate-limiter', 'redis (script cache emptied)', redisAvailability(), () => {
  it('keeps counting in Redis after Redis forgot its scripts (a restart)', async () => {
    const prefix = `test-rl-${randomUUID()}`;
    const sut = new RedisRateLimiter(process.env.REDIS_URL ?? '', prefix);
    const admin = new Redis(process.env.REDIS_URL ?? '');
    const stored = async (key: string) => Number(await admin.get(`${prefix}:${key}`));
    try {
      // A limiter answers from memory until its connection is up; wait until hits reach Redis.
      await eventually(async () => (await sut.hit('warm-up', 1000, 60_000), (await stored('warm-up')) > 0));
      expect((await sut.hit('client', 3, 60_000)).remaining).toBe(2);
      expect((await sut.take('bucket', { capacity: 2, refillPerMs: 0 })).remaining).toBe(1);
      await admin.script('FLUSH');
      expect((await sut.hit('client', 3, 60_000)).remaining).toBe(1);
      expect(await stored('client')).toBe(2);
      expect((await sut.take('bucket', { capacity: 2, refillPerMs: 0 })).remaining).toBe(0);
      expect(await admin.hget(`${prefix}:bucket:bucket`, 'tokens')).toBe('0');
    } finally {
      admin.disconnect();
      await sut.close();
    }
  });
});

describe('RedisRateLimiter while Redis is unreachable', () => {
  it('falls back to an in-process limit instead of letting every call through, and says so once', async () => {
    const outages: boolean[] = [];
    // Nothing listens on port 1: every Redis command fails, as during an outage.
    const sut = new RedisRateLimiter('redis://127.0.0.1:1', 'down-test', {
      onOutage: (down) => outages.push(down),
    });
    try {
      const decisions = [];
      for (let i = 0; i < 5; i++) decisions.push((await sut.hit('client', 3, 60_000)).allowed);
      expect(decisions).toEqual([true, true, true, false, false]);
      expect(outages).toEqual([true]);
    } finally {
      await sut.close();
    }
  });
});

describeAdapter('rate-limiter', 'redis (outage and return)', redisAvailability(), () => {
  it('counts in this process while Redis is cut off, says so, and shares the counts again once it answers', async () => {
    const redisUrl = process.env.REDIS_URL ?? '';
    const link = await TcpLink.to(redisUrl);
    const prefix = `test-rl-${randomUUID()}`;
    const outages: boolean[] = [];
    const sut = new RedisRateLimiter(link.url(redisUrl), prefix, { onOutage: (down) => outages.push(down) });
    const admin = new Redis(redisUrl);
    const stored = async (key: string) => Number(await admin.get(`${prefix}:${key}`));
    try {
      await eventually(async () => (await sut.hit('warm-up', 1000, 60_000), (await stored('warm-up')) > 0));
      // Hits before the first connection count in memory too (and say so): not under test here.
      outages.length = 0;
      expect((await sut.hit('client', 3, 60_000)).remaining).toBe(2);
      await link.cut();
      // While Redis is unreachable: the same limit, counted in this process from zero.
      const during = [];
      for (let i = 0; i < 4; i++) during.push((await sut.hit('client', 3, 60_000)).allowed);
      expect(during).toEqual([true, true, true, false]);
      const pair = [
        { key: 'address', limit: 1 },
        { key: 'user', limit: 5 },
      ];
      expect((await sut.hitEach(pair, 60_000)).map((d) => d.allowed)).toEqual([true, true]);
      expect((await sut.hitEach(pair, 60_000)).map((d) => d.allowed)).toEqual([false]);
      expect(outages).toEqual([true]);
      expect(await stored('client')).toBe(1);
      await link.restore();
      await eventually(() => outages.length === 2);
      expect(outages).toEqual([true, false]);
      // Back on the shared count, which went on from where Redis left it.
      await eventually(async () => (await sut.hit('client', 3, 60_000)).remaining === 1);
      expect(await stored('client')).toBe(2);
    } finally {
      admin.disconnect();
      await sut.close();
      await link.cut();
    }
  });
});
