import { z } from 'zod';
import { DEAL_MAX_DROP_PERCENT, DEAL_MIN_DROP_PERCENT, MARKETPLACE_IDS, REGION_IDS } from '@pt/domain';
import { IsoDateTimeSchema, LiveMarketplaceIdSchema, MarketplaceIdSchema, RegionIdSchema } from './common';
import { ProductSchema } from './products';
import { PriceBadgeSchema } from './price-badges';
import { CATALOG_SORTS, CONDITION_FILTERS } from './catalog-constants';

/**
 * The catalog service's HTTP API (/api/v1/search, /products, /deals, /trending, /new-arrivals,
 * /categories, /marketplaces, /currency, /geo). The web app and the service import these same
 * schemas; query strings arrive as text, so numbers are coerced here.
 */

// In a module without zod, so the web's search screen can take them without every schema.
export { CATALOG_SORTS, CONDITION_FILTERS, type CatalogSort } from './catalog-constants';

const listing = (values: readonly string[]) => values.join(', ');

/** A repeated query parameter (?q=a&q=b) arrives as an array: the first one counts. */
const firstValue = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const blankToUndefined = (value: unknown) => {
  const first = firstValue(value);
  return typeof first === 'string' && first.trim() === '' ? undefined : first;
};

const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess(blankToUndefined, z.coerce.number().pipe(schema).optional());

export const RegionQuerySchema = z.preprocess(
  (v) =>
    typeof blankToUndefined(v) === 'string'
      ? (blankToUndefined(v) as string).toLowerCase()
      : blankToUndefined(v),
  z.enum(REGION_IDS, { error: `Unknown region; valid regions: ${listing(REGION_IDS)}` }).default('us'),
);

/** `marketplace=ebay,aliexpress` or repeated; each must be one of the four marketplaces (§1). */
export const MarketplaceListQuerySchema = z.preprocess(
  (value) => {
    const parts = (Array.isArray(value) ? value : [value])
      .filter((v): v is string => typeof v === 'string')
      .flatMap((v) => v.split(','))
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean);
    return parts.length > 0 ? parts : undefined;
  },
  z
    .array(
      z.enum(MARKETPLACE_IDS, {
        error: `Unknown marketplace; valid marketplaces: ${listing(MARKETPLACE_IDS)}`,
      }),
    )
    .optional(),
);

export const SearchRequestSchema = z
  .object({
    /** Sanitised by the service (§5): over 200 characters is cut, not rejected. */
    q: z.preprocess((v) => firstValue(v) ?? '', z.string()).default(''),
    marketplace: MarketplaceListQuerySchema,
    condition: z.preprocess(
      (v) =>
        typeof blankToUndefined(v) === 'string'
          ? (blankToUndefined(v) as string).toLowerCase()
          : blankToUndefined(v),
      z
        .enum(CONDITION_FILTERS, {
          error: `Unknown condition; valid conditions: ${listing(CONDITION_FILTERS)}`,
        })
        .optional(),
    ),
    minPrice: optionalNumber(z.number().finite().nonnegative()),
    maxPrice: optionalNumber(z.number().finite().nonnegative()),
    /** A category slug from GET /categories. */
    category: z.preprocess(blankToUndefined, z.string().max(100).optional()),
    sort: z.preprocess(
      blankToUndefined,
      z
        .enum(CATALOG_SORTS, { error: `Unknown sort; valid sorts: ${listing(CATALOG_SORTS)}` })
        .default('relevance'),
    ),
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
    /** Default 20 (§9); never more than the max_search_results setting. */
    pageSize: optionalNumber(z.number().int().min(1).max(1000)),
    region: RegionQuerySchema,
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice must not be above maxPrice',
    path: ['minPrice'],
  });
export type SearchRequest = z.infer<typeof SearchRequestSchema>;

/**
 * `limit` — the list endpoints' name for how many products to answer — is read as `pageSize` on the
 * search-shaped endpoints (/search, /categories/{slug}), so a client using one name everywhere is
 * not silently given the default page size. `pageSize` wins when both are given.
 */
function limitAsPageSize(query: unknown): unknown {
  if (typeof query !== 'object' || query === null || !('limit' in query)) return query;
  const { limit, ...rest } = query as Record<string, unknown>;
  return 'pageSize' in rest ? rest : { ...rest, pageSize: limit };
}

/** The query of the search-shaped routes: SearchRequestSchema, with `limit` read as `pageSize`. */
export const SearchQuerySchema = z.preprocess(limitAsPageSize, SearchRequestSchema);

/**
 * How one marketplace answered a request that fans out: a failure yields partial results, not a 500.
 * `quota`: this marketplace's share of its daily call budget is spent for now, so it was not asked;
 * its products (if any) are a recent cached answer, and `error` says when it refills.
 */
export const MarketplaceStatusSchema = z.object({
  marketplace: MarketplaceIdSchema,
  status: z.enum(['ok', 'failed', 'skipped', 'quota']),
  /** Products fetched from this marketplace for this answer (after filters); `total` is what it reports. */
  count: z.number().int().nonnegative(),
  /** Matches the marketplace reported, when it reports one. */
  total: z.number().int().nonnegative().optional(),
  error: z
    .object({
      code: z.string(),
      message: z.string(),
      rateLimited: z.boolean(),
      retryAfterMs: z.number().int().nonnegative().optional(),
    })
    .optional(),
});
export type MarketplaceStatus = z.infer<typeof MarketplaceStatusSchema>;

export const CatalogProductSchema = ProductSchema;
export type CatalogProduct = z.infer<typeof CatalogProductSchema>;

export const SearchResponseSchema = z.object({
  /** The query as searched (sanitised). */
  query: z.string(),
  products: z.array(CatalogProductSchema),
  /** Results available to page through (merged, filtered, capped by max_search_results). */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
  hasMore: z.boolean(),
  /** The max_search_results setting in force. */
  maxResults: z.number().int().positive(),
  /** True when at least one marketplace failed. */
  partial: z.boolean(),
  marketplaces: z.array(MarketplaceStatusSchema),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** Where a product page's data came from (§4): the step of the lookup order that answered. */
export const LOOKUP_SOURCES = ['sample', 'cache', 'live', 'placeholder'] as const;
export type LookupSource = (typeof LOOKUP_SOURCES)[number];

export const ProductResponseSchema = z.object({
  product: CatalogProductSchema,
  source: z.enum(LOOKUP_SOURCES),
  /** How a live answer was found: the item endpoint, or the §4 search-by-item-id fallback. */
  matchedBy: z.enum(['item', 'search-exact', 'search-partial']).optional(),
  /** When the data was fetched from the marketplace (samples and placeholders: now). */
  fetchedAt: IsoDateTimeSchema,
  /** Set on the placeholder: the page should retry later. */
  isPlaceholder: z.boolean().optional(),
  /**
   * Set on a placeholder when the marketplace could not be asked (a limit, the quota, an outage):
   * the listing may well exist, so a caller must not read the placeholder as "no such product".
   * The error the catalog would have answered, and its wait when it knows one.
   */
  unavailable: z
    .object({
      code: z.string(),
      message: z.string(),
      retryAfterMs: z.number().int().nonnegative().optional(),
    })
    .optional(),
});
export type ProductResponse = z.infer<typeof ProductResponseSchema>;

export const ProductIdParamSchema = z.object({ id: z.string() });

/** related, deals, trending, new arrivals: a list built from several marketplaces and the cache. */
export const ProductListResponseSchema = z.object({
  products: z.array(CatalogProductSchema),
  marketplaces: z.array(MarketplaceStatusSchema),
  partial: z.boolean(),
});
export type ProductListResponse = z.infer<typeof ProductListResponseSchema>;

/**
 * GET /api/v1/products/:id/also-on: the same product (the same variant) on the other marketplaces,
 * as the domain's matching rule accepts it (libs/domain product-matching), cheapest landed first.
 * Stable for other clients (the web app, a browser extension): fields are only ever added.
 */
export const AlsoOnListingSchema = z.object({
  productId: z.string(),
  marketplace: MarketplaceIdSchema,
  marketplaceName: z.string(),
  title: z.string(),
  /** The listing on its marketplace (with the affiliate parameters). */
  url: z.string().optional(),
  image: z.string().optional(),
  /** Price and shipping cost as the listing quotes them, in `currency`. */
  price: z.number().finite().nonnegative(),
  shippingCost: z.number().finite().nonnegative(),
  currency: z.string(),
  /** "Free shipping, 5-9 days": the cost and the delivery estimate as the marketplace words them. */
  shipping: z.string(),
  /** Price + shipping in the answer's `currency` (the shopper's region currency). */
  landed: z.number().finite().nonnegative(),
  /** The matching rule's confidence: 1 for an identifier match, the title similarity otherwise. */
  confidence: z.number().min(0).max(1),
  priceBadge: PriceBadgeSchema.optional(),
  /** Recent prices, oldest first, in the answer's `currency` (empty when pricing has none). */
  sparkline: z.array(z.number().finite().nonnegative()),
});
export type AlsoOnListing = z.infer<typeof AlsoOnListingSchema>;

export const AlsoOnResponseSchema = z.object({
  productId: z.string(),
  /** The shopper's region currency: every `landed` and sparkline point is in it. */
  currency: z.string(),
  /** This listing's own landed total, for comparison. */
  landed: z.number().finite().nonnegative(),
  listings: z.array(AlsoOnListingSchema),
  /** True when a marketplace could not be searched: the list may miss a match. */
  partial: z.boolean(),
  /** When the match was made (answers are kept for a few hours). */
  matchedAt: IsoDateTimeSchema,
});
export type AlsoOnResponse = z.infer<typeof AlsoOnResponseSchema>;

export const ProductListRequestSchema = z.object({
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).optional()),
  region: RegionQuerySchema,
});
export type ProductListRequest = z.infer<typeof ProductListRequestSchema>;

/**
 * GET /api/v1/deals: listings below their own 90-day median now (libs/domain history-deals.ts),
 * narrowed like a search: a category slug, marketplaces, a minimum drop in whole percent and a
 * landed-price range in the region's currency. The region also picks eBay's site (its currency).
 */
export const DealsRequestSchema = ProductListRequestSchema.extend({
  category: z.preprocess(blankToUndefined, z.string().max(100).optional()),
  marketplace: MarketplaceListQuerySchema,
  minDrop: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'minDrop must be a whole percent from 1 to 90' })
      .int({ error: 'minDrop must be a whole percent from 1 to 90' })
      .min(DEAL_MIN_DROP_PERCENT, { error: 'minDrop must be a whole percent from 1 to 90' })
      .max(DEAL_MAX_DROP_PERCENT, { error: 'minDrop must be a whole percent from 1 to 90' })
      .optional(),
  ),
  minPrice: optionalNumber(z.number().finite().nonnegative()),
  maxPrice: optionalNumber(z.number().finite().nonnegative()),
}).refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
  message: 'minPrice must not be above maxPrice',
  path: ['minPrice'],
});
export type DealsRequest = z.infer<typeof DealsRequestSchema>;

export const CategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** The marketplaces' own category ids searched for this category. */
  marketplaceCategoryIds: z.record(LiveMarketplaceIdSchema, z.string()),
  /** Products of this category in the catalog's cache. */
  cachedProducts: z.number().int().nonnegative(),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoriesResponseSchema = z.object({ categories: z.array(CategorySchema) });
export type CategoriesResponse = z.infer<typeof CategoriesResponseSchema>;

export const CategoryRequestSchema = SearchRequestSchema;
export const CategoryResponseSchema = SearchResponseSchema.extend({ category: CategorySchema });
export type CategoryResponse = z.infer<typeof CategoryResponseSchema>;

export const MarketplaceParamSchema = z.object({
  marketplace: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(MARKETPLACE_IDS, {
      error: `Unknown marketplace; valid marketplaces: ${listing(MARKETPLACE_IDS)}`,
    }),
  ),
});

export const MarketplaceInfoSchema = z.object({
  id: MarketplaceIdSchema,
  name: z.string(),
  /** Only the auction and cross-border marketplaces have live lookups (§1). */
  live: z.boolean(),
  region: RegionIdSchema,
  /** Whether the region has a variant of its own (§9); false means the US version is used. */
  regionMapped: z.boolean(),
  /** The site for the region: eBay site id, retailer domain. */
  site: z.string(),
});
export type MarketplaceInfo = z.infer<typeof MarketplaceInfoSchema>;

export const MarketplaceResponseSchema = ProductListResponseSchema.extend({
  marketplace: MarketplaceInfoSchema,
});
export type MarketplaceResponse = z.infer<typeof MarketplaceResponseSchema>;

/**
 * §7 currency-conversion body. Deliberately loose: the §5 messages ('Invalid amount for currency
 * conversion', 'Invalid currency codes') come from the domain rule, not from schema issues.
 */
export const CurrencyConvertRequestSchema = z.object({
  amount: z.unknown().optional(),
  fromCurrency: z.unknown().optional(),
  toCurrency: z.unknown().optional(),
});
export type CurrencyConvertRequest = z.infer<typeof CurrencyConvertRequestSchema>;

export const RATE_SOURCES = ['live', 'cache', 'fallback'] as const;
export const CurrencyConvertResponseSchema = z.object({
  convertedAmount: z.number(),
  exchangeRate: z.number(),
  fromCurrency: z.string(),
  toCurrency: z.string(),
  /** False when nothing was converted (same currency). */
  isConverted: z.boolean(),
  /** When the rates used were fetched (the fallback table: now). */
  lastUpdated: IsoDateTimeSchema,
  /** live: fetched for this call; cache: live rates under 30 minutes old (§9); fallback: the §9 table. */
  source: z.enum(RATE_SOURCES),
});
export type CurrencyConvertResponse = z.infer<typeof CurrencyConvertResponseSchema>;

export const GeoResponseSchema = z.object({
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  /** The detected region, or 'us' when the country is unsupported or the lookup failed (§4). */
  region: RegionIdSchema,
  supported: z.boolean(),
  source: z.enum(['provider', 'default']),
});
export type GeoResponse = z.infer<typeof GeoResponseSchema>;
