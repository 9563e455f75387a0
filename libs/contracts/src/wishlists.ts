import { z } from 'zod';
import { productIdProblem, roundMoney, WISHLIST_MESSAGES, WISHLIST_NAME_MAX_LENGTH } from '@pt/domain';
import { CurrencyCodeSchema, IsoDateTimeSchema, MarketplaceIdSchema, ProductIdSchema } from './common';

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

// ---------------------------------------------------------------------------------------------
// HTTP bodies of the wishlist service, shared with the web app. Lists come under named
// keys. Limits keep every value inside its column, so bad input is a 400, never a 500.

const MAX_PRICE = 1_000_000;
/** Postgres text cannot hold NUL; refusing it here keeps such input a 400 instead of a 500. */
const NUL = String.fromCharCode(0);
const NUL_MESSAGE = 'Text must not contain NUL characters';
const withoutNul = (value: string): boolean => !value.includes(NUL);
const text = (max: number) => z.string().max(max).refine(withoutNul, NUL_MESSAGE);

/**
 * A link the web app renders (item page, image): http or https only (§5 sanitising), so a stored
 * `javascript:` URL can never reach another screen.
 */
const httpUrl = (max: number) =>
  text(max).refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'Expected an http or https URL');

/** §5: a name is trimmed, not blank and at most 100 characters; duplicate names are allowed. */
export const WishlistNameSchema = z
  .string()
  .refine(withoutNul, NUL_MESSAGE)
  .trim()
  .min(1, WISHLIST_MESSAGES.nameRequired)
  .max(WISHLIST_NAME_MAX_LENGTH, WISHLIST_MESSAGES.nameTooLong);

/** A listing as the client names it: any id form (checked like the product routes check ids). */
export const WishlistProductIdSchema = z.string().superRefine((id, ctx) => {
  const problem = productIdProblem(id);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * A price or target: a number from 0 to 1,000,000 (§5 marketplace bound); strings are refused.
 * Rounded to cents here, because the columns keep cents (numeric(12,2)): the service then computes
 * savings from, stores and answers one value, and an answer never differs from a later read.
 */
export const WishlistPriceSchema = z.number().finite().nonnegative().max(MAX_PRICE).transform(roundMoney);

export const CreateWishlistRequestSchema = z.object({ name: WishlistNameSchema });
export type CreateWishlistRequest = z.infer<typeof CreateWishlistRequestSchema>;

/** PATCH /wishlists/:id — rename and/or make it the default (§7: update {name, is_default}). */
export const UpdateWishlistRequestSchema = z
  .object({ name: WishlistNameSchema.optional(), isDefault: z.boolean().optional() })
  .refine((b) => b.name !== undefined || b.isDefault !== undefined, {
    message: 'Nothing to update: give name or isDefault',
  });
export type UpdateWishlistRequest = z.infer<typeof UpdateWishlistRequestSchema>;

/** POST /wishlists/:id/items — the listing and the snapshot the client shows (§3). */
export const AddWishlistItemRequestSchema = z.object({
  productId: WishlistProductIdSchema,
  /** Detected from source, url and id (§5) when absent. */
  marketplace: MarketplaceIdSchema.optional(),
  title: text(500).trim().min(1),
  price: WishlistPriceSchema,
  currency: CurrencyCodeSchema.optional(),
  image: httpUrl(2048).optional(),
  url: httpUrl(2048).optional(),
  source: text(100).optional(),
  shipping: text(200).optional(),
  rating: z.number().min(0).max(5).optional(),
  reviews: z.number().int().nonnegative().max(2_000_000_000).optional(),
  notes: text(2000).optional(),
});
export type AddWishlistItemRequest = z.infer<typeof AddWishlistItemRequestSchema>;

/**
 * PATCH /wishlist-items/:itemId — move (wishlistId), note, alert (§4 toggle: on → target 90% of the
 * price unless targetPrice is given; off → target removed). A targetPrice alone turns the alert on.
 * notes "" or null clears the note.
 */
export const UpdateWishlistItemRequestSchema = z
  .object({
    wishlistId: z.string().min(1).max(100).optional(),
    notes: text(2000).nullable().optional(),
    priceAlert: z.boolean().optional(),
    targetPrice: WishlistPriceSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Nothing to update: give wishlistId, notes, priceAlert or targetPrice',
  })
  .refine((b) => !(b.priceAlert === false && b.targetPrice !== undefined), {
    message: 'A target price needs the price alert on',
    path: ['targetPrice'],
  });
export type UpdateWishlistItemRequest = z.infer<typeof UpdateWishlistItemRequestSchema>;

const PositionUpdateSchema = z.object({
  itemId: z.string().min(1).max(100),
  position: z.number().int().nonnegative().max(100_000),
});
const PositionListSchema = z.array(PositionUpdateSchema).max(10_000);

/**
 * PUT /wishlists/:id/positions — §7 update_wishlist_item_positions: `[{itemId, position}]` (or
 * `{ positions: [...] }`). Every item named must be in the list, once; positions must differ.
 */
export const UpdatePositionsRequestSchema = z
  .union([PositionListSchema, z.object({ positions: PositionListSchema })])
  .transform((b) => (Array.isArray(b) ? b : b.positions))
  .superRefine((updates, ctx) => {
    if (new Set(updates.map((u) => u.itemId)).size !== updates.length)
      ctx.addIssue({ code: 'custom', message: 'An item is named more than once' });
    if (new Set(updates.map((u) => u.position)).size !== updates.length)
      ctx.addIssue({ code: 'custom', message: 'Two items cannot share a position' });
  });
export type UpdatePositionsRequest = z.infer<typeof UpdatePositionsRequestSchema>;

// Import (§3 consolidated_wishlist_data). Browser data is old and loose: unknown or malformed
// optional fields are dropped rather than refusing the whole import.
const loose = <S extends z.ZodType>(schema: S) => schema.optional().catch(undefined);

const ImportItemSchema = z.object({
  /** Checked by the service: an item whose id names no listing is skipped, not the whole import. */
  productId: z.string().min(1).max(1000),
  marketplace: loose(MarketplaceIdSchema),
  title: loose(text(500).trim().min(1)),
  price: loose(WishlistPriceSchema),
  currency: loose(CurrencyCodeSchema),
  image: loose(httpUrl(2048)),
  url: loose(httpUrl(2048)),
  source: loose(text(100)),
  shipping: loose(text(200)),
  rating: loose(z.number().min(0).max(5)),
  reviews: loose(z.number().int().nonnegative().max(2_000_000_000)),
  addedAt: loose(IsoDateTimeSchema),
  notes: loose(text(2000)),
  note: loose(text(2000)),
  priceDropAlert: loose(z.boolean()),
  targetPrice: loose(WishlistPriceSchema),
  position: loose(z.number().int().nonnegative()),
});
export type ImportWishlistItem = z.infer<typeof ImportItemSchema>;

const ImportWishlistSchema = z.object({
  id: text(200).min(1),
  name: text(1000),
  isDefault: loose(z.boolean()),
  items: z.array(ImportItemSchema).max(1000),
});

/** POST /wishlists/import — what the browser keeps under consolidated_wishlist_data. */
export const ImportWishlistsRequestSchema = z.object({
  wishlists: z.array(ImportWishlistSchema).max(100),
  activeWishlistId: z.string().nullable().optional(),
});
export type ImportWishlistsRequest = z.infer<typeof ImportWishlistsRequestSchema>;

/** A stored item as the service answers it: the §3 item plus the server's listing and summary. */
export const StoredWishlistItemSchema = WishlistItemSchema.extend({
  wishlistId: z.string(),
  /** The listing key "marketplace:listingId" (ARCHITECTURE §6); productId carries the same. */
  marketplace: MarketplaceIdSchema,
  currency: CurrencyCodeSchema,
  priceWhenAdded: z.number(),
  lowestPrice: z.number(),
  highestPrice: z.number(),
});
export type StoredWishlistItem = z.infer<typeof StoredWishlistItemSchema>;

export const StoredWishlistSchema = WishlistSchema.extend({
  items: z.array(StoredWishlistItemSchema),
  /** Present (true) while a share link opens the list; the link itself is shown only when made. */
  shared: z.boolean().optional(),
});
export type StoredWishlist = z.infer<typeof StoredWishlistSchema>;

/** GET /wishlists: ordered by created_at, items by position; defaultWishlistId names the default. */
export const WishlistsResponseSchema = z.object({
  wishlists: z.array(StoredWishlistSchema),
  defaultWishlistId: z.string(),
});
export type WishlistsResponse = z.infer<typeof WishlistsResponseSchema>;

/** POST/PATCH /wishlists, PUT positions: the list after the change and the §8 message. */
export const WishlistResponseSchema = z.object({ wishlist: StoredWishlistSchema, message: z.string() });
export type WishlistResponse = z.infer<typeof WishlistResponseSchema>;

/** POST items, PATCH item: the item after the change and the §8 message. */
export const WishlistItemResponseSchema = z.object({ item: StoredWishlistItemSchema, message: z.string() });
export type WishlistItemResponse = z.infer<typeof WishlistItemResponseSchema>;

/** DELETE list or item; after deleting a list the client activates the default (§4). */
export const WishlistDeletedResponseSchema = z.object({
  message: z.string(),
  defaultWishlistId: z.string().optional(),
});
export type WishlistDeletedResponse = z.infer<typeof WishlistDeletedResponseSchema>;

export const ImportWishlistsResponseSchema = WishlistsResponseSchema.extend({
  message: z.string(),
  /** New lists, new items, and items skipped (no listing in their id, or beyond the limits). */
  imported: z.object({ wishlists: z.number().int(), items: z.number().int(), skipped: z.number().int() }),
});
export type ImportWishlistsResponse = z.infer<typeof ImportWishlistsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Shared lists: a read-only link whose random token is the only key. Nothing personal goes out:
// no ids of the owner, no notes, alerts or targets, only the list's name and its listings.

/** The path parameter of a shared list: base64url of 32 random bytes (43 characters). */
export const SharedWishlistTokenParamSchema = z.object({
  token: z.string().describe('The share token (43 characters, base64url)'),
});

/** POST /wishlists/:id/share: a new link; the one before (if any) stops working. */
export const WishlistShareResponseSchema = z.object({
  shareToken: z.string(),
  /** The app's page of the shared list, relative to the app's origin (`/shared/<token>`). */
  url: z.string(),
});
export type WishlistShareResponse = z.infer<typeof WishlistShareResponseSchema>;

/** One listing of a shared list: what a stranger may see of it. */
export const SharedWishlistItemSchema = z.object({
  productId: ProductIdSchema,
  marketplace: MarketplaceIdSchema,
  title: z.string(),
  price: z.number().finite().nonnegative(),
  currency: CurrencyCodeSchema,
  imageUrl: z.string().optional(),
  url: z.string().optional(),
  source: z.string().optional(),
});
export type SharedWishlistItem = z.infer<typeof SharedWishlistItemSchema>;

/** GET /shared-wishlists/:token. */
export const SharedWishlistSchema = z.object({
  name: z.string(),
  itemCount: z.number().int().nonnegative(),
  items: z.array(SharedWishlistItemSchema),
});
export type SharedWishlist = z.infer<typeof SharedWishlistSchema>;
