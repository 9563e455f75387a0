import type { CatalogProduct } from '@pt/contracts/catalog-api';
import {
  DEFAULT_PRODUCT_RATING,
  discountPercent,
  formatPrice,
  MARKETPLACE_NAMES,
  placeholderProduct,
  sampleImageUrl,
  type SampleProduct,
} from '@pt/domain';
import { checkProduct, type MarketplaceProduct } from '@pt/marketplaces';
import { convertWithFallbackRates } from './region-currency';

/**
 * The §3 app shape ("Product") the web app renders, built from whatever answered: a driver's
 * MarketplaceProduct, a static sample or the auction placeholder. Cache rows are converted by the
 * repository, which stores this same shape.
 */

const OUT_OF_STOCK = 'out_of_stock';

/** "Free shipping", "$4.99 shipping", with the delivery estimate when the marketplace gives one. */
function shippingText(shipping: MarketplaceProduct['shipping']): string {
  const cost = shipping.isFree ? 'Free shipping' : `${shipping.formattedPrice} shipping`;
  return shipping.estimatedDelivery ? `${cost}, ${shipping.estimatedDelivery}` : cost;
}

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null;

/**
 * The drivers only return products that passed the §5 checks; this guard repeats them (and the
 * shape this mapping reads) so that a driver bug can never put garbage in front of a shopper.
 */
export function isPresentable(p: MarketplaceProduct): boolean {
  try {
    return (
      isObject(p) &&
      isObject(p.price) &&
      isObject(p.shipping) &&
      isObject(p.seller) &&
      Array.isArray(p.images) &&
      Array.isArray(p.categories) &&
      checkProduct(p).ok
    );
  } catch {
    return false;
  }
}

/** The presentable products of a marketplace answer, in the app shape. */
export function presentable(products: readonly MarketplaceProduct[] | undefined): CatalogProduct[] {
  return (products ?? []).filter(isPresentable).map(fromMarketplaceProduct);
}

export function fromMarketplaceProduct(p: MarketplaceProduct): CatalogProduct {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    price: p.price.amount,
    currency: p.currency,
    ...(p.originalPrice !== undefined ? { originalPrice: p.originalPrice } : {}),
    shipping: shippingText(p.shipping),
    shippingCost: p.shipping.price,
    image: p.imageUrl,
    images: p.images,
    rating: p.rating,
    reviews: p.reviewCount,
    source: p.marketplaceName,
    url: p.url,
    features: p.features,
    specifications: p.specifications,
    availability: p.availability,
    seller: p.seller.name,
    condition: p.condition,
    ...(p.categories[0] ? { category: p.categories[0] } : {}),
    marketplace: p.marketplace,
    marketplaceName: p.marketplaceName,
    ...(p.location ? { location: p.location } : {}),
    ...(p.listingPrice && p.listingPrice.currency !== p.currency && p.listingPrice.amount > 0
      ? { listingPrice: { amount: p.listingPrice.amount, currency: p.listingPrice.currency } }
      : {}),
    ...(p.identifiers ? { identifiers: p.identifiers } : {}),
    timestamp: p.lastUpdated,
    ...(p.discount !== undefined ? { discount: p.discount } : {}),
    isSponsored: p.isSponsored,
    inStock: p.availability !== OUT_OF_STOCK,
  };
}

export function fromSample(s: SampleProduct, now: Date): CatalogProduct {
  const discount = discountPercent(s.price, s.originalPrice);
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    price: s.price,
    currency: 'USD',
    originalPrice: s.originalPrice,
    shipping: s.shipping,
    image: sampleImageUrl(s.image),
    images: [sampleImageUrl(s.image)],
    rating: s.rating,
    reviews: s.reviews,
    source: s.source,
    url: s.url,
    features: [],
    specifications: {},
    availability: 'in_stock',
    condition: s.condition,
    category: s.category,
    marketplace: s.marketplace,
    marketplaceName: MARKETPLACE_NAMES[s.marketplace],
    timestamp: now.toISOString(),
    ...(discount !== undefined ? { discount } : {}),
    isSponsored: false,
    inStock: true,
  };
}

/**
 * A static sample priced in `currency` with the §9 fallback rates (samples are illustrative data,
 * so an approximate conversion is honest enough), including "$9.99 shipping" in its shipping text.
 * Undefined when the currency is not in the fallback table.
 */
export function sampleInCurrency(sample: CatalogProduct, currency: string): CatalogProduct | undefined {
  if (sample.currency === currency) return sample;
  const convert = (amount: number) => convertWithFallbackRates(amount, sample.currency, currency);
  const price = convert(sample.price);
  if (price === undefined) return undefined;
  const originalPrice = sample.originalPrice === undefined ? undefined : convert(sample.originalPrice);
  const shipping = sample.shipping?.replace(/\$(\d+(?:\.\d+)?)/g, (text, amount: string) => {
    const converted = convert(Number(amount));
    return converted === undefined ? text : formatPrice(converted, currency);
  });
  return {
    ...sample,
    price,
    currency,
    ...(originalPrice !== undefined ? { originalPrice } : {}),
    ...(shipping !== undefined ? { shipping } : {}),
  };
}

/**
 * §4: the auction placeholder (price 0, 'being loaded' text) in the app shape. Nothing is known of
 * its rating, so it has §3's default 4.2 like any product without one.
 */
export function fromPlaceholder(id: string, itemId: string, now: Date): CatalogProduct {
  const p = placeholderProduct(id, itemId);
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    price: p.price,
    currency: p.currency,
    images: [],
    rating: DEFAULT_PRODUCT_RATING,
    reviews: 0,
    source: p.source,
    url: p.url,
    features: [],
    specifications: {},
    availability: 'unknown',
    marketplace: p.marketplace,
    marketplaceName: p.marketplaceName,
    timestamp: now.toISOString(),
    shipping: 'Shipping to be confirmed',
    inStock: false,
  };
}
