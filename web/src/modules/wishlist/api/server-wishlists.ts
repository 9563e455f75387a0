import type {
  AddWishlistItemRequest,
  ImportWishlistsRequest,
  UpdateWishlistItemRequest,
  WishlistsResponse,
} from '@pt/contracts';
import {
  isMarketplaceId,
  productPageIdOf,
  type MarketplaceId,
  type Wishlist,
  type WishlistState,
} from '@pt/domain';
import { apiRead } from '../../../lib/api';
import type { WishlistProduct } from '../utils/wishlist-store';

/**
 * Signed-in wishlists (the wishlist service): the HTTP calls and the pure steps around them. The
 * server has no "active list": which list is active is this browser's choice (see active-wishlist).
 */

const BASE = '/api/v1/wishlists';
const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body) });
const enc = encodeURIComponent;

export function wishlistApi() {
  return {
    list: () => apiRead('GET /api/v1/wishlists', BASE),
    create: (name: string) => apiRead('POST /api/v1/wishlists', BASE, json({ name })),
    rename: (id: string, name: string) =>
      apiRead('PATCH /api/v1/wishlists/{id}', `${BASE}/${enc(id)}`, json({ name })),
    remove: (id: string) => apiRead('DELETE /api/v1/wishlists/{id}', `${BASE}/${enc(id)}`),
    addItem: (id: string, body: AddWishlistItemRequest) =>
      apiRead('POST /api/v1/wishlists/{id}/items', `${BASE}/${enc(id)}/items`, json(body)),
    positions: (id: string, positions: Array<{ itemId: string; position: number }>) =>
      apiRead('PUT /api/v1/wishlists/{id}/positions', `${BASE}/${enc(id)}/positions`, json({ positions })),
    updateItem: (itemId: string, body: UpdateWishlistItemRequest) =>
      apiRead('PATCH /api/v1/wishlist-items/{itemId}', `/api/v1/wishlist-items/${enc(itemId)}`, json(body)),
    removeItem: (itemId: string) =>
      apiRead('DELETE /api/v1/wishlist-items/{itemId}', `/api/v1/wishlist-items/${enc(itemId)}`),
    importLocal: (data: ImportWishlistsRequest) =>
      apiRead('POST /api/v1/wishlists/import', `${BASE}/import`, json(data)),
  };
}
export type WishlistApi = ReturnType<typeof wishlistApi>;

/**
 * The server's lists in the shape the screens use (the stored item is a §3 item plus the server's
 * summary). The active list is the chosen one while it exists, else the default (§4).
 */
export function serverState(response: WishlistsResponse, chosenId: string | null): WishlistState {
  const wishlists: Wishlist[] = response.wishlists.map((w) => ({
    ...w,
    items: [...w.items].sort((a, b) => a.position - b.position),
  }));
  const active = chosenId !== null && wishlists.some((w) => w.id === chosenId);
  return {
    wishlists,
    activeWishlistId: active ? chosenId : response.defaultWishlistId || (wishlists[0]?.id ?? null),
  };
}

/**
 * The positions body for a new order (§7 update_wishlist_item_positions): every item of the list by
 * its server id, 0..n-1 in the order given; items the order does not name follow in their order.
 */
export function positionsFor(
  list: Wishlist,
  orderedProductIds: readonly string[],
): Array<{ itemId: string; position: number }> {
  const current = [...list.items].sort((a, b) => a.position - b.position);
  const named = [...new Set(orderedProductIds)]
    .map((id) => current.find((i) => i.productId === id))
    .filter((i): i is Wishlist['items'][number] => i !== undefined);
  const rest = current.filter((i) => !named.includes(i));
  return [...named, ...rest].map((item, position) => ({ itemId: item.id, position }));
}

const isHttp = (value: string | undefined): value is string =>
  value !== undefined && /^https?:\/\//i.test(value);

/** The add-item body for a product: only http(s) links (§5), the marketplace when it is known. */
export function addItemBody(
  product: WishlistProduct & { currency?: string; marketplace?: string },
): AddWishlistItemRequest {
  return {
    productId: product.id,
    title: product.title.trim() || 'Unknown Product',
    price: product.price,
    ...(isMarketplaceId(product.marketplace) ? { marketplace: product.marketplace } : {}),
    ...(product.currency ? { currency: product.currency } : {}),
    ...(isHttp(product.image) ? { image: product.image } : {}),
    ...(isHttp(product.url) ? { url: product.url } : {}),
    ...(product.source ? { source: product.source.slice(0, 100) } : {}),
    ...(product.shipping ? { shipping: product.shipping.slice(0, 200) } : {}),
    ...(product.rating !== undefined ? { rating: product.rating } : {}),
    ...(product.reviews !== undefined ? { reviews: product.reviews } : {}),
  };
}

/**
 * The catalog id of a stored item's product page. The server names a listing
 * "marketplace:listingId" (ARCHITECTURE §6); the domain's `productPageIdOf` turns the listing id into
 * the form the catalog opens (an eBay item's Browse id, a cross-border id with its prefix), as the
 * alert emails do. Local items keep the id the catalog gave them.
 */
export function productPageId(productId: string): string {
  const match = /^(ebay|aliexpress|amazon|walmart):(.+)$/.exec(productId);
  if (!match) return productId;
  const [, marketplace, listingId] = match as unknown as [MarketplaceId, MarketplaceId, string];
  return productPageIdOf(marketplace, listingId);
}

/** A stored item's currency (server items carry one; local items were priced in USD). */
export const itemCurrency = (item: object): string =>
  'currency' in item && typeof item.currency === 'string' ? item.currency : 'USD';
