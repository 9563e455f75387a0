import type { PriceHistoryViewPoint } from '@pt/contracts';
import {
  historyHasLookup,
  linearScale,
  nearestIndex,
  priceTicks,
  stepPath,
  stepSeries,
  timeTicks,
  TIME_AXIS_MAX_SPAN_MS,
} from './history-chart-data';

/** The product page's price history chart: a step line on a time axis with readable ticks. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-03-02T09:00:00Z');

const point = (at: number, price: number, source: PriceHistoryViewPoint['source'] = 'global') => ({
  date: new Date(at).toISOString(),
  price,
  listingPrice: price,
  formattedPrice: `$${price.toFixed(2)}`,
  source,
});

describe('stepSeries', () => {
  it('places points by their time, in time order, and holds the last price until now', () => {
    const now = T0 + 10 * DAY;
    const { data, domain } = stepSeries([point(T0 + 9 * DAY, 12), point(T0, 10), point(T0 + DAY, 11)], now);
    expect(data.map((p) => [p.t - T0, p.price, p.tail])).toEqual([
      [0, 10, false],
      [DAY, 11, false],
      [9 * DAY, 12, false],
      [10 * DAY, 12, true],
    ]);
    // The tail names the last observation, not a new one.
    expect(data.at(-1)?.date).toBe(new Date(T0 + 9 * DAY).toISOString());
    expect(domain).toEqual([T0, now]);
  });

  it('widens a history seen over seconds to a minute, ending now', () => {
    const { data, domain } = stepSeries([point(T0, 10), point(T0 + 2000, 11)], T0 + 5000);
    expect(domain).toEqual([T0 + 5000 - MINUTE, T0 + 5000]);
    expect(data.filter((p) => !p.tail)).toHaveLength(2);
  });

  it('has no points and no tail without history', () => {
    expect(stepSeries([], T0).data).toEqual([]);
  });
});

describe('timeTicks', () => {
  const labels = (start: number, end: number) => {
    const axis = timeTicks(start, end, 6, 'en-US');
    return { ...axis, labels: axis.ticks.map(axis.format) };
  };

  it.each([
    ['a minute', MINUTE],
    ['ten minutes', 10 * MINUTE],
    ['five hours', 5 * HOUR],
    ['a day and a half across midnight', 36 * HOUR],
  ])('speaks in distinct times of day over %s', (_name, span) => {
    const { labels: l, times, ticks } = labels(T0, T0 + span);
    expect(times).toBe(true);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(new Set(l).size).toBe(l.length);
    for (const label of l) expect(label).toMatch(/\d{2}:\d{2}/);
    for (const t of ticks) expect(t >= T0 && t <= T0 + span).toBe(true);
  });

  it.each([
    ['two days', TIME_AXIS_MAX_SPAN_MS],
    ['a month', 30 * DAY],
    ['a year', 365 * DAY],
    ['five years', 5 * 365 * DAY],
  ])('speaks in distinct dates over %s', (_name, span) => {
    const { labels: l, times, ticks } = labels(T0, T0 + span);
    expect(times).toBe(false);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(new Set(l).size).toBe(l.length);
    for (const label of l) expect(label).not.toMatch(/:/);
  });

  it('puts day ticks on midnights and month ticks on the first of a month', () => {
    for (const t of timeTicks(T0, T0 + 20 * DAY).ticks) expect(new Date(t).getHours()).toBe(0);
    for (const t of timeTicks(T0, T0 + 400 * DAY).ticks) expect(new Date(t).getDate()).toBe(1);
  });

  it('shows the date with the time when short-span ticks cross midnight', () => {
    const start = Date.parse('2026-03-02T20:00:00Z');
    const l = labels(start, start + 10 * HOUR).labels;
    expect(l.some((x) => x.includes('Mar 2'))).toBe(true);
    expect(l.some((x) => x.includes('Mar 3'))).toBe(true);
  });
});

describe('priceTicks', () => {
  it.each([
    [73.6, 110.4],
    [0.12, 0.19],
    [999, 1250],
    [10, 10],
  ])('covers %p–%p with a few round, evenly spaced amounts', (min, max) => {
    const ticks = priceTicks(min, max);
    expect(ticks[0]).toBeLessThanOrEqual(min);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(8);
    const steps = ticks.slice(1).map((t, i) => t - (ticks[i] as number));
    for (const step of steps) expect(step).toBeCloseTo(steps[0] as number, 9);
    // Round amounts: 1, 2, 2.5 or 5 times a power of ten.
    const step = steps[0] as number;
    const mantissa = step / 10 ** Math.floor(Math.log10(step));
    expect([1, 2, 2.5, 5, 10].some((m) => Math.abs(m - mantissa) < 1e-9)).toBe(true);
  });

  it('puts a single price in the middle of its band, not on an edge', () => {
    const ticks = priceTicks(10, 10);
    expect(ticks[0]).toBeLessThan(10);
    expect(ticks.at(-1)).toBeGreaterThan(10);
  });
});

describe('the chart geometry', () => {
  it('maps time to x in proportion (uneven gaps stay uneven)', () => {
    const x = linearScale([T0, T0 + 10 * DAY], [72, 372]);
    expect(x(T0)).toBe(72);
    expect(x(T0 + DAY)).toBeCloseTo(102);
    expect(x(T0 + 10 * DAY)).toBe(372);
  });

  it('draws steps: across at the old price, then to the new one at its time', () => {
    expect(
      stepPath([
        { x: 0, y: 50 },
        { x: 10, y: 40 },
        { x: 30, y: 40 },
        { x: 35, y: 60 },
      ]),
    ).toBe('M0,50H10V40H30H35V60');
    expect(stepPath([])).toBe('');
  });

  it('finds the point nearest the pointer', () => {
    expect(nearestIndex([0, 10, 30], 18)).toBe(1);
    expect(nearestIndex([0, 10, 30], 21)).toBe(2);
    expect(nearestIndex([], 5)).toBe(-1);
  });
});

describe('historyHasLookup', () => {
  const lookup = { price: 20, currency: 'USD', fetchedAt: new Date(T0 + HOUR).toISOString() };

  it('is false until a point at or after the lookup arrives', () => {
    expect(historyHasLookup({ points: [], listingCurrency: null }, lookup)).toBe(false);
    expect(historyHasLookup({ points: [point(T0, 25)], listingCurrency: 'USD' }, lookup)).toBe(false);
    expect(
      historyHasLookup({ points: [point(T0, 25), point(T0 + HOUR, 20)], listingCurrency: 'USD' }, lookup),
    ).toBe(true);
  });

  it('is true when the last point already has the looked-up price (an unchanged price is not stored again)', () => {
    expect(historyHasLookup({ points: [point(T0, 20)], listingCurrency: 'USD' }, lookup)).toBe(true);
    expect(historyHasLookup({ points: [point(T0, 20)], listingCurrency: 'EUR' }, lookup)).toBe(false);
  });
});
