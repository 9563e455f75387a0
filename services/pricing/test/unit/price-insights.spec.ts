import {
  buyOrWait,
  combineHistory,
  priceTrend,
  summarize,
  type PricePoint,
} from '../../src/services/price-insights';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 0, 31);
const p = (
  daysAgo: number,
  price: number,
  source: PricePoint['source'] = 'global',
  currency = 'USD',
): PricePoint => ({
  at: new Date(NOW - daysAgo * DAY),
  price,
  currency,
  source,
});

describe('price insights (issue 5 item 2)', () => {
  it('combines global and personal points, keeping the personal copy of a shared observation (§7)', () => {
    const combined = combineHistory([p(3, 10), p(2, 11)], [p(2, 11, 'personal'), p(1, 12, 'personal')]);
    expect(combined.map((x) => [x.source, x.price])).toEqual([
      ['global', 10],
      ['personal', 11],
      ['personal', 12],
    ]);
  });

  it('counts one observation once, however many rows repeat it (issue 9 item 2)', () => {
    // Rows written before the personal dedupe rule: one cached view after another repeated the
    // same observation, and the global snapshot of it exists too.
    const combined = combineHistory(
      [p(3, 10), p(2, 11)],
      [p(2, 11, 'personal'), p(2, 11, 'personal'), p(2, 11, 'personal'), p(1, 12, 'personal')],
    );
    expect(combined.map((x) => [x.source, x.price])).toEqual([
      ['global', 10],
      ['personal', 11],
      ['personal', 12],
    ]);
    expect(summarize(combined).count).toBe(3);
  });

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
    ['no price', null, [], [], 'unknown', 'No price has been recorded'],
    ['one point', 10, [p(1, 10)], [p(1, 10)], 'unknown', 'Not enough price history'],
    ['at the 90-day low', 80, [p(60, 100), p(1, 80)], [p(1, 80)], 'buy', 'At the 90-day low of $80.00.'],
    [
      'within 2% of the low',
      81,
      [p(60, 80), p(1, 81)],
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
  ])('%s → %s', (_name, current, last90, last30, action, reason) => {
    const verdict = buyOrWait({
      current: current as number | null,
      currency: 'USD',
      last90Days: last90 as PricePoint[],
      last30Days: last30 as PricePoint[],
    });
    expect(verdict.action).toBe(action);
    expect(verdict.reason).toContain(reason);
  });
});
