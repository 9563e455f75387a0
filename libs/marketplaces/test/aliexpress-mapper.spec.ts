import { mapAliExpressProduct } from '../src/aliexpress/aliexpress-mapper';

const NOW = Date.UTC(2025, 0, 2);
const ctx = { affiliate: false, now: () => NOW };

/** The reference §2 sample product. */
const sample = () => ({
  product_id: '1005006123456789',
  product_title: 'TWS Wireless Earbuds',
  target_sale_price: '12.34',
  target_sale_price_currency: 'USD',
  target_original_price: '24.68',
  target_original_price_currency: 'USD',
  discount: '50%',
  product_main_image_url: 'https://ae-pic-a1.aliexpress-media.com/kf/S1a.jpg',
  product_small_image_urls: { string: ['https://ae-pic-a1.aliexpress-media.com/kf/S3c.jpg'] },
  product_detail_url: 'https://www.aliexpress.com/item/1005006123456789.html',
  promotion_link: 'https://s.click.aliexpress.com/e/_DmX',
  evaluate_rate: '97.5%',
  lastest_volume: 1520,
  shop_id: 1102345678,
  shop_url: 'https://www.aliexpress.com/store/1102345678',
});

function mapped(raw: unknown, context = ctx) {
  const result = mapAliExpressProduct(raw, context);
  if (!result.ok) throw new Error(`dropped: ${result.issues.join('; ')}`);
  return result.product;
}

describe('mapAliExpressProduct', () => {
  // ARCHITECTURE §6: target_sale_price is converted to the asked currency; the store's own price
  // (sale_price) is what the listing's history records.
  it("keeps the store's own price beside the converted one", () => {
    const product = mapped({
      ...sample(),
      target_sale_price: '1844.83',
      target_sale_price_currency: 'JPY',
      target_original_price: '3689.66',
      target_original_price_currency: 'JPY',
      sale_price: '12.34',
      sale_price_currency: 'usd',
    });
    expect(product.price).toMatchObject({ amount: 1844.83, currency: 'JPY' });
    expect(product.listingPrice).toEqual({ amount: 12.34, currency: 'USD' });
  });

  it('maps the reference sample to a MarketplaceProduct', () => {
    expect(mapped(sample())).toEqual({
      id: 'aliexpress_1005006123456789',
      title: 'TWS Wireless Earbuds',
      description: '',
      price: { amount: 12.34, currency: 'USD', formattedPrice: '$12.34' },
      listingPrice: { amount: 12.34, currency: 'USD' },
      originalPrice: 24.68,
      currency: 'USD',
      imageUrl: 'https://ae-pic-a1.aliexpress-media.com/kf/S1a.jpg',
      images: [
        'https://ae-pic-a1.aliexpress-media.com/kf/S1a.jpg',
        'https://ae-pic-a1.aliexpress-media.com/kf/S3c.jpg',
      ],
      url: 'https://www.aliexpress.com/item/1005006123456789.html',
      marketplace: 'aliexpress',
      marketplaceName: 'AliExpress',
      rating: 4.88,
      reviewCount: 1520,
      seller: {
        name: 'AliExpress store 1102345678',
        rating: 4.88,
        url: 'https://www.aliexpress.com/store/1102345678',
      },
      shipping: { price: 0, formattedPrice: '$0.00', isFree: false, estimatedDelivery: '7-15 days' },
      freeShipping: false,
      availability: 'in_stock',
      features: ['1520 sold recently'],
      specifications: {},
      categories: [],
      condition: 'New',
      lastUpdated: '2025-01-02T00:00:00.000Z',
      isSponsored: false,
      discount: 50,
    });
  });

  it('uses promotion_link as the url when a tracking id is configured', () => {
    expect(mapped(sample(), { ...ctx, affiliate: true }).url).toBe('https://s.click.aliexpress.com/e/_DmX');
    expect(mapped({ ...sample(), promotion_link: undefined }, { ...ctx, affiliate: true }).url).toBe(
      'https://www.aliexpress.com/item/1005006123456789.html',
    );
  });

  // §9: evaluate rate ÷ 20; without one the default rating 4.2.
  it.each([
    ['97.5%', 4.88],
    ['100%', 5],
    [90, 4.5],
    ['', 4.2],
    [undefined, 4.2],
  ])('rates evaluate_rate %j as %s', (evaluate_rate, rating) => {
    expect(mapped({ ...sample(), evaluate_rate }).rating).toBe(rating);
  });

  // §5: a shipping cost over 100 is replaced by the cheapest option costing 50 or less, when one exists.
  it.each([
    ['a normal fee is kept', '8.00', [], 8],
    ['exactly 100 is kept', '100.00', ['20.00'], 100],
    ['over 100 → cheapest option ≤ 50', '120.00', ['60.00', '45.00', '12.50'], 12.5],
    ['over 100 without a cheap option is kept', '150.00', ['60.00', '51.00'], 150],
    ['over 100 without options is kept', '101.00', [], 101],
    ['free shipping', '0.00', [], 0],
  ])('shipping: %s', (_case, fee, options, expected) => {
    const product = mapped({
      ...sample(),
      shipping_fee: fee,
      shipping_options: { shipping_option: options.map((shipping_fee) => ({ shipping_fee })) },
    });
    expect(product.shipping.price).toBe(expected);
    expect(product.freeShipping).toBe(expected === 0);
  });

  // §5: products without id or title are discarded; the MarketplaceProduct checks apply.
  it.each([
    ['no product_id', { product_id: undefined }],
    ['blank product_id', { product_id: '' }],
    ['no title', { product_title: undefined }],
    ['blank title', { product_title: ' ' }],
    ['no price', { target_sale_price: undefined }],
    ['price over 1,000,000', { target_sale_price: '2000000' }],
    ['original below price', { target_original_price: '10.00' }],
    ['no currency', { target_sale_price_currency: undefined }],
    ['no url', { product_detail_url: undefined }],
    ['seller url that does not parse', { shop_url: 'not a url' }],
  ])('drops a product with %s', (_case, patch) => {
    expect(mapAliExpressProduct({ ...sample(), ...patch }, ctx).ok).toBe(false);
  });

  it('falls back to sale_price in the store currency when there is no target price', () => {
    const product = mapped({
      ...sample(),
      target_sale_price: undefined,
      target_original_price: undefined,
      sale_price: '15.00',
      sale_price_currency: 'EUR',
      original_price: '20.00',
    });
    expect(product.price).toEqual({ amount: 15, currency: 'EUR', formattedPrice: '€15.00' });
    expect(product.originalPrice).toBe(20);
  });

  it('keeps every digit of a numeric product id', () => {
    expect(mapped({ ...sample(), product_id: 1005006123456789 }).id).toBe('aliexpress_1005006123456789');
  });
});
