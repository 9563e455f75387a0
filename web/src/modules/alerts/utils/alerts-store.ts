import {
  createPriceAlert,
  initialAlertArmed,
  removePriceAlert,
  STORAGE_KEYS,
  upsertPriceAlert,
  type AlertProduct,
  type PriceAlert,
} from '@pt/domain';
import { jsonCodec, persistedStore, usePersisted } from '../../../lib/persisted-store';

/**
 * A local alert: §3's fields, plus what the in-browser watcher remembers between checks, as the
 * notifier does for server alerts. `armed`: the last price seen was above the target, so the next
 * crossing notifies (absent on alerts stored before the watcher: decided from `currentPrice`).
 */
export interface LocalAlert extends PriceAlert {
  armed?: boolean;
  /** When the watcher last read the listing's price. */
  checkedAt?: string;
  /**
   * The catalog id the alert was set from. `productId` is normalised (§3), and a bare eBay number
   * reads as a cross-border id, so the watcher asks the catalog by this one.
   */
  pageId?: string;
}

/** The id to read a local alert's listing by (alerts stored before `pageId`: rebuilt from §2). */
export function catalogIdOf(alert: Pick<LocalAlert, 'productId' | 'marketplace' | 'pageId'>): string {
  if (alert.pageId) return alert.pageId;
  if (alert.marketplace === 'ebay' && /^\d+$/.test(alert.productId)) return `v1|${alert.productId}|0`;
  if (alert.marketplace === 'aliexpress' && /^\d+$/.test(alert.productId))
    return `aliexpress_${alert.productId}`;
  return alert.productId;
}

/** Anonymous price alerts (§3 `price_alerts`), changed only through libs/domain's rules. */
const alerts = persistedStore<LocalAlert[]>({
  key: STORAGE_KEYS.priceAlerts,
  codec: jsonCodec((v) => (Array.isArray(v) ? (v as LocalAlert[]) : undefined)),
  fallback: () => [],
});

/** What local storage holds now (another tab may have written since this page read it). */
export const readStoredAlerts = (): LocalAlert[] => alerts.readStored();
export const readAlerts = (): LocalAlert[] => alerts.get();
const write = (next: LocalAlert[]): void => alerts.set(next);

/** Local alerts moved into an account (sign-in import); the ones not imported stay. */
export function keepOnlyLocalAlerts(ids: ReadonlySet<string>): void {
  const left = readStoredAlerts().filter((a) => ids.has(a.id));
  if (left.length === 0) alerts.clear();
  else write(left);
}

export function setAlert(product: AlertProduct, targetPrice?: number): LocalAlert {
  const created = createPriceAlert(product, {
    id: `alert_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`,
    now: Date.now(),
    ...(targetPrice !== undefined ? { targetPrice } : {}),
  });
  const alert: LocalAlert = {
    ...created,
    armed: initialAlertArmed(created.currentPrice, created.targetPrice),
  };
  write(upsertPriceAlert(readStoredAlerts(), alert));
  return alert;
}

export const deleteAlert = (productId: string) => write(removePriceAlert(readAlerts(), productId));

export function updateAlert(
  id: string,
  change: Partial<Pick<LocalAlert, 'targetPrice' | 'isActive' | 'currentPrice' | 'armed' | 'checkedAt'>>,
) {
  write(
    readStoredAlerts().map((a) => {
      if (a.id !== id) return a;
      const next = { ...a, ...change };
      // A new target re-decides the side, as the notifier's PATCH does.
      return change.targetPrice !== undefined && change.armed === undefined
        ? { ...next, armed: initialAlertArmed(next.currentPrice, next.targetPrice) }
        : next;
    }),
  );
}

/** §4: "met" once the current price is at or below the target. */
export const alertMet = (a: Pick<PriceAlert, 'currentPrice' | 'targetPrice'>) =>
  a.currentPrice > 0 && a.currentPrice <= a.targetPrice;

export const useAlerts = (): LocalAlert[] => usePersisted(alerts);
