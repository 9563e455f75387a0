import { z } from 'zod';
import { CurrencyCodeSchema, MarketplaceIdSchema, ProductIdSchema } from './common';
import { WishlistItemSchema } from './wishlists';

/** Request and response bodies shared by services and web/. Services add theirs here. */

// Search, products and currency conversion bodies live in catalog-api.ts (the catalog service's API).

// Wishlists

const wishlistName = z.string().trim().min(1, 'Wishlist name is required').max(100);

export const CreateWishlistBodySchema = z.object({ name: wishlistName });
export type CreateWishlistBody = z.infer<typeof CreateWishlistBodySchema>;

export const RenameWishlistBodySchema = z.object({ name: wishlistName });
export type RenameWishlistBody = z.infer<typeof RenameWishlistBodySchema>;

export const AddWishlistItemBodySchema = WishlistItemSchema.pick({
  productId: true,
  title: true,
  price: true,
  image: true,
  url: true,
  source: true,
  shipping: true,
  rating: true,
  reviews: true,
}).extend({
  title: z.string().min(1),
  marketplace: MarketplaceIdSchema.optional(),
  currency: CurrencyCodeSchema.default('USD'),
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

export const SetWishlistItemAlertBodySchema = z.object({
  enabled: z.boolean(),
  targetPrice: z.number().finite().nonnegative().optional(),
});
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
