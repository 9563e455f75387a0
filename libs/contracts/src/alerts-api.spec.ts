import {
  CreateAlertRequestSchema,
  DemoAvailabilityRequestSchema,
  DemoPinPriceRequestSchema,
  UpdateAlertRequestSchema,
} from './alerts-api';

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
    ['an explicit target kind', { productId: '1', kind: 'target', targetPrice: 5 }, true],
    ['a percent drop of 20', { productId: '1', kind: 'percent_drop', percent: 20 }, true],
    ['a percent drop of 1 and of 90', { productId: '1', kind: 'percent_drop', percent: 90 }, true],
    ['a percent drop of 0', { productId: '1', kind: 'percent_drop', percent: 0 }, false],
    ['a percent drop of 91', { productId: '1', kind: 'percent_drop', percent: 91 }, false],
    ['a fractional percent', { productId: '1', kind: 'percent_drop', percent: 12.5 }, false],
    ['a percent drop without percent', { productId: '1', kind: 'percent_drop' }, false],
    ['lowest in 90 days', { productId: '1', kind: 'lowest_in_days', days: 90 }, true],
    ['lowest in 60 days', { productId: '1', kind: 'lowest_in_days', days: 60 }, false],
    [
      'lowest in N days with a target',
      { productId: '1', kind: 'lowest_in_days', days: 30, targetPrice: 5 },
      false,
    ],
    ['a percent without its kind', { productId: '1', targetPrice: 5, percent: 10 }, false],
    ['an unknown kind', { productId: '1', kind: 'weekly' }, false],
    ['back in stock, no parameter', { productId: '1', kind: 'back_in_stock' }, true],
    ['back in stock with a target', { productId: '1', kind: 'back_in_stock', targetPrice: 5 }, false],
    ['back in stock with a percent', { productId: '1', kind: 'back_in_stock', percent: 10 }, false],
    ['back in stock with days', { productId: '1', kind: 'back_in_stock', days: 30 }, false],
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
    [{ kind: 'percent_drop', percent: 15 }, true],
    [{ kind: 'lowest_in_days' }, false],
    [{ days: 365 }, true],
    [{ days: 7 }, false],
    [{ percent: 95 }, false],
    [{ kind: 'target', days: 30 }, false],
    [{ kind: 'weekly' }, false],
    [{ kind: 'back_in_stock' }, true],
    [{ kind: 'back_in_stock', targetPrice: 5 }, false],
  ])('update %p → %p', (body, valid) => {
    expect(UpdateAlertRequestSchema.safeParse(body).success).toBe(valid);
  });

  it('demo pin takes a positive price', () => {
    expect(DemoPinPriceRequestSchema.safeParse({ price: 9.99 }).success).toBe(true);
    expect(DemoPinPriceRequestSchema.safeParse({ price: 0 }).success).toBe(false);
    // Pins are USD prices: §9's cap still holds for them.
    expect(DemoPinPriceRequestSchema.safeParse({ price: 1_000_001 }).success).toBe(false);
  });

  it.each([
    [{ available: false }, true],
    [{ available: true }, true],
    [{ available: 'no' }, false],
    [{}, false],
  ])('demo availability %p → %p', (body, valid) => {
    expect(DemoAvailabilityRequestSchema.safeParse(body).success).toBe(valid);
  });
});

describe('alert basis (landed prices)', () => {
  it.each([
    ['a landed target', { productId: '1', targetPrice: 5, basis: 'landed' }, true],
    ['an item target', { productId: '1', targetPrice: 5, basis: 'item' }, true],
    ['a landed percent drop', { productId: '1', kind: 'percent_drop', percent: 10, basis: 'landed' }, true],
    ['an unknown basis', { productId: '1', targetPrice: 5, basis: 'delivered' }, false],
    [
      'a landed lowest-in-N (history lows are item prices)',
      { productId: '1', kind: 'lowest_in_days', days: 30, basis: 'landed' },
      false,
    ],
  ])('POST: %s → valid %s', (_c, body, valid) => {
    expect(CreateAlertRequestSchema.safeParse(body).success).toBe(valid);
  });

  it.each([
    ['the basis alone', { basis: 'landed' }, true],
    ['an unknown basis', { basis: 'shipping' }, false],
    ['landed with a lowest-in-N kind', { kind: 'lowest_in_days', days: 90, basis: 'landed' }, false],
  ])('PATCH: %s → valid %s', (_c, body, valid) => {
    expect(UpdateAlertRequestSchema.safeParse(body).success).toBe(valid);
  });
});
