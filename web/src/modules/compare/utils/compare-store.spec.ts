import type { Product } from '@pt/contracts';
import { addToCompare, bestValueId, clearCompare, COMPARE_LIMIT, landedTotal } from './compare-store';

const product = (id: string, price: number, shippingCost?: number, currency = 'USD'): Product => ({
  id,
  title: id,
  price,
  currency,
  images: [],
  rating: 4,
  features: [],
  specifications: {},
  ...(shippingCost !== undefined ? { shippingCost } : {}),
});

describe('compare list', () => {
  beforeEach(() => clearCompare());

  it('holds at most four distinct products', () => {
    expect(addToCompare(product('a', 1))).toBe('added');
    expect(addToCompare(product('a', 1))).toBe('already');
    for (const id of ['b', 'c', 'd']) expect(addToCompare(product(id, 1))).toBe('added');
    expect(COMPARE_LIMIT).toBe(4);
    expect(addToCompare(product('e', 1))).toBe('full');
  });

  it('best value is the lowest landed total (price + shipping), not the lowest sticker price', () => {
    const cheapButFar = product('far', 10, 15);
    const near = product('near', 20, 0);
    expect(landedTotal(cheapButFar, 'USD')).toBe(25);
    expect(bestValueId([cheapButFar, near], 'USD')).toBe('near');
    expect(bestValueId([product('unknown', 0), product('x', 3)], 'USD')).toBe('x');
    expect(bestValueId([], 'USD')).toBeUndefined();
  });

  // §9 rates: 1 USD = 5.03 BRL = 0.92 EUR. Raw sums would crown the USD item (50 < 100).
  it.each<[region: string, expectedTotalOfBrl: number]>([
    ['BRL', 100],
    ['USD', 19.88],
    ['EUR', 18.29],
  ])('compares mixed currencies like with like, whatever the shopper currency (%s)', (currency, brlTotal) => {
    const brl = product('brl', 90, 10, 'BRL'); // ≈ USD 19.88 landed
    const usd = product('usd', 45, 5, 'USD'); // USD 50 landed ≈ BRL 251.50
    expect(landedTotal(brl, currency)).toBeCloseTo(brlTotal, 2);
    expect(bestValueId([usd, brl], currency)).toBe('brl');
    // And the other way round: a dear BRL listing loses to a cheap USD one.
    expect(bestValueId([product('dear', 900, 0, 'BRL'), usd], currency)).toBe('usd');
  });
});
