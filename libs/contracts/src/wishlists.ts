import { z } from 'zod';
import { IsoDateTimeSchema, ProductIdSchema } from './common';

/** §3 wishlist item (mirrors `WishlistItem` in @pt/domain, which the transitions work on). */
export const WishlistItemSchema = z.object({
  id: z.string().min(1),
  productId: ProductIdSchema,
  title: z.string(),
  price: z.number().finite().nonnegative(),
  image: z.string().optional(),
  url: z.string().optional(),
  source: z.string().optional(),
  shipping: z.string().optional(),
  rating: z.number().min(0).max(5).optional(),
  reviews: z.number().int().nonnegative().optional(),
  condition: z.literal('New'),
  addedAt: IsoDateTimeSchema,
  trackingSince: IsoDateTimeSchema,
  priceHistory: z.array(z.object({ date: IsoDateTimeSchema, price: z.number().finite().nonnegative() })),
  currentSavings: z.number().finite().nonnegative(),
  potentialSavings: z.number().finite().nonnegative(),
  notes: z.string().optional(),
  priceDropAlert: z.boolean(),
  targetPrice: z.number().finite().nonnegative().optional(),
  position: z.number().int().nonnegative(),
});
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

/** §3 wishlist. */
export const WishlistSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  isDefault: z.boolean(),
  createdAt: IsoDateTimeSchema,
  items: z.array(WishlistItemSchema),
});
export type Wishlist = z.infer<typeof WishlistSchema>;

/** What the SPA keeps under consolidated_wishlist_data (§3) and the wishlist service returns. */
export const WishlistCollectionSchema = z.object({
  wishlists: z.array(WishlistSchema),
  activeWishlistId: z.string().nullable(),
});
export type WishlistCollection = z.infer<typeof WishlistCollectionSchema>;
