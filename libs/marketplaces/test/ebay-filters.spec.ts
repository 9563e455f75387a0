import {
  buildEbayFilter,
  buildEbaySearchParams,
  ebayMarketplaceId,
  ebayPage,
  ebaySiteCurrency,
  ebaySort,
} from '../src/ebay/ebay-filters';

describe('eBay search filters', () => {
  // §9 condition ids: new 1000, used 3000, refurbished 2000 and 2500.
  it.each([
    [{ condition: 'new' as const }, 'conditionIds:{1000}'],
    [{ condition: 'used' as const }, 'conditionIds:{3000}'],
    [{ condition: 'refurbished' as const }, 'conditionIds:{2000|2500}'],
    [{ condition: ['new', 'refurbished'] as const }, 'conditionIds:{1000|2000|2500}'],
    [{ minPrice: 10, maxPrice: 50, currency: 'USD' }, 'price:[10..50],priceCurrency:USD'],
    [{ minPrice: 10 }, 'price:[10..],priceCurrency:USD'],
    [{ maxPrice: 49.999 }, 'price:[..50],priceCurrency:USD'],
    [{ maxPrice: 20, region: 'uk' as const }, 'price:[..20],priceCurrency:GBP'],
    [{ maxPrice: 20, region: 'br' as const }, 'price:[..20],priceCurrency:USD'],
    [{ maxPrice: 20, currency: 'eur' }, 'price:[..20],priceCurrency:EUR'],
    [
      { condition: 'used' as const, minPrice: 5, maxPrice: 9, currency: 'USD' },
      'conditionIds:{3000},price:[5..9],priceCurrency:USD',
    ],
    [{ minPrice: -1 }, ''],
    [{}, ''],
  ])('builds %j as %s', (query, expected) => {
    expect(buildEbayFilter(query)).toBe(expected);
  });

  it.each([
    ['us', 'EBAY_US'],
    ['uk', 'EBAY_GB'],
    ['de', 'EBAY_DE'],
    ['jp', 'EBAY_JP'],
    ['br', 'EBAY_US'],
    ['kr', 'EBAY_US'],
  ] as const)('sends X-EBAY-C-MARKETPLACE-ID for region %s as %s (§9)', (region, id) => {
    expect(ebayMarketplaceId(region)).toBe(id);
  });

  it('uses the site currency of mapped regions and USD for fallbacks', () => {
    expect(ebaySiteCurrency('ca')).toBe('CAD');
    expect(ebaySiteCurrency('kr')).toBe('USD');
  });

  it.each([
    [undefined, undefined, { limit: 20, offset: 0 }],
    [500, 0, { limit: 200, offset: 0 }],
    [0, -5, { limit: 1, offset: 0 }],
    [50, 9_990, { limit: 10, offset: 9_990 }],
  ])('pages limit %s offset %s as %j (default 20, ≤ 200, ≤ 10,000 reachable)', (limit, offset, expected) => {
    expect(ebayPage(limit, offset)).toEqual(expected);
  });

  it('has no page past the 10,000 reachable items', () => {
    expect(ebayPage(20, 10_000)).toBeUndefined();
  });

  it('maps sorts to the Browse values and leaves relevance to Best Match', () => {
    expect(ebaySort('price_asc')).toBe('price');
    expect(ebaySort('price_desc')).toBe('-price');
    expect(ebaySort('newest')).toBe('newlyListed');
    expect(ebaySort('relevance')).toBeUndefined();
  });

  it('builds q, limit, offset, one category id, filter and sort', () => {
    const params = buildEbaySearchParams(
      {
        q: ' drone ',
        categoryIds: ['', '293', '11700'],
        condition: 'new',
        minPrice: 10,
        maxPrice: 50,
        currency: 'USD',
        sort: 'price_asc',
      },
      { limit: 20, offset: 40 },
    );
    expect(Object.fromEntries(params)).toEqual({
      q: 'drone',
      limit: '20',
      offset: '40',
      category_ids: '293',
      filter: 'conditionIds:{1000},price:[10..50],priceCurrency:USD',
      sort: 'price',
    });
  });
});
