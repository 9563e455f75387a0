import { z } from 'zod';
import { AUCTION_CONDITION_IDS, DEFAULT_SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH, sanitizeSearchQuery } from '@pt/domain';
import { CurrencyCodeSchema, IsoDateTimeSchema, MarketplaceIdSchema, ProductIdSchema, RegionIdSchema } from './common';
import { ProductSchema } from './products';

/** Request and response bodies shared by services and web/. Services add theirs here. */

const conditions = Object.keys(AUCTION_CONDITION_IDS) as [keyof typeof AUCTION_CONDITION_IDS, ...Array<keyof typeof AUCTION_CONDITION_IDS>];

/** Search query string. The query is sanitised (§5) by the schema so no handler forgets it. */
export const SearchQuerySchema = z.object({
  q: z.string().max(10 * SEARCH_QUERY_MAX_LENGTH).transform(sanitizeSearchQuery).pipe(z.string().min(1, 'Search query is required')),
  marketplace: MarketplaceIdSchema.optional(),
  region: RegionIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(DEFAULT_SEARCH_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  condition: z.enum(conditions).optional(),
  minPrice: z.coerce.number().nonnegative().optional(),
  maxPrice: z.coerce.number().nonnegative().optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchResponseSchema = z.object({
  items: z.array(ProductSchema),
  total: z.number().int().nonnegative(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** §7 currency-conversion request and response. */
export const CurrencyConversionRequestSchema = z.object({
  amount: z.number(),
  fromCurrency: z.string(),
  toCurrency: z.string(),
});
export type CurrencyConversionRequest = z.infer<typeof CurrencyConversionRequestSchema>;

export const CurrencyConversionResponseSchema = z.object({
  convertedAmount: z.number(),
  exchangeRate: z.number().positive(),
  fromCurrency: CurrencyCodeSchema,
  toCurrency: CurrencyCodeSchema,
  isConverted: z.boolean(),
  lastUpdated: IsoDateTimeSchema,
  source: z.enum(['live', 'fallback']),
});
export type CurrencyConversionResponse = z.infer<typeof CurrencyConversionResponseSchema>;

// Wishlists

const wishlistName = z.string().trim().min(1, 'Wishlist name is required').max(100);

export const CreateWishlistBodySchema = z.object({ name: wishlistName });
export type CreateWishlistBody = z.infer<typeof CreateWishlistBodySchema>;

export const RenameWishlistBodySchema = z.object({ name: wishlistName });
export type RenameWishlistBody = z.infer<typeof RenameWishlistBodySchema>;

export const AddWishlistItemBodySchema = z.object({
  productId: ProductIdSchema,
  marketplace: MarketplaceIdSchema.optional(),
  title: z.string().min(1),
  price: z.number().finite().nonnegative(),
  currency: CurrencyCodeSchema.default('USD'),
  image: z.string().optional(),
  url: z.string().optional(),
  source: z.string().optional(),
  shipping: z.string().optional(),
  rating: z.number().min(0).max(5).optional(),
  reviews: z.number().int().nonnegative().optional(),
  notes: z.string().max(2000).optional(),
});
export type AddWishlistItemBody = z.infer<typeof AddWishlistItemBodySchema>;

export const MoveWishlistItemBodySchema = z.object({ toWishlistId: z.string().min(1) });
export type MoveWishlistItemBody = z.infer<typeof MoveWishlistItemBodySchema>;

/** §7 update_wishlist_item_positions. */
export const ReorderWishlistItemsBodySchema = z.object({
  positions: z.array(z.object({ productId: ProductIdSchema, position: z.number().int().nonnegative() })),
});
export type ReorderWishlistItemsBody = z.infer<typeof ReorderWishlistItemsBodySchema>;

export const UpdateWishlistItemNoteBodySchema = z.object({ notes: z.string().max(2000) });
export type UpdateWishlistItemNoteBody = z.infer<typeof UpdateWishlistItemNoteBodySchema>;

export const SetWishlistItemAlertBodySchema = z.object({ enabled: z.boolean(), targetPrice: z.number().finite().nonnegative().optional() });
export type SetWishlistItemAlertBody = z.infer<typeof SetWishlistItemAlertBodySchema>;

// Price alerts

export const CreatePriceAlertBodySchema = z.object({
  productId: ProductIdSchema,
  marketplace: MarketplaceIdSchema.optional(),
  productTitle: z.string().min(1),
  productImage: z.string().optional(),
  currentPrice: z.number().finite().nonnegative(),
  /** Defaults to 90% of currentPrice (§4). */
  targetPrice: z.number().finite().nonnegative().optional(),
  currency: CurrencyCodeSchema,
  browserNotifications: z.boolean().default(false),
});
export type CreatePriceAlertBody = z.infer<typeof CreatePriceAlertBodySchema>;

/** Price history query (§9 default window 30 days). */
export const PriceHistoryQuerySchema = z.object({
  marketplace: MarketplaceIdSchema,
  days: z.coerce.number().int().min(1).max(365).default(30),
});
export type PriceHistoryQuery = z.infer<typeof PriceHistoryQuerySchema>;
