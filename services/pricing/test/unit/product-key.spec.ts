import { randomUUID } from 'node:crypto';
import { checkObservation } from '../../src/services/observation';
import { canonicalProductId } from '../../src/services/product-key';

describe(canonicalProductId.name, () => {
  it.each([
    ['ebay', 'v1|285112233445|0', '285112233445'],
    ['ebay', 'v1%7C285112233445%7C0', '285112233445'],
    ['ebay', 'ebay_285112233445', '285112233445'],
    ['ebay', '285112233445', '285112233445'],
    ['aliexpress', 'aliexpress_1005006123456789', '1005006123456789'],
    ['aliexpress', 'ae_1005006123456789', '1005006123456789'],
    ['aliexpress', '1005006123456789', '1005006123456789'],
    ['amazon', 'amazon_B0ABCDEF12', 'B0ABCDEF12'],
  ] as const)('%s %s → %s (§5 normalisation)', (marketplace, id, expected) => {
    expect(canonicalProductId(marketplace, id)).toBe(expected);
  });

  it.each([
    ['v1|285112233445|998877', 'v1|285112233445|998877'],
    ['v1%7C285112233445%7C998877', 'v1|285112233445|998877'],
    ['v1|285112233445|000', '285112233445'],
  ])('ARCHITECTURE §6: the eBay variation is part of the listing (%s → %s)', (id, expected) => {
    expect(canonicalProductId('ebay', id)).toBe(expected);
  });
});

describe(checkObservation.name, () => {
  const envelope = (payload: Record<string, unknown>) => ({
    id: randomUUID(),
    type: 'price.observed',
    version: 1,
    occurredAt: '2025-01-01T00:00:00.000Z',
    key: 'ebay:1',
    payload: {
      productId: 'v1|285112233445|0',
      marketplace: 'ebay',
      price: 19.999,
      currency: 'USD',
      observedAt: '2025-01-01T00:00:00.000Z',
      source: 'lookup',
      ...payload,
    },
  });

  it('canonicalises the id and rounds the price to what numeric(12,2) stores', () => {
    const check = checkObservation(envelope({}));
    expect(check).toEqual({
      ok: true,
      observation: expect.objectContaining({ productId: '285112233445', price: 20, currency: 'USD' }),
    });
  });

  it.each([
    [{ productId: undefined }, 'missing_product_id'],
    [{ productId: '  ' }, 'missing_product_id'],
    [{ price: 0 }, 'non_positive_price'],
    [{ price: 0.001 }, 'non_positive_price'],
    [{ currency: 'ZZZ' }, 'unknown_currency'],
    [{ price: '12' }, 'invalid_payload'],
    [{ source: 'guess' }, 'invalid_payload'],
  ])('rejects %j as %s', (patch, reason) => {
    expect(checkObservation(envelope(patch))).toEqual(expect.objectContaining({ ok: false, reason }));
  });
});
