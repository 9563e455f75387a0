import { priceDrop } from './price-drop';

describe('priceDrop (the price tag)', () => {
  it('gives the amount and the rounded percent when the price is lower now', () => {
    expect(priceDrop(75, 100)).toEqual({ amount: 25, percent: 25 });
    expect(priceDrop(19.99, 29.99)).toEqual({ amount: 10, percent: 33 });
  });
  it('shows nothing when the price is the same, higher or unknown', () => {
    expect(priceDrop(100, 100)).toBeNull();
    expect(priceDrop(120, 100)).toBeNull();
    expect(priceDrop(null, 100)).toBeNull();
    expect(priceDrop(50, undefined)).toBeNull();
    expect(priceDrop(50, 0)).toBeNull();
  });
});
