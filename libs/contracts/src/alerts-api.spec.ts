import { CreateAlertRequestSchema, DemoPinPriceRequestSchema, UpdateAlertRequestSchema } from './alerts-api';

describe('alert request bodies', () => {
  it.each([
    ['a product and a target', { productId: 'ebay_1', targetPrice: 80 }, true],
    ['display fields', { productId: '1', targetPrice: 1, productTitle: 'Lamp', currency: 'EUR' }, true],
    ['a target of 0', { productId: '1', targetPrice: 0 }, false],
    ['a negative target', { productId: '1', targetPrice: -1 }, false],
    ['a target as text', { productId: '1', targetPrice: '80' }, false],
    ['no target', { productId: '1' }, false],
    ['a target above 10,000,000 in its currency', { productId: '1', targetPrice: 10_000_001 }, false],
    [
      'a yen target past the USD-sized §9 cap',
      { productId: '1', targetPrice: 5_000_000, currency: 'JPY' },
      true,
    ],
    ['an empty product id', { productId: '', targetPrice: 1 }, false],
    ['a non-http image', { productId: '1', targetPrice: 1, productImage: 'javascript:x' }, false],
  ])('create: %s → %p', (_case, body, valid) => {
    expect(CreateAlertRequestSchema.safeParse(body).success).toBe(valid);
  });

  it.each([
    [{ targetPrice: 5 }, true],
    [{ isActive: false }, true],
    [{}, false],
    [{ targetPrice: 0 }, false],
    [{ targetPrice: 10_000_000 }, true],
    [{ targetPrice: 10_000_001 }, false],
    [{ isActive: 'no' }, false],
    [{ userId: 'someone' }, false],
  ])('update %p → %p', (body, valid) => {
    expect(UpdateAlertRequestSchema.safeParse(body).success).toBe(valid);
  });

  it('demo pin takes a positive price', () => {
    expect(DemoPinPriceRequestSchema.safeParse({ price: 9.99 }).success).toBe(true);
    expect(DemoPinPriceRequestSchema.safeParse({ price: 0 }).success).toBe(false);
    // Pins are USD prices: §9's cap still holds for them.
    expect(DemoPinPriceRequestSchema.safeParse({ price: 1_000_001 }).success).toBe(false);
  });
});
