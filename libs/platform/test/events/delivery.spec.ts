import { createEnvelope } from '@pt/platform';
import { backoffMs, deliver, resolvePolicy, Stopper } from '../../src/events/delivery';

describe('deliver', () => {
  const envelope = createEnvelope('t', 'k', {});
  const base = { topic: 'topic', group: 'group' };

  it('doubles the back-off per attempt and caps it', () => {
    const policy = resolvePolicy({ retryBackoffMs: 100 });
    expect([1, 2, 3, 4].map((a) => backoffMs(policy, a))).toEqual([100, 200, 400, 800]);
    expect(backoffMs(policy, 30)).toBe(30_000);
  });

  it('defaults to 10 attempts and 100 ms', () => {
    expect(resolvePolicy()).toEqual({ maxAttempts: 10, retryBackoffMs: 100 });
    expect(resolvePolicy({ maxAttempts: 0 }).maxAttempts).toBe(1);
  });

  it('by default outlasts a dependency restart of 30 s before dead-lettering (a Postgres restart under load took 3.4 s)', () => {
    const policy = resolvePolicy();
    let waited = 0;
    for (let attempt = 1; attempt < policy.maxAttempts; attempt++) waited += backoffMs(policy, attempt);
    expect(waited).toBeGreaterThanOrEqual(30_000);
  });

  it('dead-letters a redelivery past maxAttempts without calling the handler', async () => {
    const handler = jest.fn(async () => undefined);
    const outcome = await deliver(envelope, {
      ...base,
      handler,
      policy: resolvePolicy({ maxAttempts: 2 }),
      firstAttempt: 3,
      stopper: new Stopper(),
    });
    expect(outcome).toMatchObject({ kind: 'dead', attempts: 2 });
    expect(handler).not.toHaveBeenCalled();
  });

  it('stops retrying when the consumer closes during the back-off, leaving the message unacked', async () => {
    const stopper = new Stopper();
    const handler = jest.fn(async () => {
      setTimeout(() => stopper.close(), 5);
      throw new Error('transient');
    });
    const started = Date.now();
    const outcome = await deliver(envelope, {
      ...base,
      handler,
      policy: resolvePolicy({ retryBackoffMs: 10_000 }),
      firstAttempt: 1,
      stopper,
    });
    expect(outcome).toEqual({ kind: 'unacked', attempts: 1 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('abandons a running handler when the consumer crashes', async () => {
    const stopper = new Stopper();
    const outcome = deliver(envelope, {
      ...base,
      handler: () => new Promise(() => undefined),
      policy: resolvePolicy(),
      firstAttempt: 1,
      stopper,
    });
    stopper.crash();
    await expect(outcome).resolves.toEqual({ kind: 'unacked', attempts: 1 });
  });
});
