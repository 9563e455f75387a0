import type { Product } from '@pt/contracts';
import { addToCompare, bestValueId, clearCompare, COMPARE_LIMIT, landedTotal } from './compare-store';

const product = (id: string, price: number, shippingCost?: number): Product => ({
  id,
  title: id,
  price,
  currency: 'USD',
  images: [],
  rating: 4,
  features: [],
  specifications: {},
  ...(shippingCost !== undefined ? { shippingCost } : {}),
});

describe('compare list (issue 15 §4)', () => {
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
    expect(landedTotal(cheapButFar)).toBe(25);
    expect(bestValueId([cheapButFar, near])).toBe('near');
    expect(bestValueId([product('unknown', 0), product('x', 3)])).toBe('x');
    expect(bestValueId([])).toBeUndefined();
  });
});
