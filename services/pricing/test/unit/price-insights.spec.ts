import { summarize } from '@pt/domain';
import { combineHistory, type PricePoint } from '../../src/services/price-insights';

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

describe('price insights', () => {
  it('combines global and personal points, keeping the personal copy of a shared observation (§7)', () => {
    const combined = combineHistory([p(3, 10), p(2, 11)], [p(2, 11, 'personal'), p(1, 12, 'personal')]);
    expect(combined.map((x) => [x.source, x.price])).toEqual([
      ['global', 10],
      ['personal', 11],
      ['personal', 12],
    ]);
  });

  it('counts one observation once, however many rows repeat it', () => {
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
});
