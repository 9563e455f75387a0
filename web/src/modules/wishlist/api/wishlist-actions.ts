import type { QueryClient } from '@tanstack/react-query';
import type { WishlistsResponse } from '@pt/contracts';
import {
  createWishlist,
  deleteWishlist,
  moveItem,
  removeItem,
  renameWishlist,
  reorderItems,
  setActiveWishlist,
  toggleItemAlert,
  updateItemNote,
  WISHLIST_MESSAGES,
  wishlistNameProblem,
  type WishlistItem,
  type WishlistOutcome,
} from '@pt/domain';
import { alertKeys } from '../../../lib/query-keys';
import { chooseServerWishlist, chosenServerWishlist } from '../utils/active-wishlist';
import { addItemBody, positionsFor, serverState, wishlistApi, type WishlistApi } from './server-wishlists';
import { addProductToWishlist, applyWishlist, type WishlistProduct } from '../utils/wishlist-store';
import { failed, succeeded, type ActionResult } from '../../../lib/action-result';
import { failureMessage, type WishlistAction } from '../utils/wishlist-results';

/**
 * One wishlist interface for every screen (§4): anonymous lists live in this browser through
 * libs/domain's transitions; a signed-in user's lists live on the wishlist service and are
 * reloaded after every write. The screens never know which one they talk to.
 */
export interface WishlistActions {
  add(product: WishlistProduct, wishlistId?: string): Promise<ActionResult>;
  create(name: string): Promise<ActionResult>;
  rename(wishlistId: string, name: string): Promise<ActionResult>;
  remove(wishlistId: string): Promise<ActionResult>;
  setActive(wishlistId: string): void;
  reorder(wishlistId: string, orderedProductIds: readonly string[]): Promise<ActionResult>;
  moveItem(item: WishlistItem, fromId: string, toId: string): Promise<ActionResult>;
  updateNote(item: WishlistItem, wishlistId: string, note: string): Promise<ActionResult>;
  toggleAlert(item: WishlistItem, wishlistId: string): Promise<ActionResult>;
  removeItem(item: WishlistItem, wishlistId: string): Promise<ActionResult>;
}

export const wishlistKeys = { of: (userId: string) => ['wishlists', userId] as const };

const fromOutcome = (outcome: WishlistOutcome): ActionResult =>
  outcome.ok ? succeeded(outcome.message) : failed(outcome.error);
const local = (change: Parameters<typeof applyWishlist>[0]) =>
  Promise.resolve(fromOutcome(applyWishlist(change)));
const newListId = () => `wl_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

/** The anonymous lists: libs/domain transitions on local storage, exactly as before sign-in existed. */
export const localWishlistActions: WishlistActions = {
  add: (product, wishlistId) => Promise.resolve(fromOutcome(addProductToWishlist(product, wishlistId))),
  create: (name) => local((s) => createWishlist(s, name, newListId(), Date.now())),
  rename: (id, name) => local((s) => renameWishlist(s, id, name)),
  remove: (id) => local((s) => deleteWishlist(s, id)),
  setActive: (id) => void applyWishlist((s) => setActiveWishlist(s, id)),
  reorder: (id, order) => local((s) => reorderItems(s, id, order)),
  moveItem: (item, from, to) => local((s) => moveItem(s, item.productId, from, to)),
  updateNote: (item, id, note) => local((s) => updateItemNote(s, item.productId, note, id)),
  toggleAlert: (item, id) => local((s) => toggleItemAlert(s, item.productId, id)),
  removeItem: (item, id) => local((s) => removeItem(s, item.productId, id)),
};

/**
 * A signed-in user's lists on the server. Each write is followed by a reload of the lists (§4);
 * a reorder shows the new order at once and goes back if the server refuses it.
 */
export function serverWishlistActions(
  userId: string,
  queryClient: QueryClient,
  api: WishlistApi = wishlistApi(),
): WishlistActions {
  const key = wishlistKeys.of(userId);
  const lists = () => queryClient.ensureQueryData({ queryKey: key, queryFn: api.list });
  async function run(
    action: WishlistAction,
    call: () => Promise<{ message: string }>,
    optimistic?: (data: WishlistsResponse) => WishlistsResponse,
  ): Promise<ActionResult> {
    const before = queryClient.getQueryData<WishlistsResponse>(key);
    if (optimistic && before) queryClient.setQueryData(key, optimistic(before));
    try {
      const { message } = await call();
      await queryClient.invalidateQueries({ queryKey: key });
      return succeeded(message);
    } catch (error) {
      if (optimistic && before) queryClient.setQueryData(key, before);
      void queryClient.invalidateQueries({ queryKey: key });
      return failed(failureMessage(action, error));
    }
  }
  const named = (
    name: string,
    action: WishlistAction,
    call: (trimmed: string) => Promise<{ message: string }>,
  ) => {
    const problem = wishlistNameProblem(name);
    return problem ? Promise.resolve(failed(problem)) : run(action, () => call(name.trim()));
  };
  return {
    add: async (product, wishlistId) => {
      let target = wishlistId ?? null;
      try {
        target ??= serverState(await lists(), chosenServerWishlist(userId)).activeWishlistId;
      } catch (error) {
        return failed(failureMessage('add', error));
      }
      if (target === null) return failed(WISHLIST_MESSAGES.noActiveWishlist);
      const listId = target;
      return run('add', () => api.addItem(listId, addItemBody(product)));
    },
    create: (name) => named(name, 'create', (n) => api.create(n)),
    rename: (id, name) => named(name, 'rename', (n) => api.rename(id, n)),
    remove: (id) =>
      run('delete', async () => {
        const result = await api.remove(id);
        // §4: deleting the active list makes the default active.
        if (chosenServerWishlist(userId) === id && result.defaultWishlistId)
          chooseServerWishlist(userId, result.defaultWishlistId);
        return result;
      }),
    setActive: (id) => chooseServerWishlist(userId, id),
    reorder: (id, order) => {
      const list = queryClient.getQueryData<WishlistsResponse>(key)?.wishlists.find((w) => w.id === id);
      if (!list) return Promise.resolve(failed(failureMessage('reorder', undefined)));
      const positions = positionsFor(list, order);
      const at = new Map(positions.map((p) => [p.itemId, p.position]));
      return run(
        'reorder',
        () => api.positions(id, positions),
        (data) => ({
          ...data,
          wishlists: data.wishlists.map((w) =>
            w.id !== id
              ? w
              : { ...w, items: w.items.map((i) => ({ ...i, position: at.get(i.id) ?? i.position })) },
          ),
        }),
      );
    },
    moveItem: (item, _from, to) => run('move', () => api.updateItem(item.id, { wishlistId: to })),
    updateNote: (item, _id, note) =>
      run('note', () => api.updateItem(item.id, { notes: note.trim() || null })),
    toggleAlert: async (item) => {
      const result = await run('alert', () => api.updateItem(item.id, { priceAlert: !item.priceDropAlert }));
      // The alert-notifier keeps a wishlist item's alert as one of the user's alerts.
      void queryClient.invalidateQueries({ queryKey: alertKeys.of(userId) });
      return result;
    },
    removeItem: (item) => run('remove', () => api.removeItem(item.id)),
  };
}
