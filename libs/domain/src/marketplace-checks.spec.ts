import {
  AUCTION_CONDITION_IDS,
  CROSS_BORDER_DEFAULT_SORT,
  DEFAULT_PRODUCT_RATING,
  DEFAULT_SHIPPING_ESTIMATE,
  MARKETPLACE_PRODUCT_ISSUES as I,
  MarketplaceProductFields,
  PLACEHOLDER_IMAGE_URL,
  PRODUCT_MESSAGES,
  UNKNOWN_PRODUCT_DEFAULTS,
  auctionConditionFilter,
  auctionSellerRating,
  checkMarketplaceProduct,
  crossBorderRating,
  isMarketplaceRateLimitMessage,
  isUsableAuctionItem,
  isUsableCrossBorderProduct,
  marketplaceSignals,
  popularity,
  reasonableShippingCost,
  reviewQuality,
  sanitizeImageUrl,
  withUnknownProductDefaults,
} from './marketplace-checks';

const valid: MarketplaceProductFields = {
  id: 'v1|285112233445|0',
  title: 'Mini Drone 4K',
  currency: 'USD',
  imageUrl: 'https://i.ebayimg.com/images/g/abc/s-l225.jpg',
  marketplaceName: 'eBay',
  url: 'https://www.ebay.com/itm/285112233445',
  price: { amount: 89.99 },
  originalPrice: 119.99,
  rating: 4.9,
  reviewCount: 4821,
  seller: { url: 'https://www.ebay.com/usr/skyshop' },
};

describe(checkMarketplaceProduct.name, () => {
  it('§5 a complete product passes', () => {
    expect(checkMarketplaceProduct(valid)).toEqual([]);
  });

  it.each([
    ['§5 required id', { id: '' }, [I.missing('id')]],
    ['§5 required title', { title: '  ' }, [I.missing('title')]],
    ['§5 required currency', { currency: null }, [I.missing('currency')]],
    ['§5 required image url', { imageUrl: undefined }, [I.missing('imageUrl')]],
    ['§5 required marketplace name', { marketplaceName: '' }, [I.missing('marketplaceName')]],
    ['§5 required url', { url: '' }, [I.missing('url')]],
    ['§5 price 0 is refused', { price: { amount: 0 } }, [I.price]],
    ['§5 missing price is refused', { price: null }, [I.price]],
    ['§5 price over 1,000,000', { price: { amount: 1_000_000.01 }, originalPrice: null }, [I.price]],
    ['§5 price of exactly 1,000,000 passes', { price: { amount: 1_000_000 }, originalPrice: null }, []],
    ['§5 originalPrice below price', { originalPrice: 50 }, [I.originalPrice]],
    ['§5 originalPrice equal to price passes', { originalPrice: 89.99 }, []],
    ['§5 rating above 5', { rating: 5.1 }, [I.rating]],
    ['§5 rating below 0', { rating: -0.1 }, [I.rating]],
    ['§5 rating 0 and 5 pass', { rating: 0 }, []],
    ['§5 negative review count', { reviewCount: -1 }, [I.reviewCount]],
    ['§5 zero reviews pass', { reviewCount: 0 }, []],
    ['§5 url must parse', { url: 'not a url' }, [I.url('url')]],
    ['§5 image url must parse', { imageUrl: '//cdn/x.jpg' }, [I.url('imageUrl')]],
    ['§5 the sanitising placeholder image is accepted', { imageUrl: PLACEHOLDER_IMAGE_URL }, []],
    ['§5 seller url must parse', { seller: { url: 'nope' } }, [I.url('seller.url')]],
  ])('%s', (_row, patch, issues) => {
    expect(checkMarketplaceProduct({ ...valid, ...patch } as MarketplaceProductFields)).toEqual(issues);
  });
});

describe(isUsableAuctionItem.name, () => {
  it.each([
    ['§5 complete item', { itemId: 'v1|1|0', title: 'Drone', price: { value: '89.99' } }, true],
    ['§5 numeric price', { itemId: 'v1|1|0', title: 'Drone', price: 5 }, true],
    ['§5 missing itemId', { title: 'Drone', price: { value: '1' } }, false],
    ['§5 missing title', { itemId: 'v1|1|0', price: { value: '1' } }, false],
    ['§5 zero price dropped', { itemId: 'v1|1|0', title: 'Drone', price: { value: '0.00' } }, false],
    ['§5 unreadable price dropped', { itemId: 'v1|1|0', title: 'Drone', price: { value: 'n/a' } }, false],
    ['§5 missing price dropped', { itemId: 'v1|1|0', title: 'Drone', price: null }, false],
  ])('%s', (_row, item, expected) => expect(isUsableAuctionItem(item)).toBe(expected));
});

describe(isUsableCrossBorderProduct.name, () => {
  it.each([
    ['§5 id and title', { product_id: 1005006123456789, product_title: 'Earbuds' }, true],
    ['§5 no id discarded', { product_title: 'Earbuds' }, false],
    ['§5 no title discarded', { product_id: 1 }, false],
    ['§5 blank title discarded', { product_id: 1, product_title: ' ' }, false],
  ])('%s', (_row, p, expected) => expect(isUsableCrossBorderProduct(p)).toBe(expected));
});

describe(reasonableShippingCost.name, () => {
  it.each([
    ['§5 100 or less is kept', 100, [5], 100],
    ['§5 over 100 replaced by the cheapest option ≤ 50', 120, [60, 45, 12.5], 12.5],
    ['§5 option of exactly 50 qualifies', 150, [50, 70], 50],
    ['§5 no alternative ≤ 50: kept', 150, [51, 80], 150],
    ['§5 no alternatives: kept', 150, [], 150],
    ['free alternative wins', 101, [0, 10], 0],
  ])('%s', (_row, cost, options, expected) => expect(reasonableShippingCost(cost, options)).toBe(expected));
});

describe(sanitizeImageUrl.name, () => {
  it.each([
    ['§5 https kept', 'https://i.ebayimg.com/a.jpg', 'https://i.ebayimg.com/a.jpg'],
    ['§5 http kept', 'http://example.com/a.png', 'http://example.com/a.png'],
    ['§5 javascript: replaced', 'javascript:alert(1)', PLACEHOLDER_IMAGE_URL],
    ['§5 data: replaced', 'data:image/png;base64,AAAA', PLACEHOLDER_IMAGE_URL],
    ['§5 relative replaced', '/img/a.png', PLACEHOLDER_IMAGE_URL],
    ['§5 empty replaced', '', PLACEHOLDER_IMAGE_URL],
    ['§5 null replaced', null, PLACEHOLDER_IMAGE_URL],
  ])('%s', (_row, url, expected) => expect(sanitizeImageUrl(url)).toBe(expected));
});

describe(withUnknownProductDefaults.name, () => {
  it('§8 fills Unknown Product, placeholder image, Standard shipping and source Unknown', () => {
    expect(
      withUnknownProductDefaults({ id: 'x', title: '', image: null, shipping: undefined, source: ' ' }),
    ).toEqual({
      id: 'x',
      title: 'Unknown Product',
      image: PLACEHOLDER_IMAGE_URL,
      shipping: 'Standard shipping',
      source: 'Unknown',
    });
    expect(UNKNOWN_PRODUCT_DEFAULTS).toEqual({
      title: 'Unknown Product',
      image: PLACEHOLDER_IMAGE_URL,
      shipping: 'Standard shipping',
      source: 'Unknown',
    });
  });

  it('§8 keeps known values', () => {
    const p = { title: 'Drone', image: 'https://x.com/a.jpg', shipping: 'Free', source: 'eBay' };
    expect(withUnknownProductDefaults(p)).toEqual(p);
  });
});

describe('ratings and scores', () => {
  it.each([
    ['§9 seller feedback 99.2% → 4.96', '99.2', 4.96],
    ['§9 seller feedback number', 90, 4.5],
    ['§9 seller feedback default 98 → 4.9', undefined, 4.9],
    ['§9 unreadable feedback uses the default', 'n/a', 4.9],
  ])('%s', (_row, input, expected) => expect(auctionSellerRating(input)).toBeCloseTo(expected, 10));

  it.each([
    ['§9 evaluate rate "97.5%" → 4.875', '97.5%', 4.875],
    ['§9 evaluate rate number', 80, 4],
    ['§9 missing evaluate rate → default rating 4.2', null, DEFAULT_PRODUCT_RATING],
  ])('%s', (_row, input, expected) => expect(crossBorderRating(input)).toBeCloseTo(expected, 10));

  it.each([
    ['§9 over 1000 orders', 1001, 'High'],
    ['§9 exactly 1000', 1000, 'Medium'],
    ['§9 over 100', 101, 'Medium'],
    ['§9 exactly 100', 100, 'Low'],
    ['§9 none', 0, 'Low'],
  ])('popularity %s', (_row, orders, expected) => expect(popularity(orders)).toBe(expected));

  it.each([
    ['§9 over 80', 81, 'Excellent'],
    ['§9 exactly 80', 80, 'Good'],
    ['§9 over 60', 61, 'Good'],
    ['§9 exactly 60', 60, 'Fair'],
  ])('review quality %s', (_row, score, expected) => expect(reviewQuality(score)).toBe(expected));

  it.each([
    [
      '§9 cross-border: orders → popularity, evaluate rate → quality',
      'aliexpress',
      4.875,
      1500,
      { popularity: { level: 'High', orders: 1500 }, reviewQuality: 'Excellent' },
    ],
    [
      '§9 cross-border with 101 orders at 62%',
      'aliexpress',
      3.1,
      101,
      { popularity: { level: 'Medium', orders: 101 }, reviewQuality: 'Good' },
    ],
    [
      '§9 auction: the count is seller feedback, not orders',
      'ebay',
      4.9,
      5000,
      { reviewQuality: 'Excellent' },
    ],
    ['§9 sample at 3.0 (60%)', 'amazon', 3, 40, { reviewQuality: 'Fair' }],
  ])('marketplace signals: %s', (_row, marketplace, rating, reviews, expected) =>
    expect(marketplaceSignals({ marketplace, rating, reviews })).toEqual(expected),
  );

  it('§9 constants', () => {
    expect(DEFAULT_PRODUCT_RATING).toBe(4.2);
    expect(CROSS_BORDER_DEFAULT_SORT).toBe('LAST_VOLUME_DESC');
    expect(DEFAULT_SHIPPING_ESTIMATE).toBe('7-15 days');
  });
});

describe(auctionConditionFilter.name, () => {
  it.each([
    ['§9 new 1000', ['new'], 'conditionIds:{1000}'],
    ['§9 used 3000', ['used'], 'conditionIds:{3000}'],
    ['§9 refurbished 2000 and 2500', ['refurbished'], 'conditionIds:{2000|2500}'],
    ['§9 several', ['new', 'used', 'new'], 'conditionIds:{1000|3000}'],
    ['§9 none', [], ''],
  ] as const)('%s', (_row, conditions, expected) =>
    expect(auctionConditionFilter(conditions)).toBe(expected),
  );

  it('§9 ids', () =>
    expect(AUCTION_CONDITION_IDS).toEqual({ new: ['1000'], used: ['3000'], refurbished: ['2000', '2500'] }));
});

describe('§8 product errors', () => {
  it.each([
    ['§8 rate limit mentioned', 'Rate limit exceeded', true],
    ['§8 other error', 'Internal error', false],
    ['§8 missing', undefined, false],
  ])('%s', (_row, message, expected) => expect(isMarketplaceRateLimitMessage(message)).toBe(expected));

  it('§8 exact messages', () => {
    expect(PRODUCT_MESSAGES.noEbayResponse).toBe('No valid response from eBay API');
    expect(PRODUCT_MESSAGES.notFound).toBe('Product not found');
    expect(PRODUCT_MESSAGES.aliexpressRequestFailed).toBe('AliExpress API request failed');
    expect(PRODUCT_MESSAGES.aliexpressFailed('timeout')).toBe('AliExpress API failed: timeout');
  });
});
