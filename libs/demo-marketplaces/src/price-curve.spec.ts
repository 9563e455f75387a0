import { DemoCatalog } from './catalog';
import { backfillInstants, curvePrice, curveShape, promoDiscount } from './price-curve';

const DAY = 24 * 60 * 60 * 1000;
const t0 = Date.UTC(2026, 0, 1);
const input = { seed: 'curve-spec', key: '280000001234', basePrice: 100 };
const daily = (from: number, days: number) =>
  Array.from({ length: days }, (_, i) => curvePrice(input, from + i * DAY + 12 * 60 * 60 * 1000));

describe('demo price curve', () => {
  it('is a pure function of (seed, product, time), in cents, above zero', () => {
    const at = t0 + 123_456_789;
    expect(curvePrice(input, at)).toBe(curvePrice({ ...input }, at));
    expect(curvePrice({ ...input, seed: 'other' }, at)).not.toBe(curvePrice(input, at + 5 * DAY));
    const prices = daily(t0, 365);
    expect(prices.filter((p) => !(p > 0 && Math.round(p * 100) / 100 === p))).toEqual([]);
    expect(curvePrice({ ...input, basePrice: 0.1 }, at)).toBe(0.5);
  });

  it('stays within a band of the base price: season ≤ 10 %, steps ≤ 12 %, promotions ≤ 20 %', () => {
    const prices = daily(t0, 730);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(100 * 0.9 * 0.88 * 0.8 - 0.01);
    expect(Math.max(...prices)).toBeLessThanOrEqual(100 * 1.1 * 1.12 + 0.01);
  });

  it('moves: over a year a product sees promotions, a seasonal swing and more than a few prices', () => {
    const prices = daily(t0, 365);
    expect(new Set(prices).size).toBeGreaterThan(30);
    const promoDays = Array.from({ length: 365 }, (_, i) =>
      promoDiscount(input.seed, input.key, t0 + i * DAY),
    );
    const inPromo = promoDays.filter((d) => d > 0);
    // 20–50 % of weeks have a promotion of 1–3 days: between ~10 and ~80 days a year.
    expect(inPromo.length).toBeGreaterThan(5);
    expect(inPromo.length).toBeLessThan(120);
    expect(Math.min(...inPromo)).toBeGreaterThanOrEqual(0.08);
    expect(Math.max(...inPromo)).toBeLessThanOrEqual(0.2);
  });

  it('has a promotion in whole days on the same weekdays each time', () => {
    const shape = curveShape(input.seed, input.key);
    const starts = new Set<number>();
    for (let i = 1; i < 365; i++) {
      const at = t0 + i * DAY;
      if (
        promoDiscount(input.seed, input.key, at) > 0 &&
        promoDiscount(input.seed, input.key, at - DAY) === 0
      )
        starts.add(new Date(at).getUTCDay());
    }
    expect(starts.size).toBe(1);
    // Weeks counted from Monday: day 0 is a Monday (getUTCDay 1).
    expect([...starts][0]).toBe((shape.promoStartDay + 1) % 7);
  });

  it('gives every product its own curve', () => {
    const other = { ...input, key: '280000005678' };
    const a = daily(t0, 60);
    const b = Array.from({ length: 60 }, (_, i) => curvePrice(other, t0 + i * DAY + 12 * 60 * 60 * 1000));
    expect(a).not.toEqual(b);
  });
});

describe(backfillInstants.name, () => {
  const end = Date.UTC(2026, 5, 15, 13, 20);

  it('is daily for the year and 6-hourly for the last 30 days, all before the end, ascending', () => {
    const instants = backfillInstants(end);
    const sixHours = 6 * 60 * 60 * 1000;
    expect(instants.every((t, i) => i === 0 || t > instants[i - 1]!)).toBe(true);
    expect(instants.at(-1)!).toBeLessThan(end);
    expect(instants[0]!).toBeGreaterThan(end - 365 * DAY);
    const dense = instants.filter((t) => t >= end - 30 * DAY);
    const sparse = instants.filter((t) => t < end - 31 * DAY);
    expect(sparse.every((t) => t % DAY === 0)).toBe(true);
    expect(dense.every((t) => t % sixHours === 0)).toBe(true);
    expect(sparse.length).toBeGreaterThanOrEqual(333);
    expect(dense.length).toBeGreaterThanOrEqual(119);
    expect(instants.length).toBeLessThan(460);
  });

  it('picks the same instants when run again later the same 6 hours (a restart)', () => {
    expect(backfillInstants(end + 60_000)).toEqual(backfillInstants(end));
  });
});

describe('live answers continue the curve', () => {
  const catalog = new DemoCatalog({ seed: 'curve-live', size: 40 });

  it('a stable listing is the curve outside its drop buckets', () => {
    const stable = catalog.products.find((p) => !p.volatile)!;
    const instants = Array.from({ length: 200 }, (_, i) => t0 + i * 3 * 60 * 60 * 1000);
    const off = instants.filter(
      (at) =>
        !catalog.isDrop(stable.key, at) &&
        catalog.priceAt(stable.key, at) !== catalog.curvePriceAt(stable.key, at),
    );
    expect(off).toEqual([]);
  });

  it('a pin wins over the curve in live answers, never in the simulated price', () => {
    const product = catalog.products[3]!;
    const at = t0 + 17 * DAY;
    const simulated = catalog.simulatedPriceAt(product.key, at);
    catalog.pin(product.key, 1.23);
    expect(catalog.priceAt(product.key, at)).toBe(1.23);
    expect(catalog.simulatedPriceAt(product.key, at)).toBe(simulated);
    catalog.unpin(product.key);
    expect(catalog.priceAt(product.key, at)).toBe(simulated);
  });
});
