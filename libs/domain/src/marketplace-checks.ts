/** §5, §9: price bounds of a marketplace product. */
export const MIN_PRODUCT_PRICE_EXCLUSIVE = 0;
export const MAX_PRODUCT_PRICE = 1_000_000;

/** Where a missing or unsafe image points; the web app serves this file. */
export const PLACEHOLDER_IMAGE_URL = '/placeholder.svg';

/** §9 */
export const DEFAULT_PRODUCT_RATING = 4.2;
export const DEFAULT_SELLER_FEEDBACK_PERCENT = 98;
export const CROSS_BORDER_DEFAULT_SORT = 'LAST_VOLUME_DESC';
export const DEFAULT_SHIPPING_ESTIMATE = '7-15 days';

/** §8: what unknown product data falls back to. */
export const UNKNOWN_PRODUCT_DEFAULTS = {
  title: 'Unknown Product',
  image: PLACEHOLDER_IMAGE_URL,
  shipping: 'Standard shipping',
  source: 'Unknown',
} as const;

const blank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** §8: fills the four defaults where the field is missing or blank; other fields are kept. */
export function withUnknownProductDefaults<
  T extends {
    title?: string | null;
    image?: string | null;
    shipping?: string | null;
    source?: string | null;
  },
>(product: T): T & { title: string; image: string; shipping: string; source: string } {
  return {
    ...product,
    title: blank(product.title) ? UNKNOWN_PRODUCT_DEFAULTS.title : (product.title as string),
    image: sanitizeImageUrl(product.image),
    shipping: blank(product.shipping) ? UNKNOWN_PRODUCT_DEFAULTS.shipping : (product.shipping as string),
    source: blank(product.source) ? UNKNOWN_PRODUCT_DEFAULTS.source : (product.source as string),
  };
}

export function isParsableUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** §5: image URLs must be http or https, else the placeholder (blocks javascript:, data:, file:). */
export function sanitizeImageUrl(url: string | null | undefined): string {
  if (!url) return PLACEHOLDER_IMAGE_URL;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : PLACEHOLDER_IMAGE_URL;
  } catch {
    return PLACEHOLDER_IMAGE_URL;
  }
}

/** Accepts the API's string amounts ("89.99") as well as numbers. */
export function parseAmount(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number.parseFloat(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

// ---------------------------------------------------------------------------------------------
// Auction items (§5)

export interface RawAuctionItem {
  itemId?: string | null;
  title?: string | null;
  price?: { value?: string | number | null } | string | number | null;
}

export function auctionItemPrice(item: RawAuctionItem): number | undefined {
  const p = item.price;
  return parseAmount(typeof p === 'object' && p !== null ? p.value : p);
}

/** §5: an auction item needs itemId and title, and a positive price, else it is dropped. */
export function isUsableAuctionItem(item: RawAuctionItem): boolean {
  const price = auctionItemPrice(item);
  return !blank(item.itemId) && !blank(item.title) && price !== undefined && price > 0;
}

// ---------------------------------------------------------------------------------------------
// Cross-border products (§5)

/** §5: products without id or title are discarded. */
export function isUsableCrossBorderProduct(p: { product_id?: unknown; product_title?: unknown }): boolean {
  return !blank(p.product_id) && !blank(p.product_title);
}

export const UNREASONABLE_SHIPPING_COST = 100;
export const REASONABLE_SHIPPING_ALTERNATIVE_MAX = 50;

/** §5, §9: a shipping cost over 100 is replaced by the cheapest option costing 50 or less, if any. */
export function reasonableShippingCost(cost: number, alternatives: readonly number[] = []): number {
  if (!(cost > UNREASONABLE_SHIPPING_COST)) return cost;
  const cheap = alternatives.filter(
    (a) => Number.isFinite(a) && a >= 0 && a <= REASONABLE_SHIPPING_ALTERNATIVE_MAX,
  );
  return cheap.length > 0 ? Math.min(...cheap) : cost;
}

// ---------------------------------------------------------------------------------------------
// MarketplaceProduct checks (§5)

/** The fields the checks read; the full shape is `MarketplaceProduct` in @pt/contracts. */
export interface MarketplaceProductFields {
  id?: string | null;
  title?: string | null;
  currency?: string | null;
  imageUrl?: string | null;
  marketplaceName?: string | null;
  url?: string | null;
  price?: { amount?: number | null } | null;
  originalPrice?: number | null;
  rating?: number | null;
  reviewCount?: number | null;
  seller?: { url?: string | null } | null;
}

/** The messages are ours (the spec lists the rules, not their wording); they are for logs and admins. */
export const MARKETPLACE_PRODUCT_ISSUES = {
  missing: (field: string) => `Missing required field: ${field}`,
  price: 'Price must be above 0 and not over 1,000,000',
  originalPrice: 'Original price must not be below the current price',
  rating: 'Rating must be between 0 and 5',
  reviewCount: 'Review count must not be negative',
  url: (field: string) => `Invalid URL: ${field}`,
} as const;

/** §5: every broken rule, in a stable order; an empty list means the product is valid. */
export function checkMarketplaceProduct(p: MarketplaceProductFields): string[] {
  const issues: string[] = [];
  const required: Array<[string, unknown]> = [
    ['id', p.id],
    ['title', p.title],
    ['currency', p.currency],
    ['imageUrl', p.imageUrl],
    ['marketplaceName', p.marketplaceName],
    ['url', p.url],
  ];
  for (const [field, value] of required)
    if (blank(value)) issues.push(MARKETPLACE_PRODUCT_ISSUES.missing(field));
  const amount = p.price?.amount;
  if (
    typeof amount !== 'number' ||
    !Number.isFinite(amount) ||
    amount <= MIN_PRODUCT_PRICE_EXCLUSIVE ||
    amount > MAX_PRODUCT_PRICE
  ) {
    issues.push(MARKETPLACE_PRODUCT_ISSUES.price);
  }
  if (
    p.originalPrice !== undefined &&
    p.originalPrice !== null &&
    typeof amount === 'number' &&
    p.originalPrice < amount
  ) {
    issues.push(MARKETPLACE_PRODUCT_ISSUES.originalPrice);
  }
  if (p.rating !== undefined && p.rating !== null && !(p.rating >= 0 && p.rating <= 5))
    issues.push(MARKETPLACE_PRODUCT_ISSUES.rating);
  if (p.reviewCount !== undefined && p.reviewCount !== null && !(p.reviewCount >= 0))
    issues.push(MARKETPLACE_PRODUCT_ISSUES.reviewCount);
  const urls: Array<[string, unknown]> = [
    ['url', p.url],
    ['imageUrl', p.imageUrl],
    ['seller.url', p.seller?.url],
  ];
  for (const [field, value] of urls) {
    // §5 sanitising puts the placeholder in place of a bad image: a path on this site, not a URL.
    if (field === 'imageUrl' && value === PLACEHOLDER_IMAGE_URL) continue;
    if (!blank(value) && !isParsableUrl(value)) issues.push(MARKETPLACE_PRODUCT_ISSUES.url(field));
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Ratings and scores (§9)

/** Reads "97.5%", "99.2" or 97.5. */
function parsePercent(value: unknown): number | undefined {
  return parseAmount(typeof value === 'string' ? value.replace('%', '') : value);
}

/** §9: seller feedback percentage (default 98) ÷ 20 gives a 5-point rating. */
export function auctionSellerRating(feedbackPercentage?: string | number | null): number {
  const pct = parsePercent(feedbackPercentage) ?? DEFAULT_SELLER_FEEDBACK_PERCENT;
  return pct / 20;
}

/** §9: evaluate rate ÷ 20. A product without one gets the default rating 4.2. */
export function crossBorderRating(evaluateRate?: string | number | null): number {
  const pct = parsePercent(evaluateRate);
  return pct === undefined ? DEFAULT_PRODUCT_RATING : pct / 20;
}

export type Popularity = 'High' | 'Medium' | 'Low';
/** §9: High over 1000 orders, Medium over 100. */
export function popularity(orders: number): Popularity {
  if (orders > 1000) return 'High';
  if (orders > 100) return 'Medium';
  return 'Low';
}

export type ReviewQuality = 'Excellent' | 'Good' | 'Fair';
/** §9: Excellent over 80, Good over 60 (percent positive); the spec leaves the rest unnamed: Fair. */
export function reviewQuality(score: number): ReviewQuality {
  if (score > 80) return 'Excellent';
  if (score > 60) return 'Good';
  return 'Fair';
}

/**
 * §9 popularity and review quality of a product as its marketplace reports it. The cross-border
 * marketplace's count is its recent orders (the mapper's reviewCount), so popularity applies to it
 * alone; the auction marketplace's count is the seller's feedback score, not orders. Review quality
 * reads the 5-point rating back as the percentage it came from (§9: percentage ÷ 20).
 */
export function marketplaceSignals(product: {
  marketplace?: string | undefined;
  rating: number;
  reviews?: number | undefined;
}): { popularity?: { level: Popularity; orders: number }; reviewQuality: ReviewQuality } {
  const quality = reviewQuality(product.rating * 20);
  if (product.marketplace !== 'aliexpress' || product.reviews === undefined)
    return { reviewQuality: quality };
  return {
    popularity: { level: popularity(product.reviews), orders: product.reviews },
    reviewQuality: quality,
  };
}

// ---------------------------------------------------------------------------------------------
// Auction condition filters (§9)

export const AUCTION_CONDITION_IDS = {
  new: ['1000'],
  used: ['3000'],
  refurbished: ['2000', '2500'],
} as const;
export type AuctionCondition = keyof typeof AUCTION_CONDITION_IDS;

/** Builds the Browse API filter clause, e.g. `conditionIds:{1000|2000|2500}`; empty when no condition. */
export function auctionConditionFilter(conditions: readonly AuctionCondition[]): string {
  const ids = [...new Set(conditions.flatMap((c) => AUCTION_CONDITION_IDS[c]))];
  return ids.length > 0 ? `conditionIds:{${ids.join('|')}}` : '';
}

/** §8: auction errors are flagged rate-limited when the message mentions rate limit. */
export function isMarketplaceRateLimitMessage(message: string | null | undefined): boolean {
  return /rate limit/i.test(message ?? '');
}

/**
 * §8 search and product messages (exact). §8's 'Product details API not implemented yet' is left
 * out: both live marketplaces have a details call, and an id of a sample-only marketplace that no
 * sample has is 'Product not found' (docs/spec-deviations.md).
 */
export const PRODUCT_MESSAGES = {
  noEbayResponse: 'No valid response from eBay API',
  notFound: 'Product not found',
  aliexpressRequestFailed: 'AliExpress API request failed',
  aliexpressFailed: (message: string) => `AliExpress API failed: ${message}`,
} as const;
