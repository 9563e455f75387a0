import type { SharedWishlist, SharedWishlistItem, WishlistShareResponse } from '@pt/contracts';
import { apiFetch, apiRead } from '../../../lib/api';
import { productPageId, type WishlistApi } from './server-wishlists';

/**
 * Read-only share links of a signed-in user's lists, and the public view anyone opens with one
 * (no session needed: the token is the key).
 */

const enc = encodeURIComponent;

export const sharedWishlistKeys = { of: (token: string) => ['shared-wishlist', token] as const };

export function sharedWishlistApi() {
  return {
    view: (token: string) =>
      apiRead('GET /api/v1/shared-wishlists/{token}', `/api/v1/shared-wishlists/${enc(token)}`),
    /** A new link; the one before stops working. */
    share: (wishlistId: string) =>
      apiRead('POST /api/v1/wishlists/{id}/share', `/api/v1/wishlists/${enc(wishlistId)}/share`),
    revoke: async (wishlistId: string) =>
      void (await apiFetch(`/api/v1/wishlists/${enc(wishlistId)}/share`, { method: 'DELETE' })),
  };
}

/** The link to hand out: the service answers the app's path, the browser knows the origin. */
export const shareLinkOf = (share: WishlistShareResponse, origin = window.location.origin): string =>
  `${origin}${share.url}`;

/** A shared item as the add-item body: the catalog's id form, so the service files it as one listing. */
const addBodyOf = (item: SharedWishlistItem) => ({
  productId: productPageId(item.productId),
  marketplace: item.marketplace,
  title: item.title,
  price: item.price,
  currency: item.currency,
  ...(item.imageUrl ? { image: item.imageUrl } : {}),
  ...(item.url ? { url: item.url } : {}),
  ...(item.source ? { source: item.source } : {}),
});

/**
 * "Copy to my wishlists": a new list of the signed-in user under the shared name, filled through
 * the ordinary wishlist API (so every limit and check of an add holds). Items the service refuses
 * are counted, not fatal: the rest of the list is still worth having.
 */
export async function copySharedWishlist(
  api: Pick<WishlistApi, 'create' | 'addItem'>,
  list: SharedWishlist,
): Promise<{ wishlistId: string; copied: number; skipped: number }> {
  const { wishlist } = await api.create(list.name);
  let copied = 0;
  for (const item of list.items) {
    try {
      await api.addItem(wishlist.id, addBodyOf(item));
      copied += 1;
    } catch {
      // counted below
    }
  }
  return { wishlistId: wishlist.id, copied, skipped: list.items.length - copied };
}
