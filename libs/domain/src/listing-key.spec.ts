import {
  listingIdOf,
  listingKeyOf,
  listingKeyOfProduct,
  marketplaceOfProduct,
  productPageIdOf,
} from './listing-key';

describe(listingIdOf.name, () => {
  it.each([
    [
      'ARCHITECTURE §6: eBay pipe id without variation → legacy item id',
      'ebay',
      'v1|285112233445|0',
      '285112233445',
    ],
    ['eBay pipe id, encoded', 'ebay', 'v1%7C285112233445%7C0', '285112233445'],
    ['eBay legacy id', 'ebay', '285112233445', '285112233445'],
    ['eBay prefixed id', 'ebay', 'ebay_285112233445', '285112233445'],
    ['eBay pipe id with no variation segment', 'ebay', 'v1|285112233445', '285112233445'],
    ['eBay variation kept', 'ebay', 'v1|285112233445|456', 'v1|285112233445|456'],
    ['eBay variation, encoded', 'ebay', 'v1%7C285112233445%7C456', 'v1|285112233445|456'],
    ['eBay variation "000" is the plain item', 'ebay', 'v1|285112233445|000', '285112233445'],
    ['AliExpress prefixed', 'aliexpress', 'aliexpress_1005006123456789', '1005006123456789'],
    ['AliExpress bare', 'aliexpress', '1005006123456789', '1005006123456789'],
    ['AliExpress ali_ form', 'aliexpress', 'ali_1005006123456789', '1005006123456789'],
    ['sample marketplace normalised', 'amazon', 'amazon_B08N5WRWNW', 'B08N5WRWNW'],
  ] as const)('%s', (_row, marketplace, raw, expected) =>
    expect(listingIdOf(marketplace, raw)).toBe(expected),
  );

  it('two variations of one item are two listings', () => {
    expect(listingIdOf('ebay', 'v1|285112233445|456')).not.toBe(listingIdOf('ebay', 'v1|285112233445|789'));
  });

  it('is idempotent', () => {
    for (const raw of ['v1|285112233445|456', 'ebay_285112233445', 'v1|285112233445|0']) {
      const once = listingIdOf('ebay', raw);
      expect(listingIdOf('ebay', once)).toBe(once);
    }
  });
});

describe(listingKeyOf.name, () => {
  it('prefixes the marketplace', () => {
    expect(listingKeyOf('ebay', 'v1|285112233445|0')).toBe('ebay:285112233445');
    expect(listingKeyOf('ebay', 'v1|285112233445|7')).toBe('ebay:v1|285112233445|7');
  });
});

describe(listingKeyOfProduct.name, () => {
  it.each([
    [
      'the named marketplace wins',
      { productId: '1005006123456789', marketplace: 'ebay' },
      'ebay:1005006123456789',
    ],
    [
      'an unknown name falls through to the source',
      { productId: '285112233445', marketplace: 'Unknown', source: 'eBay' },
      'ebay:285112233445',
    ],
    [
      '§5 source before URL',
      { productId: 'v1|285112233445|0', source: 'eBay', url: 'https://www.aliexpress.com/item/1.html' },
      'ebay:285112233445',
    ],
    [
      '§5 URL before id',
      { productId: '285112233445', url: 'https://www.ebay.com/itm/285112233445' },
      'ebay:285112233445',
    ],
    [
      '§5 id pattern last: 10+ digits are cross-border',
      { productId: '285112233445' },
      'aliexpress:285112233445',
    ],
    ['prefixed id', { productId: 'ebay_285112233445' }, 'ebay:285112233445'],
  ] as const)('%s', (_row, product, expected) => {
    expect(listingKeyOfProduct(product)).toBe(expected);
    expect(listingKeyOfProduct(product).startsWith(`${marketplaceOfProduct(product)}:`)).toBe(true);
  });
});

describe(productPageIdOf.name, () => {
  it.each([
    [
      'eBay item without variation: the Browse API id the catalog finds',
      'ebay',
      '285112233445',
      'v1|285112233445|0',
    ],
    ['eBay variation: its own pipe id', 'ebay', 'v1|285112233445|456', 'v1|285112233445|456'],
    ['AliExpress: the prefixed id', 'aliexpress', '1005006123456789', 'aliexpress_1005006123456789'],
    ['sample marketplace: the listing id', 'amazon', 'B08N5WRWNW', 'B08N5WRWNW'],
  ] as const)('%s', (_row, marketplace, listingId, expected) =>
    expect(productPageIdOf(marketplace, listingId)).toBe(expected),
  );

  it('opens the listing the page was opened with (round trip through listingIdOf)', () => {
    for (const [marketplace, pageId] of [
      ['ebay', 'v1|285112233445|0'],
      ['ebay', 'v1|285112233445|7'],
      ['aliexpress', 'aliexpress_1005006123456789'],
    ] as const)
      expect(productPageIdOf(marketplace, listingIdOf(marketplace, pageId))).toBe(pageId);
  });
});
