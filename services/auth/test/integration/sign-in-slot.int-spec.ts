import { randomUUID } from 'node:crypto';
import { RedisRateLimiter } from '@pt/platform';
import { describeAdapter, eventually, redisAvailability } from '@pt/testing';
import { DEFAULT_LIMITS } from '../../src';
import { RateLimitsService } from '../../src/services/rate-limits.service';

/**
 * In distributed mode an account's password-attempt slot is one for every
 * process (each with its own connection to Redis), and a process that dies holding it does not
 * hold it for good.
 */
describeAdapter('auth-sign-in-slot', 'redis', redisAvailability(), () => {
  const prefix = `test:${randomUUID()}`;
  const processes: RedisRateLimiter[] = [];
  const newLimiter = () => {
    const limiter = new RedisRateLimiter(process.env.REDIS_URL as string, prefix);
    processes.push(limiter);
    return limiter;
  };
  /**
   * Until a limiter's connection is up it counts in its own memory (its outage fallback): both
   * are on Redis once a hit by one is seen by the other.
   */
  const connected = (a: RedisRateLimiter, b: RedisRateLimiter) =>
    eventually(
      async () => {
        const probe = `probe:${randomUUID()}`;
        await a.hit(probe, 1, 10_000);
        return !(await b.hit(probe, 1, 10_000)).allowed;
      },
      { timeoutMs: 5_000, what: 'both limiters on Redis' },
    );
  const twoProcesses = async (): Promise<[RateLimitsService, RateLimitsService]> => {
    const [a, b] = [newLimiter(), newLimiter()];
    await connected(a, b);
    await connected(b, a);
    return [
      new RateLimitsService({ limits: DEFAULT_LIMITS }, a),
      new RateLimitsService({ limits: DEFAULT_LIMITS }, b),
    ];
  };
  afterAll(async () => {
    for (const limiter of processes) await limiter.close();
  });

  it('one holder across processes; released, the next process takes it', async () => {
    const [a, b] = await twoProcesses();
    const held = await a.takeSlot('signIn:one@example.com', 10_000);
    expect(held).toBeDefined();
    expect(await b.takeSlot('signIn:one@example.com', 10_000)).toBeUndefined();
    expect(await a.takeSlot('signIn:one@example.com', 10_000)).toBeUndefined();
    // Another account's slot is its own.
    expect(await b.takeSlot('signIn:two@example.com', 10_000)).toBeDefined();
    await held?.release();
    expect(await b.takeSlot('signIn:one@example.com', 10_000)).toBeDefined();
  });

  it('a holder that never releases (its process died) lets go when its hold ends', async () => {
    const [dying, other] = await twoProcesses();
    expect(await dying.takeSlot('signIn:crash@example.com', 300)).toBeDefined();
    expect(await other.takeSlot('signIn:crash@example.com', 300)).toBeUndefined();
    const taken = await eventually(() => other.takeSlot('signIn:crash@example.com', 300), {
      timeoutMs: 5_000,
      what: "the dead holder's slot to expire",
    });
    expect(taken).toBeDefined();
  });
});
