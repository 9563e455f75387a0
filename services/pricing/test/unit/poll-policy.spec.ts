import {
  backoffMs,
  dueAfterTrackingChange,
  isNearTarget,
  maxBacklogJobs,
  nextDueAfterSuccess,
  nextDueWhenUnavailable,
  pollIntervalMs,
  quotaLimiter,
  type PollPolicy,
} from '../../src/services/poll-policy';
import { toPricingConfig } from '../../src/config';

const MIN = 60_000;
const HOUR = 60 * MIN;
const policy: PollPolicy = { pollIntervalMs: 6 * HOUR, hotPollIntervalMs: HOUR, maxBackoffMs: 24 * HOUR };

describe('poll policy', () => {
  it.each([
    [105, [100], true, 'within 10% above the target'],
    [110, [100], true, 'exactly 10% above'],
    [110.01, [100], false, 'just over 10%'],
    [80, [100], true, 'already below the target'],
    [200, [100, 190], true, 'any alert near its target'],
    [105, [], false, 'no alert'],
    [null, [100], false, 'no price known yet'],
    [105, [0], false, 'an alert without a target'],
  ] as Array<[number | null, number[], boolean, string]>)(
    'isNearTarget(%p, %j) is %p (%s)',
    (price, targets, expected) => {
      expect(isNearTarget(price, targets)).toBe(expected);
    },
  );

  it('polls hot listings hourly and the rest every 6 hours', () => {
    expect(pollIntervalMs(policy, true)).toBe(HOUR);
    expect(pollIntervalMs(policy, false)).toBe(6 * HOUR);
    expect(nextDueAfterSuccess(new Date(0), policy, true).getTime()).toBe(HOUR);
  });

  it.each([
    [1, undefined, 5 * MIN],
    [2, undefined, 20 * MIN],
    [3, undefined, 80 * MIN],
    [6, undefined, 24 * HOUR],
    [50, undefined, 24 * HOUR],
    [1, 30 * MIN, 30 * MIN],
    [3, 30 * MIN, 80 * MIN],
    [1, 48 * HOUR, 24 * HOUR],
  ])('backs off failure %p (Retry-After %p) by %p ms', (failures, retryAfter, expected) => {
    expect(backoffMs(policy, failures, retryAfter)).toBe(expected);
  });

  it('pulls the due time of a listing that became hot earlier, never later', () => {
    const now = new Date(0);
    expect(dueAfterTrackingChange(new Date(5 * HOUR), now, policy, true).getTime()).toBe(HOUR);
    expect(dueAfterTrackingChange(new Date(10 * MIN), now, policy, true).getTime()).toBe(10 * MIN);
  });

  it.each([
    [5000, { max: 3, durationMs: MIN }],
    [1440, { max: 1, durationMs: MIN }],
    [100, { max: 1, durationMs: 864_000 }],
    [10_000_000, { max: 6944, durationMs: MIN }],
  ])('spreads a quota of %p calls a day as %j, never above it', (perDay, expected) => {
    const limiter = quotaLimiter(perDay);
    expect(limiter).toEqual(expected);
    expect((limiter.max * 24 * HOUR) / limiter.durationMs).toBeLessThanOrEqual(perDay);
  });

  it('keeps at most two scheduler periods of work in a queue, at least 10 jobs', () => {
    expect(maxBacklogJobs({ max: 3, durationMs: MIN }, MIN)).toBe(10);
    expect(maxBacklogJobs({ max: 100, durationMs: MIN }, MIN)).toBe(200);
  });
});

describe('a vanished listing (back-in-stock alerts wait on its return)', () => {
  const now = new Date(Date.UTC(2026, 10, 27, 8));
  it.each([
    ['after the longest back-off by default', policy, 24 * HOUR],
    ['after the recheck a deployment sets', { ...policy, goneRecheckMs: 30 * MIN }, 30 * MIN],
  ] as const)('is polled again %s', (_row, p, wait) =>
    expect(nextDueWhenUnavailable(now, p).getTime() - now.getTime()).toBe(wait),
  );

  it('PRICING_GONE_RECHECK_MS sets the recheck; unset, it is the longest back-off', () => {
    expect(toPricingConfig({}).goneRecheckMs).toBe(24 * HOUR);
    expect(toPricingConfig({ PRICING_GONE_RECHECK_MS: 1500 }).goneRecheckMs).toBe(1500);
  });
});
