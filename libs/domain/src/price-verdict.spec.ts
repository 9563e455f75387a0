import { buyOrWait, historySpanDays, priceTrend, summarize, type VerdictPoint } from './price-verdict';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 0, 31);
const p = (daysAgo: number, price: number): VerdictPoint => ({ at: new Date(NOW - daysAgo * DAY), price });
const minutesAgo = (m: number, price: number): VerdictPoint => ({ at: new Date(NOW - m * 60_000), price });

/**
 * ARCHITECTURE §6 "Price verdict and good price badge": one rule in libs/domain, from the listing's
 * own history, silent until the history spans enough time to mean it (3 prices over 7 days).
 */
describe('price verdict (ARCHITECTURE §6)', () => {
  it('summarises min, max and average', () => {
    expect(summarize([p(3, 10), p(2, 20), p(1, 15)])).toEqual({ count: 3, min: 10, max: 20, average: 15 });
    expect(summarize([])).toEqual({ count: 0, min: null, max: null, average: null });
  });

  it.each([
    [[p(3, 100), p(2, 90), p(1, 80)], 'falling'],
    [[p(3, 80), p(2, 90), p(1, 100)], 'rising'],
    [[p(3, 100), p(2, 100.5), p(1, 100)], 'stable'],
    [[p(1, 100)], 'unknown'],
    [[p(1, 100), p(1, 90)], 'unknown'],
  ])('trend of %# is %s', (points, trend) => {
    expect(priceTrend(points)).toBe(trend);
  });

  it('measures the span of a history in days', () => {
    expect(historySpanDays([])).toBe(0);
    expect(historySpanDays([p(10, 1), p(3, 1)])).toBe(7);
  });

  // A spike a month ago still drags the fitted trend down while today's price is above the average.
  const spike = [
    p(29, 300),
    p(26, 100),
    p(23, 100),
    p(20, 100),
    p(17, 100),
    p(14, 100),
    p(11, 100),
    p(8, 100),
    p(5, 100),
    p(1, 130),
  ];

  it.each([
    // Silent: no price, or not enough history to mean anything.
    ['no price', null, [], [], 'unknown', 'No price has been recorded'],
    ['one point', 10, [p(1, 10)], [p(1, 10)], 'unknown', 'Not enough price history'],
    [
      'two points two minutes apart (was "Buy now. At the 90-day low")',
      9,
      [minutesAgo(2, 10), minutesAgo(0, 9)],
      [minutesAgo(2, 10), minutesAgo(0, 9)],
      'unknown',
      'at least 3 prices over 7 days',
    ],
    [
      'many points within one day',
      9,
      [p(0.9, 12), p(0.6, 11), p(0.3, 10), p(0, 9)],
      [p(0.9, 12), p(0.6, 11), p(0.3, 10), p(0, 9)],
      'unknown',
      'Not enough price history',
    ],
    [
      'two points a month apart',
      80,
      [p(30, 100), p(0, 80)],
      [p(30, 100), p(0, 80)],
      'unknown',
      'Not enough price history',
    ],
    [
      'three points over 6.9 days',
      80,
      [p(6.9, 100), p(3, 90), p(0, 80)],
      [p(6.9, 100), p(3, 90), p(0, 80)],
      'unknown',
      'Not enough price history',
    ],
    // Enough history: the five rules.
    [
      'at the 90-day low, three points over exactly 7 days',
      80,
      [p(7, 100), p(3, 90), p(0, 80)],
      [p(7, 100), p(3, 90), p(0, 80)],
      'buy',
      'At the 90-day low of $80.00.',
    ],
    [
      'within 2% of the low',
      81,
      [p(60, 80), p(30, 90), p(1, 81)],
      [p(1, 81)],
      'buy',
      'Within 2% of the 90-day low of $80.00.',
    ],
    [
      'above average and falling',
      130,
      [p(60, 100), ...spike],
      spike,
      'wait',
      'Above the 30-day average of $123.00 and falling.',
    ],
    [
      'far above average',
      130,
      [p(60, 60), p(20, 100), p(10, 100), p(1, 130)],
      [p(20, 100), p(10, 100), p(1, 130)],
      'wait',
      '18% above the 30-day average',
    ],
    [
      'below average, steady',
      95,
      [p(60, 60), p(20, 100), p(10, 101), p(5, 98), p(1, 95)],
      [p(20, 100), p(10, 101), p(5, 98), p(1, 95)],
      'wait',
      'still falling',
    ],
    [
      'below average, rising',
      99,
      [p(60, 60), p(20, 96), p(10, 104), p(5, 102), p(1, 99)],
      [p(20, 96), p(10, 104), p(5, 102), p(1, 99)],
      'buy',
      'At or below the 30-day average of $100.25.',
    ],
    [
      'in the answer currency',
      80,
      [p(7, 100), p(3, 90), p(0, 80)],
      [p(7, 100), p(3, 90), p(0, 80)],
      'buy',
      '€80.00',
      'EUR',
    ],
  ])('%s → %s', (_name, current, last90, last30, action, reason, currency = 'USD') => {
    const verdict = buyOrWait({
      current: current as number | null,
      currency: currency as string,
      last90Days: last90 as VerdictPoint[],
      last30Days: last30 as VerdictPoint[],
    });
    expect(verdict.action).toBe(action);
    expect(verdict.reason).toContain(reason);
  });
});
