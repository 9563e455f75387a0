import type { QueryClient } from '@tanstack/react-query';
import type { ImportWishlistsRequest } from '@pt/contracts';
import { WISHLIST_MESSAGES, type WishlistState } from '@pt/domain';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api';
import { alertApi, createAlertBody, type AlertApi } from '../alerts/api/alert-actions';
import { alertKeys } from '../../lib/query-keys';
import {
  keepOnlyLocalAlerts,
  kindChoiceOf,
  readStoredAlerts,
  type LocalAlert,
} from '../alerts/utils/alerts-store';
import { wishlistApi, type WishlistApi } from '../wishlist/api/server-wishlists';
import { wishlistKeys } from '../wishlist/api/wishlist-actions';
import {
  clearLocalWishlists,
  hasLocalWishlistData,
  readStoredWishlists,
} from '../wishlist/utils/wishlist-store';

/**
 * At sign-in, what an anonymous visitor kept in this browser moves into the account,
 * once. The wishlist service merges the lists without duplicates (its import is idempotent); each
 * local alert is created on the alert-notifier, which replaces an alert for the same listing. What
 * was imported is then removed from this browser, so the next sign-in has nothing left to import.
 */
export const IMPORT_MESSAGES = {
  wishlists: WISHLIST_MESSAGES.imported,
  wishlistsFailed: WISHLIST_MESSAGES.failedToUpdate,
  alerts: 'Price alerts imported',
  alertsFailed: 'Some price alerts could not be imported',
} as const;

export const itemsAdded = (n: number) => `${n} item${n === 1 ? '' : 's'} added to your account`;

/** The import body: the lists and only the item fields the service reads. */
export function importBody(state: WishlistState): ImportWishlistsRequest {
  return {
    activeWishlistId: state.activeWishlistId,
    wishlists: state.wishlists.map((w) => ({
      id: w.id,
      name: w.name,
      isDefault: w.isDefault,
      items: w.items.map((i) => ({
        productId: i.productId,
        title: i.title,
        price: i.price,
        ...(i.image !== undefined ? { image: i.image } : {}),
        ...(i.url !== undefined ? { url: i.url } : {}),
        ...(i.source !== undefined ? { source: i.source } : {}),
        ...(i.shipping !== undefined ? { shipping: i.shipping } : {}),
        ...(i.rating !== undefined ? { rating: i.rating } : {}),
        ...(i.reviews !== undefined ? { reviews: i.reviews } : {}),
        ...(i.notes !== undefined ? { notes: i.notes } : {}),
        ...(i.targetPrice !== undefined ? { targetPrice: i.targetPrice } : {}),
        addedAt: i.addedAt,
        priceDropAlert: i.priceDropAlert,
        position: i.position,
      })),
    })),
  };
}

/** An alert the server refused for good (unknown product, bad target): retrying cannot help. */
const refusedForGood = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![401, 408, 429].includes(error.status);

/**
 * Creates each local alert on the server with its kind and parameter (paused ones stay paused; a
 * percent drop is measured from the listing's price at the import, the only base the API takes).
 * Answers how many were imported
 * and the ids to keep locally: only those that failed for a reason that may pass next time.
 */
export async function importAlerts(
  alerts: readonly LocalAlert[],
  api: AlertApi,
): Promise<{ imported: number; refused: number; keep: Set<string> }> {
  let imported = 0;
  let refused = 0;
  const keep = new Set<string>();
  for (const a of alerts) {
    try {
      const { alert } = await api.create(
        createAlertBody(
          {
            id: a.productId,
            title: a.productTitle,
            price: a.currentPrice,
            currency: a.currency,
            image: a.productImage,
            marketplace: a.marketplace,
          },
          a.targetPrice,
          kindChoiceOf(a),
        ),
      );
      if (!a.isActive) await api.update(alert.id, { isActive: false });
      imported++;
    } catch (error) {
      if (refusedForGood(error)) refused++;
      else keep.add(a.id);
    }
  }
  return { imported, refused, keep };
}

const running = new Set<string>();

export async function importLocalData(
  userId: string,
  queryClient: QueryClient,
  apis: { wishlists: WishlistApi; alerts: AlertApi } = { wishlists: wishlistApi(), alerts: alertApi() },
): Promise<void> {
  // One import per user at a time: auth events can arrive twice for one sign-in.
  if (running.has(userId)) return;
  running.add(userId);
  try {
    const state = readStoredWishlists();
    if (hasLocalWishlistData(state)) {
      try {
        const result = await apis.wishlists.importLocal(importBody(state));
        clearLocalWishlists();
        toast.success(result.message, { description: itemsAdded(result.imported.items) });
      } catch {
        // Kept in this browser: the next sign-in tries again.
        toast.error(IMPORT_MESSAGES.wishlistsFailed);
      }
      await queryClient.invalidateQueries({ queryKey: wishlistKeys.of(userId) });
    }
    const alerts = readStoredAlerts();
    if (alerts.length > 0) {
      const { imported, refused, keep } = await importAlerts(alerts, apis.alerts);
      keepOnlyLocalAlerts(keep);
      if (imported > 0) toast.success(IMPORT_MESSAGES.alerts, { description: `${imported} imported` });
      if (refused > 0 || keep.size > 0) toast.warning(IMPORT_MESSAGES.alertsFailed);
      await queryClient.invalidateQueries({ queryKey: alertKeys.of(userId) });
    }
  } finally {
    running.delete(userId);
  }
}
