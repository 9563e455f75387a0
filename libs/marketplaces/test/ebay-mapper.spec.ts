import { PLACEHOLDER_IMAGE_URL } from '@pt/domain';
import { mapEbayItem } from '../src/ebay/ebay-mapper';

const NOW = Date.UTC(2025, 0, 2, 3, 4, 5);
const ctx = { affiliate: false, now: () => NOW };

/** The reference §1 sample summary. */
const summary = () => ({
  itemId: 'v1|285112233445|0',
  legacyItemId: '285112233445',
  title: 'Mini Drone 4K',
  price: { value: '89.99', currency: 'USD' },
  image: { imageUrl: 'https://i.ebayimg.com/images/g/abc/s-l225.jpg' },
  itemWebUrl: 'https://www.ebay.com/itm/285112233445',
  itemAffiliateWebUrl: 'https://www.ebay.com/itm/285112233445?campid=5338',
  seller: { username: 'skyshop', feedbackPercentage: '99.2', feedbackScore: 4821 },
  condition: 'New',
  conditionId: '1000',
  buyingOptions: ['FIXED_PRICE'],
  shippingOptions: [{ shippingCostType: 'FIXED', shippingCost: { value: '0.00', currency: 'USD' } }],
  itemLocation: { postalCode: '917**', country: 'US' },
  marketingPrice: { originalPrice: { value: '119.99', currency: 'USD' }, discountPercentage: '25' },
  categories: [{ categoryId: '179697', categoryName: 'Camera Drones' }],
});

function mapped(raw: unknown, context = ctx) {
  const result = mapEbayItem(raw, context);
  if (!result.ok) throw new Error(`dropped: ${result.issues.join('; ')}`);
  return result.product;
}

describe('mapEbayItem', () => {
  it('maps the reference summary to a MarketplaceProduct', () => {
    expect(mapped(summary())).toEqual({
      id: 'v1|285112233445|0',
      title: 'Mini Drone 4K',
      description: '',
      price: { amount: 89.99, currency: 'USD', formattedPrice: '$89.99' },
      listingPrice: { amount: 89.99, currency: 'USD' },
      originalPrice: 119.99,
      currency: 'USD',
      imageUrl: 'https://i.ebayimg.com/images/g/abc/s-l225.jpg',
      images: ['https://i.ebayimg.com/images/g/abc/s-l225.jpg'],
      url: 'https://www.ebay.com/itm/285112233445',
      marketplace: 'ebay',
      marketplaceName: 'eBay',
      rating: 4.96,
      reviewCount: 4821,
      seller: { name: 'skyshop', rating: 4.96, url: 'https://www.ebay.com/usr/skyshop' },
      shipping: { price: 0, formattedPrice: '$0.00', isFree: true },
      freeShipping: true,
      availability: 'in_stock',
      features: ['New', 'fixed price'],
      specifications: {},
      categories: ['Camera Drones'],
      condition: 'New',
      location: 'US',
      lastUpdated: '2025-01-02T03:04:05.000Z',
      isSponsored: false,
      discount: 25,
    });
  });

  // ARCHITECTURE §6 "One history per listing, in the listing's currency": a US listing seen on
  // EBAY_DE is quoted in EUR; the seller's own price is what its history records.
  it("keeps the listing's own price when eBay converted it to the site currency", () => {
    const product = mapped({
      ...summary(),
      price: { value: '82.79', currency: 'EUR', convertedFromValue: '89.99', convertedFromCurrency: 'usd' },
    });
    expect(product.price).toEqual({ amount: 82.79, currency: 'EUR', formattedPrice: '€82.79' });
    expect(product.listingPrice).toEqual({ amount: 89.99, currency: 'USD' });
  });

  it.each([
    ['no convertedFromCurrency', { convertedFromValue: '89.99' }],
    ['an unreadable convertedFromValue', { convertedFromValue: 'n/a', convertedFromCurrency: 'USD' }],
  ])('records the shown price as the listing price with %s', (_case, extra) => {
    const product = mapped({ ...summary(), price: { value: '82.79', currency: 'EUR', ...extra } });
    expect(product.listingPrice).toEqual({ amount: 82.79, currency: 'EUR' });
  });

  it('uses itemAffiliateWebUrl when a campaign is configured, the plain url otherwise', () => {
    expect(mapped(summary(), { ...ctx, affiliate: true }).url).toBe(
      'https://www.ebay.com/itm/285112233445?campid=5338',
    );
    const { itemAffiliateWebUrl: _drop, ...withoutAffiliate } = summary();
    expect(mapped(withoutAffiliate, { ...ctx, affiliate: true }).url).toBe(
      'https://www.ebay.com/itm/285112233445',
    );
  });

  // §9: seller feedback percentage (default 98) ÷ 20.
  it.each([
    ['99.2', 4.96],
    [100, 5],
    ['90', 4.5],
    [undefined, 4.9],
    ['n/a', 4.9],
  ])('rates feedback %s as %s', (feedbackPercentage, rating) => {
    const raw = { ...summary(), seller: { username: 'x', feedbackPercentage } };
    expect(mapped(raw).rating).toBe(rating);
  });

  // §5: an auction item needs itemId, title and a positive price; the MarketplaceProduct checks apply.
  it.each([
    ['no itemId', { itemId: undefined }],
    ['blank title', { title: '  ' }],
    ['zero price', { price: { value: '0.00', currency: 'USD' } }],
    ['negative price', { price: { value: '-3', currency: 'USD' } }],
    ['price over 1,000,000', { price: { value: '1000000.01', currency: 'USD' } }],
    ['unreadable price', { price: { value: 'free', currency: 'USD' } }],
    ['no currency', { price: { value: '10.00' } }],
    [
      'original price below the price',
      { marketingPrice: { originalPrice: { value: '50.00', currency: 'USD' } } },
    ],
    ['no url', { itemWebUrl: undefined }],
    ['url that does not parse', { itemWebUrl: 'not a url' }],
    ['wrong type for title', { title: 42 }],
  ])('drops an item with %s', (_case, patch) => {
    expect(mapEbayItem({ ...summary(), ...patch }, ctx).ok).toBe(false);
  });

  it.each([null, 'text', 42, []])('drops a record that is not an object (%j) without throwing', (raw) => {
    expect(mapEbayItem(raw, ctx).ok).toBe(false);
  });

  it('accepts a price of exactly 1,000,000', () => {
    expect(
      mapped({ ...summary(), price: { value: '1000000', currency: 'USD' }, marketingPrice: undefined }).price
        .amount,
    ).toBe(1_000_000);
  });

  it('replaces a non-http image by the placeholder (§5) and keeps the item', () => {
    const product = mapped({ ...summary(), image: { imageUrl: 'javascript:alert(1)' } });
    expect(product.imageUrl).toBe(PLACEHOLDER_IMAGE_URL);
    expect(product.images).toEqual([PLACEHOLDER_IMAGE_URL]);
  });

  it('ignores fields of the wrong type instead of dropping the item', () => {
    const product = mapped({
      ...summary(),
      seller: 'skyshop',
      shippingOptions: 'free',
      categories: [null, { categoryName: 'Drones' }],
    });
    expect(product.seller.name).toBe('eBay seller');
    expect(product.shipping.isFree).toBe(false);
    expect(product.categories).toEqual(['Drones']);
  });

  it("keeps the item's product identifiers (gtin, mpn, brand, epid) for matching, none on a summary", () => {
    const product = mapped({
      ...summary(),
      brand: 'Sky',
      gtin: ' 012345678905 ',
      mpn: 'SK-4K',
      epid: '123456789',
    });
    expect(product.identifiers).toEqual({
      gtin: '012345678905',
      mpn: 'SK-4K',
      brand: 'Sky',
      epid: '123456789',
    });
    expect(mapped({ ...summary(), brand: 'Sky', gtin: '' }).identifiers).toEqual({ brand: 'Sky' });
    expect(mapped(summary()).identifiers).toBeUndefined();
  });

  it('reads the full item: description, aspects, category path, availability, delivery window, city', () => {
    const product = mapped({
      ...summary(),
      shortDescription: 'A small drone.',
      categoryPath: 'Cameras & Photo|Camera Drones',
      localizedAspects: [{ type: 'STRING', name: 'Brand', value: 'Sky' }],
      estimatedAvailabilities: [{ estimatedAvailabilityStatus: 'LIMITED_STOCK' }],
      itemLocation: { city: 'Austin', country: 'US' },
      additionalImages: [{ imageUrl: 'https://i.ebayimg.com/b.jpg' }, { imageUrl: 'ftp://x/y.jpg' }],
      shippingOptions: [
        {
          shippingCost: { value: '7.50', currency: 'USD' },
          minEstimatedDeliveryDate: '2025-01-05T08:00:00.000Z',
          maxEstimatedDeliveryDate: '2025-01-09T08:00:00.000Z',
        },
        {
          shippingCost: { value: '4.25', currency: 'USD' },
          minEstimatedDeliveryDate: '2025-01-06T08:00:00.000Z',
          maxEstimatedDeliveryDate: '2025-01-10T08:00:00.000Z',
        },
      ],
    });
    expect(product.description).toBe('A small drone.');
    expect(product.specifications).toEqual({ Brand: 'Sky' });
    expect(product.categories).toEqual(['Cameras & Photo', 'Camera Drones']);
    expect(product.availability).toBe('limited_stock');
    expect(product.location).toBe('Austin, US');
    expect(product.images).toEqual([
      'https://i.ebayimg.com/images/g/abc/s-l225.jpg',
      'https://i.ebayimg.com/b.jpg',
    ]);
    expect(product.shipping).toEqual({
      price: 4.25,
      formattedPrice: '$4.25',
      isFree: false,
      estimatedDelivery: '2025-01-06 – 2025-01-10',
    });
  });
});
