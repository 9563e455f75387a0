import { DEAL_FRESH_DAYS, historyDeal, listPriceNeverSeen, type DealStats } from './history-deals';
import { VERDICT_MIN_POINTS, VERDICT_MIN_SPAN_DAYS } from './price-verdict';

const DAY = 86_400_000;
const NOW = new Date(Date.UTC(2026, 10, 1, 12));
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY);

/** A listing at 80 now whose 90-day median is 100, watched for 60 days. */
const stats = (over: Partial<DealStats> = {}): DealStats => ({
  price: 80,
  observedAt: daysAgo(0.5),
  median: 100,
  points: 240,
  firstAt: daysAgo(60),
  lastAt: daysAgo(0.5),
  ...over,
});

/** Deals rank by the landed price's share below the listing's own trailing 90-day median. */
describe('history deals: below the listing’s own 90-day median', () => {
  it.each<[string, Partial<DealStats>, number, number | undefined, number | null]>([
    ['20% below the median', {}, 0, undefined, 20],
    ['shipping is added to both sides: 20 off a landed 110', {}, 10, undefined, 18],
    ['at the median is no deal', { price: 100 }, 0, undefined, null],
    ['above the median is no deal', { price: 120 }, 0, undefined, null],
    ['less than 1% below is noise', { price: 99.5 }, 0, undefined, null],
    ['exactly 1% below counts', { price: 99 }, 0, undefined, 1],
    ['a minimum drop the deal meets', {}, 0, 20, 20],
    ['a minimum drop the deal misses', {}, 0, 21, null],
    ['too few points', { points: VERDICT_MIN_POINTS - 1 }, 0, undefined, null],
    ['too short a span', { firstAt: daysAgo(VERDICT_MIN_SPAN_DAYS - 1) }, 0, undefined, null],
    [
      'a price older than the freshness window',
      { observedAt: daysAgo(DEAL_FRESH_DAYS + 0.1) },
      0,
      undefined,
      null,
    ],
    [
      'a price just inside the freshness window',
      { observedAt: daysAgo(DEAL_FRESH_DAYS - 0.1) },
      0,
      undefined,
      20,
    ],
    ['no median', { median: 0 }, 0, undefined, null],
  ])('%s', (_name, over, shipping, minDrop, expected) => {
    const deal = historyDeal(stats(over), shipping, NOW, minDrop);
    expect(deal?.dropPercent ?? null).toBe(expected);
  });

  it('reports the landed figures it ranked by', () => {
    expect(historyDeal(stats(), 5, NOW)).toEqual({ medianLanded: 105, landed: 85, dropPercent: 19 });
  });
});

/** "List price never seen": a strikethrough price the listing never charged in its recorded history. */
describe('list price never seen (the fake-sale check)', () => {
  const enough = { points: 30, firstAt: daysAgo(60), lastAt: daysAgo(0) };
  it.each<[string, number | undefined, number, typeof enough, boolean]>([
    ['a "was" price far above anything recorded', 150, 100, enough, true],
    ['a "was" price the listing did charge', 100, 100, enough, false],
    ['a "was" price within rounding of the highest recorded', 100.99, 100, enough, false],
    ['just beyond rounding', 101.01, 100, enough, true],
    ['no "was" price', undefined, 100, enough, false],
    ['a "was" price below the price now is no claim', 70, 100, enough, false],
    ['too little history to know', 150, 100, { ...enough, points: 2 }, false],
  ])('%s', (_name, originalPrice, highestEver, history, expected) => {
    expect(listPriceNeverSeen({ price: 80, originalPrice, highestEver, stats: history })).toBe(expected);
  });
});
