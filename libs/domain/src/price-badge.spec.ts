import { priceBadge, type PriceStats } from './price-badge';
import { VERDICT_MIN_POINTS, VERDICT_MIN_SPAN_DAYS } from './price-verdict';

const DAY = 86_400_000;
const NOW = new Date(Date.UTC(2025, 5, 30, 12));
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY);

/** 90 days of history between 80 and 120 USD, first seen 200 days ago, last below 100 ten days ago. */
const stats = (over: Partial<PriceStats> = {}): PriceStats => ({
  currency: 'USD',
  points: 40,
  low: 80,
  high: 120,
  firstAt: daysAgo(89),
  lastAt: daysAgo(0),
  firstSeenAt: daysAgo(200),
  lastBelowAt: daysAgo(10),
  ...over,
});

/**
 * ARCHITECTURE §6 "Price verdict and good price badge": low / typical / high against the 90-day
 * range, "lowest in N days" when true, nothing when the history is too short (the verdict's rule).
 */
describe('price badge (ARCHITECTURE §6)', () => {
  it.each<[string, number, Partial<PriceStats>, string | null]>([
    // Band: bottom quarter of 80–120 is ≤ 90, top quarter ≥ 110.
    ['at the 90-day low', 80, {}, 'Low price'],
    ['at the top of the bottom quarter', 90, {}, 'Low price'],
    ['just above the bottom quarter', 90.01, {}, 'Typical price'],
    ['in the middle', 100, {}, 'Typical price'],
    ['just below the top quarter', 109.99, {}, 'Typical price'],
    ['at the bottom of the top quarter', 110, {}, 'High price'],
    ['above the 90-day high', 130, {}, 'High price'],
    // Lowest in N days: nothing lower for at least 30 days.
    ['unbeaten for 60 days', 95, { lastBelowAt: daysAgo(60) }, 'Lowest in 60 days'],
    ['unbeaten for exactly 30 days', 95, { lastBelowAt: daysAgo(30) }, 'Lowest in 30 days'],
    ['unbeaten for 29 days: the band speaks', 95, { lastBelowAt: daysAgo(29) }, 'Typical price'],
    ['never beaten since first seen 200 days ago', 79, { lastBelowAt: null }, 'Lowest in 200 days'],
    [
      'never beaten but first seen 20 days ago',
      79,
      { lastBelowAt: null, firstSeenAt: daysAgo(20) },
      'Low price',
    ],
    // A flat price is neither a deal nor expensive.
    ['flat history at its only price', 100, { low: 100, high: 101, lastBelowAt: null }, 'Typical price'],
    ['below a flat history', 95, { low: 100, high: 101 }, 'Low price'],
    ['above a flat history', 105, { low: 100, high: 101 }, 'High price'],
    // Too short → none (the verdict's VERDICT_MIN_POINTS over VERDICT_MIN_SPAN_DAYS).
    ['too few points', 80, { points: VERDICT_MIN_POINTS - 1 }, null],
    ['exactly the fewest points', 80, { points: VERDICT_MIN_POINTS }, 'Low price'],
    ['too short a span', 80, { firstAt: daysAgo(VERDICT_MIN_SPAN_DAYS - 0.01) }, null],
    ['exactly the shortest span', 80, { firstAt: daysAgo(VERDICT_MIN_SPAN_DAYS) }, 'Low price'],
    // Another currency than the history's → none, never converted.
    ['a price in another currency', 80, { currency: 'EUR' }, null],
  ])('%s (%d, %j) → %s', (_case, price, over, label) => {
    const badge = priceBadge({ price, currency: 'USD', stats: stats(over), now: NOW });
    expect(badge?.label ?? null).toBe(label);
  });

  it('says nothing without statistics or without a price', () => {
    expect(priceBadge({ price: 80, currency: 'USD', stats: null, now: NOW })).toBeNull();
    expect(priceBadge({ price: 0, currency: 'USD', stats: stats(), now: NOW })).toBeNull();
  });

  it('carries its level, the range it was drawn from and the days unbeaten', () => {
    expect(
      priceBadge({ price: 95, currency: 'USD', stats: stats({ lastBelowAt: daysAgo(45.5) }), now: NOW }),
    ).toEqual({
      level: 'low',
      label: 'Lowest in 45 days',
      lowestInDays: 45,
      rangeLow: 80,
      rangeHigh: 120,
      currency: 'USD',
    });
    expect(priceBadge({ price: 115, currency: 'USD', stats: stats(), now: NOW })).toEqual({
      level: 'high',
      label: 'High price',
      rangeLow: 80,
      rangeHigh: 120,
      currency: 'USD',
    });
  });
});
