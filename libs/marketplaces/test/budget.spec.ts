import { MemoryRateLimiter } from '@pt/platform/rate-limit/index';
import { CredentialBudget, DAY_MS, splitBudget } from '../src/http/budget';

/** A budget on an in-process limiter whose clock the test moves. */
function setup(perDay: number, pollerShare = 0.3, burstShare = 0.25) {
  let now = Date.UTC(2026, 0, 15, 10, 0, 0);
  const clock = () => now;
  const limiter = new MemoryRateLimiter(clock);
  const sut = new CredentialBudget(
    limiter,
    'marketplace:ebay:abc',
    splitBudget(perDay, pollerShare, burstShare),
    clock,
  );
  return {
    sut,
    advance: (ms: number) => {
      now += ms;
    },
    async spend(share: 'poller' | 'interactive', n: number): Promise<number> {
      let allowed = 0;
      for (let i = 0; i < n; i++) if ((await sut.take(share)).allowed) allowed++;
      return allowed;
    },
  };
}

describe(CredentialBudget.name, () => {
  it.each([
    // perDay, poller share, burst share → poller, interactive, burst
    [5000, 0.3, 0.25, 1500, 3500, 875],
    [300, 0.3, 0.25, 90, 210, 53],
    [300, 0, 0.25, 0, 300, 75],
    [300, 1, 0.25, 300, 0, 0],
    [10, 0.3, 0.01, 3, 7, 1],
  ])('splits %s calls/day with poller share %s and burst %s', (perDay, p, b, poller, interactive, burst) => {
    expect(splitBudget(perDay, p, b)).toEqual({ perDay, poller, interactive, burst });
  });

  it('keeps the pollers their share however much interactive traffic there is', async () => {
    const { spend } = setup(300);
    expect(await spend('interactive', 5000)).toBe(53);
    expect(await spend('poller', 100)).toBe(90);
  });

  it('refills the interactive share over the day instead of first come first served', async () => {
    const { spend, advance, sut } = setup(300);
    expect(await spend('interactive', 100)).toBe(53);
    const refused = await sut.take('interactive');
    expect(refused).toMatchObject({ allowed: false });
    // 210 calls a day: one every 411 s or so.
    expect(refused.retryAfterMs).toBeGreaterThan(300_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(Math.ceil(DAY_MS / 210));
    advance(Math.ceil(DAY_MS / 210));
    expect(await spend('interactive', 5)).toBe(1);
    advance(DAY_MS / 24);
    // An hour refills 210 / 24 ≈ 8.75 calls.
    expect(await spend('interactive', 20)).toBe(8);
  });

  it('never lets the interactive share spend more than its daily part in one UTC day', async () => {
    const { spend, advance } = setup(300, 0.3, 1);
    // Burst = the whole interactive share: all of it at once, then nothing more until tomorrow.
    expect(await spend('interactive', 400)).toBe(210);
    advance(6 * 60 * 60 * 1000);
    expect(await spend('interactive', 10)).toBe(0);
    advance(DAY_MS);
    expect(await spend('interactive', 10)).toBe(10);
  });

  it('reports the calls used per share today', async () => {
    const { sut, spend, advance } = setup(300);
    await spend('poller', 95);
    await spend('interactive', 60);
    expect(await sut.usage()).toEqual({
      quotaPerDay: 300,
      poller: { used: 90, limit: 90 },
      interactive: { used: 53, limit: 210, burst: 53, refillPerHour: 8.75 },
    });
    advance(DAY_MS);
    expect((await sut.usage()).poller.used).toBe(0);
  });
});
