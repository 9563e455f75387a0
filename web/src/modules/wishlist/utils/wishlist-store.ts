import {
  addItem,
  DEFAULT_WISHLIST_ID,
  ensureDefaultWishlist,
  initialWishlistState,
  STORAGE_KEYS,
  type WishlistOutcome,
  type WishlistState,
} from '@pt/domain';
import { jsonCodec, persistedStore, usePersisted } from '../../../lib/persisted-store';

/**
 * Anonymous wishlists (§3 `consolidated_wishlist_data`): the state lives in local storage and every
 * change is one of libs/domain's pure transitions, so the rules match the wishlist service.
 */
function isState(value: unknown): value is WishlistState {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as WishlistState).wishlists) &&
    (value as WishlistState).wishlists.every((w) => Array.isArray(w?.items))
  );
}

// The default list is added on read, so an entry stored without it (or none) still has one.
const wishlists = persistedStore<WishlistState>({
  key: STORAGE_KEYS.wishlists,
  codec: jsonCodec((v) => (isState(v) ? ensureDefaultWishlist(v, Date.now()) : undefined)),
  fallback: () => ensureDefaultWishlist(initialWishlistState(Date.now()), Date.now()),
});

/** What local storage holds now (another tab may have written since this page read it). */
export const readStoredWishlists = (): WishlistState => wishlists.readStored();
export const readWishlists = (): WishlistState => wishlists.get();

/** Applies a transition; the state is saved only when it succeeded. */
export function applyWishlist(change: (state: WishlistState) => WishlistOutcome): WishlistOutcome {
  const outcome = change(readWishlists());
  if (outcome.ok) wishlists.set(outcome.state);
  return outcome;
}

/** Anonymous data moved into an account (sign-in import): the browser starts again from the default. */
export const clearLocalWishlists = (): void => wishlists.clear();

/** Whether there is anything to import: an item, or a list the user made. */
export function hasLocalWishlistData(state: WishlistState = readWishlists()): boolean {
  return state.wishlists.some((w) => w.items.length > 0 || !(w.isDefault || w.id === DEFAULT_WISHLIST_ID));
}

export interface WishlistProduct {
  id: string;
  title: string;
  price: number;
  currency?: string;
  marketplace?: string;
  image?: string;
  url?: string;
  source?: string;
  shipping?: string;
  rating?: number;
  reviews?: number;
}

/** Adds a product to a list (the active one unless another is named). */
export function addProductToWishlist(product: WishlistProduct, wishlistId?: string): WishlistOutcome {
  return applyWishlist((state) => {
    const target = wishlistId ? { ...state, activeWishlistId: wishlistId } : state;
    const outcome = addItem(
      target,
      {
        productId: product.id,
        title: product.title,
        price: product.price,
        ...(product.image ? { image: product.image } : {}),
        ...(product.url ? { url: product.url } : {}),
        ...(product.source ? { source: product.source } : {}),
        ...(product.shipping ? { shipping: product.shipping } : {}),
        ...(product.rating !== undefined ? { rating: product.rating } : {}),
        ...(product.reviews !== undefined ? { reviews: product.reviews } : {}),
      },
      Date.now(),
      `item_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`,
    );
    // Adding to a named list must not change which list is active.
    return outcome.ok
      ? { ...outcome, state: { ...outcome.state, activeWishlistId: state.activeWishlistId } }
      : outcome;
  });
}

export const useWishlists = (): WishlistState => usePersisted(wishlists);
