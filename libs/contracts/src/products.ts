import { z } from 'zod';
import { DEFAULT_PRODUCT_RATING, checkMarketplaceProduct } from '@pt/domain';
import { CurrencyCodeSchema, IsoDateTimeSchema, MarketplaceIdSchema, ProductIdSchema } from './common';
import { PriceBadgeSchema } from './price-badges';

/**
 * The product identifiers a marketplace gives with a listing (eBay item: gtin, mpn, brand, epid;
 * AliExpress's affiliate API gives none): what cross-marketplace matching keys on first
 * (libs/domain product-matching).
 */
export const ProductIdentifiersSchema = z.object({
  gtin: z.string().optional(),
  mpn: z.string().optional(),
  brand: z.string().optional(),
  epid: z.string().optional(),
});
export type ProductIdentifiers = z.infer<typeof ProductIdentifiersSchema>;

/** §3 Product, the app shape the SPA renders. Only id, title and price are always known. */
export const ProductSchema = z.object({
  id: ProductIdSchema,
  title: z.string(),
  description: z.string().optional(),
  price: z.number().finite().nonnegative(),
  currency: CurrencyCodeSchema.default('USD'),
  originalPrice: z.number().finite().nonnegative().optional(),
  shipping: z.string().optional(),
  shippingCost: z.number().finite().nonnegative().optional(),
  image: z.string().optional(),
  images: z.array(z.string()).default([]),
  rating: z.number().min(0).max(5).default(DEFAULT_PRODUCT_RATING),
  reviews: z.number().int().nonnegative().optional(),
  source: z.string().optional(),
  url: z.string().optional(),
  features: z.array(z.string()).default([]),
  specifications: z.record(z.string(), z.string()).default({}),
  availability: z.string().optional(),
  seller: z.string().optional(),
  condition: z.string().optional(),
  category: z.string().optional(),
  marketplace: MarketplaceIdSchema.optional(),
  marketplaceName: z.string().optional(),
  location: z.string().optional(),
  timestamp: z.string().optional(),
  discount: z.number().finite().optional(),
  isSponsored: z.boolean().optional(),
  inStock: z.boolean().optional(),
  /**
   * The listing's own price, when the marketplace converted the shown one into the region's currency
   * (eBay quoting another site's listing, AliExpress's target currency). Its history and badge are
   * in this currency (ARCHITECTURE §6 "One history per listing"). Absent: `price` is the listing's own.
   */
  listingPrice: z.object({ amount: z.number().finite().positive(), currency: CurrencyCodeSchema }).optional(),
  /** The listing's product identifiers as its marketplace gave them, kept for matching. */
  identifiers: ProductIdentifiersSchema.optional(),
  /** How the price compares with the listing's own 90-day history; absent when that says nothing. */
  priceBadge: PriceBadgeSchema.optional(),
  /**
   * On a Deals answer: how far the landed price (price + shipping) is below the listing's own
   * median over the last `windowDays` (libs/domain historyDeal), the median landed in `currency`.
   * Absent on a product ranked by the seller's own discount instead (no history to judge by yet).
   */
  historyDeal: z
    .object({
      dropPercent: z.number().int().positive(),
      medianLanded: z.number().finite().positive(),
      currency: CurrencyCodeSchema,
      windowDays: z.number().int().positive(),
    })
    .optional(),
});
export type Product = z.infer<typeof ProductSchema>;

/**
 * §3 MarketplaceProduct, what marketplace adapters produce. The §5 checks come from @pt/domain
 * (`checkMarketplaceProduct`) so the schema and the adapters cannot disagree.
 */
export const MarketplaceProductSchema = z
  .object({
    id: ProductIdSchema,
    title: z.string().min(1),
    description: z.string().optional(),
    price: z.object({ amount: z.number(), currency: CurrencyCodeSchema, formattedPrice: z.string() }),
    originalPrice: z.number().optional(),
    currency: CurrencyCodeSchema,
    imageUrl: z.string().min(1),
    images: z.array(z.string()).default([]),
    url: z.string().min(1),
    marketplace: MarketplaceIdSchema,
    marketplaceName: z.string().min(1),
    rating: z.number().optional(),
    reviewCount: z.number().int().optional(),
    seller: z
      .object({ name: z.string(), rating: z.number().optional(), url: z.string().optional() })
      .optional(),
    shipping: z
      .object({
        price: z.number().nonnegative(),
        formattedPrice: z.string(),
        isFree: z.boolean(),
        estimatedDelivery: z.string().optional(),
      })
      .optional(),
    freeShipping: z.boolean().optional(),
    availability: z.string().optional(),
    features: z.array(z.string()).default([]),
    specifications: z.record(z.string(), z.string()).default({}),
    categories: z.array(z.string()).default([]),
    condition: z.string().optional(),
    location: z.string().optional(),
    lastUpdated: IsoDateTimeSchema.optional(),
    isSponsored: z.boolean().optional(),
    discount: z.number().optional(),
    identifiers: ProductIdentifiersSchema.optional(),
  })
  .superRefine((p, ctx) => {
    for (const message of checkMarketplaceProduct(p)) ctx.addIssue({ code: 'custom', message });
  });
export type MarketplaceProduct = z.infer<typeof MarketplaceProductSchema>;

/** §3 price history point (get_combined_price_history rows plus the formatted price). */
export const PriceHistoryPointSchema = z.object({
  date: IsoDateTimeSchema,
  price: z.number().finite().nonnegative(),
  formattedPrice: z.string(),
  /** personal (price_history) or global (global_price_history). */
  source: z.string(),
});
export type PriceHistoryPoint = z.infer<typeof PriceHistoryPointSchema>;

/** §3 price alert. productId is the normalised id (domain `normalizeProductId`). */
export const PriceAlertSchema = z.object({
  id: z.string().min(1),
  productId: ProductIdSchema,
  productTitle: z.string(),
  productImage: z.string().optional(),
  targetPrice: z.number().finite().nonnegative(),
  currentPrice: z.number().finite().nonnegative(),
  currency: CurrencyCodeSchema,
  sourceCurrency: CurrencyCodeSchema.optional(),
  marketplace: z.string().optional(),
  isActive: z.boolean(),
  browserNotifications: z.boolean(),
  createdAt: IsoDateTimeSchema,
});
export type PriceAlert = z.infer<typeof PriceAlertSchema>;

/** §3 products_cache row (snake_case as stored). */
export const CachedProductSchema = z.object({
  id: ProductIdSchema,
  title: z.string(),
  description: z.string().nullable(),
  price: z.number().finite().nonnegative(),
  currency: CurrencyCodeSchema,
  image_url: z.string().nullable(),
  marketplace: MarketplaceIdSchema,
  url: z.string().nullable(),
  rating: z.number().min(0).max(5).nullable(),
  review_count: z.number().int().nonnegative().nullable(),
  shipping: z.string().nullable(),
  category: z.string().nullable(),
  seller: z.string().nullable(),
  last_updated: IsoDateTimeSchema,
});
export type CachedProduct = z.infer<typeof CachedProductSchema>;
