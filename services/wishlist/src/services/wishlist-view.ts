import type { StoredWishlist, StoredWishlistItem } from '@pt/contracts';
import type { ItemRow, PricePoint } from '../repositories/wishlist-items.repository';
import type { WishlistRow } from '../repositories/wishlists.repository';

/** The most price points an item shows (the summary columns cover the whole history). */
export const MAX_HISTORY_SHOWN = 100;

/** A stored item as the API answers it (contracts' StoredWishlistItem). */
export function itemView(item: ItemRow, prices: readonly PricePoint[] = []): StoredWishlistItem {
  return {
    id: item.id,
    wishlistId: item.wishlistId,
    productId: item.productId,
    marketplace: item.marketplace,
    title: item.title,
    price: item.price,
    currency: item.currency,
    ...(item.image !== null ? { image: item.image } : {}),
    ...(item.url !== null ? { url: item.url } : {}),
    ...(item.source !== null ? { source: item.source } : {}),
    ...(item.shipping !== null ? { shipping: item.shipping } : {}),
    ...(item.rating !== null ? { rating: item.rating } : {}),
    ...(item.reviews !== null ? { reviews: item.reviews } : {}),
    condition: 'New',
    addedAt: item.addedAt.toISOString(),
    trackingSince: item.trackingSince.toISOString(),
    priceHistory: prices.slice(-MAX_HISTORY_SHOWN).map((p) => ({
      date: p.observedAt.toISOString(),
      price: p.price,
    })),
    priceWhenAdded: item.priceWhenAdded,
    lowestPrice: item.lowestPrice,
    highestPrice: item.highestPrice,
    currentSavings: item.currentSavings,
    potentialSavings: item.potentialSavings,
    ...(item.notes !== null ? { notes: item.notes } : {}),
    priceDropAlert: item.priceAlert,
    ...(item.targetPrice !== null ? { targetPrice: item.targetPrice } : {}),
    position: item.position,
  };
}

export function wishlistView(
  list: WishlistRow,
  items: readonly ItemRow[],
  prices: ReadonlyMap<string, PricePoint[]>,
): StoredWishlist {
  return {
    id: list.id,
    name: list.name,
    isDefault: list.isDefault,
    createdAt: list.createdAt.toISOString(),
    ...(list.shared ? { shared: true } : {}),
    items: items.filter((i) => i.wishlistId === list.id).map((i) => itemView(i, prices.get(i.id))),
  };
}
