import { listingKeyOfProduct, type ProductListingHints } from './listing-key';
import { currentSavings, defaultAlertTarget, potentialSavings } from './savings';
import { Instant, toIsoString } from './time';

/**
 * Wishlists as pure state transitions (§4, §5, §8). The web app runs them on local state for
 * anonymous users; the wishlist service applies the same rules before writing. A transition never
 * throws for an expected failure: it returns the unchanged state and the user-facing message.
 */

/** §4, §9 */
export const DEFAULT_WISHLIST_ID = 'default';
export const DEFAULT_WISHLIST_NAME = 'My Wishlist';

/** §5, §8: exact user-facing messages. */
export const WISHLIST_MESSAGES = {
  noActiveWishlist: 'No active wishlist found',
  alreadyInWishlist: 'Item is already in your wishlist',
  added: 'Added to wishlist',
  created: (name: string) => `Created wishlist "${name}"`,
  deleted: 'Wishlist deleted',
  cannotDeleteDefault: 'Cannot delete the default wishlist',
  failedToAdd: 'Failed to add item to wishlist',
  failedToAddWith: (message: string) => `Failed to add item to wishlist: ${message}`,
  failedToCreate: 'Failed to create wishlist',
  failedToUpdate: 'Failed to update wishlist',
  failedToDelete: 'Failed to delete wishlist',
  failedToLoad: 'Failed to load wishlist data',
  authLoading: 'Loading authentication...',
  // Not worded by the spec; chosen to match the catalogue's tone.
  wishlistNotFound: 'Wishlist not found',
  itemNotFound: 'Item not found in wishlist',
  nameRequired: 'Wishlist name is required',
  removed: 'Removed from wishlist',
  moved: 'Item moved',
  reordered: 'Wishlist reordered',
  noteUpdated: 'Note updated',
  renamed: 'Wishlist renamed',
  alertOn: 'Price alert enabled',
  alertOff: 'Price alert disabled',
  nameTooLong: 'Wishlist name must be at most 100 characters',
  defaultRequired: 'Make another wishlist the default instead',
  itemUpdated: 'Wishlist item updated',
  defaultChanged: 'Default wishlist changed',
  unknownPositionItem: 'Positions name an item that is not in this wishlist',
  tooManyWishlists: 'You can keep up to 100 wishlists',
  wishlistFull: 'A wishlist can hold up to 1000 items',
  imported: 'Wishlists imported',
} as const;

/** Limits of a signed-in account (the spec has none; these keep one account from growing without bound). */
export const MAX_WISHLISTS_PER_USER = 100;
export const MAX_ITEMS_PER_WISHLIST = 1000;

/** Longest wishlist name (names over 100 characters are refused). */
export const WISHLIST_NAME_MAX_LENGTH = 100;

/** Why a wishlist name cannot be used, or undefined. Names are trimmed first; duplicates are allowed. */
export function wishlistNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return WISHLIST_MESSAGES.nameRequired;
  if (trimmed.length > WISHLIST_NAME_MAX_LENGTH) return WISHLIST_MESSAGES.nameTooLong;
  return undefined;
}

/** §9 price summary of an item: what the server keeps current as prices change. */
export interface ItemPriceSummary {
  lowestPrice: number;
  highestPrice: number;
  currentSavings: number;
  potentialSavings: number;
}

/**
 * The summary from the price when added, today's price and the prices seen (§9): lowest and
 * highest seen since adding, savings so far (price when added − current, never negative) and the
 * potential savings (the alert's target counts only while the alert is on).
 * `history` is every price seen including the one when added; that one alone counts as no history
 * (15% of the price), as addItem has it.
 */
export function itemPriceSummary(input: {
  priceWhenAdded: number;
  price: number;
  history: readonly number[];
  targetPrice?: number | undefined;
}): ItemPriceSummary {
  const seen = [input.priceWhenAdded, input.price, ...input.history].filter((p) => p > 0);
  return {
    lowestPrice: seen.length ? Math.min(...seen) : 0,
    highestPrice: seen.length ? Math.max(...seen) : 0,
    currentSavings: currentSavings(input.priceWhenAdded, input.price),
    potentialSavings: potentialSavings(
      input.price,
      input.history.length > 1 ? input.history : [],
      input.targetPrice,
    ),
  };
}

export interface PriceHistoryEntry {
  date: string;
  price: number;
}

/** §3 wishlist item. `notes` is the stored name; the spec also calls it note. */
export interface WishlistItem {
  id: string;
  productId: string;
  title: string;
  price: number;
  image?: string;
  url?: string;
  source?: string;
  shipping?: string;
  rating?: number;
  reviews?: number;
  /** §3: always New. */
  condition: 'New';
  addedAt: string;
  trackingSince: string;
  priceHistory: PriceHistoryEntry[];
  currentSavings: number;
  potentialSavings: number;
  notes?: string;
  priceDropAlert: boolean;
  targetPrice?: number;
  position: number;
}

export interface Wishlist {
  id: string;
  name: string;
  isDefault: boolean;
  createdAt: string;
  items: WishlistItem[];
}

export interface WishlistState {
  wishlists: Wishlist[];
  activeWishlistId: string | null;
}

export type WishlistOutcome =
  { ok: true; state: WishlistState; message: string } | { ok: false; state: WishlistState; error: string };

const success = (state: WishlistState, message: string): WishlistOutcome => ({ ok: true, state, message });
const failure = (state: WishlistState, error: string): WishlistOutcome => ({ ok: false, state, error });

export function createDefaultWishlist(now: Instant): Wishlist {
  return {
    id: DEFAULT_WISHLIST_ID,
    name: DEFAULT_WISHLIST_NAME,
    isDefault: true,
    createdAt: toIsoString(now),
    items: [],
  };
}

/** §4: a new user starts with the default list, active. */
export function initialWishlistState(now: Instant): WishlistState {
  return { wishlists: [createDefaultWishlist(now)], activeWishlistId: DEFAULT_WISHLIST_ID };
}

const isDefault = (w: Wishlist): boolean => w.isDefault || w.id === DEFAULT_WISHLIST_ID;

/** §4: a user with no default list gets one (first in the list); an unset active id points at it. */
export function ensureDefaultWishlist(state: WishlistState, now: Instant): WishlistState {
  const hasDefault = state.wishlists.some(isDefault);
  const wishlists = hasDefault ? state.wishlists : [createDefaultWishlist(now), ...state.wishlists];
  const activeValid =
    state.activeWishlistId !== null && wishlists.some((w) => w.id === state.activeWishlistId);
  const activeWishlistId = activeValid ? state.activeWishlistId : (wishlists.find(isDefault) as Wishlist).id;
  return hasDefault && activeValid ? state : { wishlists, activeWishlistId };
}

export function getActiveWishlist(state: WishlistState): Wishlist | undefined {
  return state.activeWishlistId === null
    ? undefined
    : state.wishlists.find((w) => w.id === state.activeWishlistId);
}

/**
 * Whether a list already holds the product's listing. Items are compared by listing key, the rule
 * the wishlist service applies (409 'Item is already in your wishlist'), not by the raw id.
 */
function holdsListing(wishlist: Wishlist, product: ProductListingHints): boolean {
  const key = listingKeyOfProduct(product);
  return wishlist.items.some((i) => listingKeyOfProduct(i) === key);
}

const replaceWishlist = (state: WishlistState, next: Wishlist): WishlistState => ({
  ...state,
  wishlists: state.wishlists.map((w) => (w.id === next.id ? next : w)),
});

const renumber = (items: readonly WishlistItem[]): WishlistItem[] =>
  items.map((item, position) => (item.position === position ? item : { ...item, position }));

const sortedItems = (items: readonly WishlistItem[]): WishlistItem[] =>
  [...items].sort((a, b) => a.position - b.position);

const OPTIONAL_PRODUCT_FIELDS = ['image', 'url', 'source', 'shipping', 'rating', 'reviews', 'notes'] as const;

/** What the caller knows about a product when adding it. */
export type WishlistProductInput = Pick<WishlistItem, 'productId' | 'title' | 'price'> &
  Partial<Pick<WishlistItem, (typeof OPTIONAL_PRODUCT_FIELDS)[number]>>;

/**
 * §5: adds to the active list; refuses when none is active or the listing is already there. A
 * listing is the product's listing key (marketplace and listing id), as the wishlist service keys
 * it: "285…" and "ebay_285…" from eBay are one item, while "ebay_123" and "amazon_123" stay two.
 */
export function addItem(
  state: WishlistState,
  product: WishlistProductInput,
  now: Instant,
  itemId: string = product.productId,
): WishlistOutcome {
  const active = getActiveWishlist(state);
  if (!active) return failure(state, WISHLIST_MESSAGES.noActiveWishlist);
  if (holdsListing(active, product)) return failure(state, WISHLIST_MESSAGES.alreadyInWishlist);
  const at = toIsoString(now);
  const item: WishlistItem = {
    id: itemId,
    productId: product.productId,
    title: product.title,
    price: product.price,
    condition: 'New',
    addedAt: at,
    trackingSince: at,
    priceHistory: product.price > 0 ? [{ date: at, price: product.price }] : [],
    currentSavings: 0,
    potentialSavings: potentialSavings(product.price),
    priceDropAlert: false,
    position: active.items.length,
  };
  for (const key of OPTIONAL_PRODUCT_FIELDS) {
    if (product[key] !== undefined) (item as unknown as Record<string, unknown>)[key] = product[key];
  }
  return success(
    replaceWishlist(state, { ...active, items: [...sortedItems(active.items), item] }),
    WISHLIST_MESSAGES.added,
  );
}

type Located = { ok: true; wishlist: Wishlist; item: WishlistItem } | { ok: false; error: string };

function locate(state: WishlistState, wishlistId: string | undefined, productId: string): Located {
  const wishlist =
    wishlistId === undefined ? getActiveWishlist(state) : state.wishlists.find((w) => w.id === wishlistId);
  if (!wishlist)
    return {
      ok: false,
      error:
        wishlistId === undefined ? WISHLIST_MESSAGES.noActiveWishlist : WISHLIST_MESSAGES.wishlistNotFound,
    };
  const item = wishlist.items.find((i) => i.productId === productId);
  if (!item) return { ok: false, error: WISHLIST_MESSAGES.itemNotFound };
  return { ok: true, wishlist, item };
}

/** Removes from a list (the active one by default); positions close up. */
export function removeItem(state: WishlistState, productId: string, wishlistId?: string): WishlistOutcome {
  const found = locate(state, wishlistId, productId);
  if (!found.ok) return failure(state, found.error);
  const items = renumber(sortedItems(found.wishlist.items.filter((i) => i.productId !== productId)));
  return success(replaceWishlist(state, { ...found.wishlist, items }), WISHLIST_MESSAGES.removed);
}

/** §4: moves an item to another list, at its end. */
export function moveItem(
  state: WishlistState,
  productId: string,
  fromWishlistId: string,
  toWishlistId: string,
): WishlistOutcome {
  const found = locate(state, fromWishlistId, productId);
  if (!found.ok) return failure(state, found.error);
  const target = state.wishlists.find((w) => w.id === toWishlistId);
  if (!target) return failure(state, WISHLIST_MESSAGES.wishlistNotFound);
  if (target.id === found.wishlist.id) return success(state, WISHLIST_MESSAGES.moved);
  if (holdsListing(target, found.item)) return failure(state, WISHLIST_MESSAGES.alreadyInWishlist);
  const source = {
    ...found.wishlist,
    items: renumber(sortedItems(found.wishlist.items.filter((i) => i.productId !== productId))),
  };
  const dest = {
    ...target,
    items: [...renumber(sortedItems(target.items)), { ...found.item, position: target.items.length }],
  };
  return success(replaceWishlist(replaceWishlist(state, source), dest), WISHLIST_MESSAGES.moved);
}

/**
 * §4: reorders by position. `orderedProductIds` is the new order; items it does not name keep their
 * relative order after the named ones, so a stale client cannot lose items. Positions become 0..n-1.
 */
export function reorderItems(
  state: WishlistState,
  wishlistId: string,
  orderedProductIds: readonly string[],
): WishlistOutcome {
  const wishlist = state.wishlists.find((w) => w.id === wishlistId);
  if (!wishlist) return failure(state, WISHLIST_MESSAGES.wishlistNotFound);
  const current = sortedItems(wishlist.items);
  const named = [...new Set(orderedProductIds)]
    .map((id) => current.find((i) => i.productId === id))
    .filter((i): i is WishlistItem => !!i);
  const rest = current.filter((i) => !named.includes(i));
  return success(
    replaceWishlist(state, { ...wishlist, items: renumber([...named, ...rest]) }),
    WISHLIST_MESSAGES.reordered,
  );
}

/** §4: edits the note; a blank note clears it. */
export function updateItemNote(
  state: WishlistState,
  productId: string,
  note: string,
  wishlistId?: string,
): WishlistOutcome {
  const found = locate(state, wishlistId, productId);
  if (!found.ok) return failure(state, found.error);
  const trimmed = note.trim();
  const { notes: _old, ...rest } = found.item;
  const item: WishlistItem = trimmed ? { ...rest, notes: trimmed } : rest;
  return success(
    replaceWishlist(state, {
      ...found.wishlist,
      items: found.wishlist.items.map((i) => (i === found.item ? item : i)),
    }),
    WISHLIST_MESSAGES.noteUpdated,
  );
}

/** §4: toggles the item's alert; switching on sets the target to 90% of the price (ARCHITECTURE §3). */
export function toggleItemAlert(
  state: WishlistState,
  productId: string,
  wishlistId?: string,
  targetPrice?: number,
): WishlistOutcome {
  const found = locate(state, wishlistId, productId);
  if (!found.ok) return failure(state, found.error);
  const { targetPrice: _old, ...rest } = found.item;
  const turningOn = !found.item.priceDropAlert;
  const item: WishlistItem = turningOn
    ? { ...rest, priceDropAlert: true, targetPrice: targetPrice ?? defaultAlertTarget(found.item.price) }
    : { ...rest, priceDropAlert: false };
  return success(
    replaceWishlist(state, {
      ...found.wishlist,
      items: found.wishlist.items.map((i) => (i === found.item ? item : i)),
    }),
    turningOn ? WISHLIST_MESSAGES.alertOn : WISHLIST_MESSAGES.alertOff,
  );
}

/**
 * Creates a list (not made active: the user picks it when they want to). Names are trimmed; a
 * blank name is refused, duplicate names are allowed (the spec has no uniqueness rule).
 */
export function createWishlist(
  state: WishlistState,
  name: string,
  id: string,
  now: Instant,
): WishlistOutcome {
  const trimmed = name.trim();
  const problem = wishlistNameProblem(trimmed);
  if (problem) return failure(state, problem);
  if (state.wishlists.some((w) => w.id === id)) return failure(state, WISHLIST_MESSAGES.failedToCreate);
  const wishlist: Wishlist = { id, name: trimmed, isDefault: false, createdAt: toIsoString(now), items: [] };
  return success({ ...state, wishlists: [...state.wishlists, wishlist] }, WISHLIST_MESSAGES.created(trimmed));
}

export function renameWishlist(state: WishlistState, wishlistId: string, name: string): WishlistOutcome {
  const trimmed = name.trim();
  const problem = wishlistNameProblem(trimmed);
  if (problem) return failure(state, problem);
  const wishlist = state.wishlists.find((w) => w.id === wishlistId);
  if (!wishlist) return failure(state, WISHLIST_MESSAGES.wishlistNotFound);
  return success(replaceWishlist(state, { ...wishlist, name: trimmed }), WISHLIST_MESSAGES.renamed);
}

export function setActiveWishlist(state: WishlistState, wishlistId: string): WishlistOutcome {
  if (!state.wishlists.some((w) => w.id === wishlistId))
    return failure(state, WISHLIST_MESSAGES.wishlistNotFound);
  return success({ ...state, activeWishlistId: wishlistId }, '');
}

/** §4, §5: the default cannot be deleted; deleting the active list activates the default, else the first, else `default`. */
export function deleteWishlist(state: WishlistState, wishlistId: string): WishlistOutcome {
  const wishlist = state.wishlists.find((w) => w.id === wishlistId);
  if (!wishlist) return failure(state, WISHLIST_MESSAGES.wishlistNotFound);
  if (isDefault(wishlist)) return failure(state, WISHLIST_MESSAGES.cannotDeleteDefault);
  const wishlists = state.wishlists.filter((w) => w.id !== wishlistId);
  const activeWishlistId =
    state.activeWishlistId === wishlistId
      ? (wishlists.find(isDefault)?.id ?? wishlists[0]?.id ?? DEFAULT_WISHLIST_ID)
      : state.activeWishlistId;
  return success({ wishlists, activeWishlistId }, WISHLIST_MESSAGES.deleted);
}
