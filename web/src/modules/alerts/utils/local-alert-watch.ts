import { evaluatePriceAlert, formatPrice, initialAlertArmed } from '@pt/domain';
import { toast } from '../../../ui/toast';
import { fetchProduct } from '../../products/api/catalog';
import { canWatchPrice, inCurrency, targetText } from './alert-target';
import { catalogIdOf, readStoredAlerts, updateAlert, type LocalAlert } from './alerts-store';

/**
 * The in-browser watch of anonymous alerts: nothing on a server knows them, so while any page of
 * the app is open their listings are read again (GET /api/v1/products/:id, which also records the
 * price) and each crossing notifies once, by the notifier's rule (libs/domain evaluatePriceAlert).
 */

/**
 * One listing every 30 s, round-robin: the catalog allows a client 60 requests a minute
 * (CATALOG_CLIENT_PER_MINUTE) and browsing needs nearly all of them, so the watch takes two.
 */
export const ALERT_WATCH_INTERVAL_MS = 30_000;

/**
 * Records a price seen for a local alert's listing and moves the alert to its side of the target.
 * Returns the alert when this price is a crossing (armed → at or below the target), else undefined.
 * Reads storage afresh, so a crossing another tab has already taken does not fire here again.
 */
export function observeLocalPrice(
  alertId: string,
  price: number,
  currency: string,
  now: Date = new Date(),
): LocalAlert | undefined {
  const alert = readStoredAlerts().find((a) => a.id === alertId);
  if (!alert || !(price > 0)) return undefined;
  const current = inCurrency(price, currency, alert.currency);
  if (current === undefined) return undefined;
  const checkedAt = now.toISOString();
  if (!alert.isActive) {
    updateAlert(alert.id, { currentPrice: current, checkedAt });
    return undefined;
  }
  const armed = alert.armed ?? initialAlertArmed(alert.currentPrice, alert.targetPrice);
  const result = evaluatePriceAlert({ armed, targetPrice: alert.targetPrice }, current);
  updateAlert(alert.id, { currentPrice: current, armed: result.armed, checkedAt });
  return result.fire ? { ...alert, currentPrice: current, armed: result.armed } : undefined;
}

export const CROSSING_TITLE = 'Price alert met';

/** The in-app toast, and a browser notification when the shopper has allowed them. */
export function notifyCrossing(alert: LocalAlert, regionCurrency: string): void {
  const body = `${alert.productTitle} is now ${formatPrice(alert.currentPrice, alert.currency)}, at or below your target ${targetText(alert, regionCurrency)}.`;
  toast.success(CROSSING_TITLE, { description: body });
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted')
    new Notification(CROSSING_TITLE, { body });
}

/** The next alert to check after `lastId`, in stored order, wrapping round. */
export function nextToCheck(
  alerts: readonly LocalAlert[],
  lastId: string | undefined,
): LocalAlert | undefined {
  const watched = alerts.filter(
    (a) => a.isActive && canWatchPrice({ id: a.productId, marketplace: a.marketplace }),
  );
  if (watched.length === 0) return undefined;
  const at = watched.findIndex((a) => a.id === lastId);
  return watched[(at + 1) % watched.length];
}

/** Starts the schedule; the returned function stops it. A hidden tab checks nothing. */
export function startLocalAlertWatch(
  context: { region: () => { id: string; currency: string } },
  intervalMs: number = ALERT_WATCH_INTERVAL_MS,
): () => void {
  let lastId: string | undefined;
  let busy = false;
  const tick = async () => {
    if (busy || document.visibilityState === 'hidden') return;
    const alert = nextToCheck(readStoredAlerts(), lastId);
    if (!alert) return;
    lastId = alert.id;
    busy = true;
    try {
      const region = context.region();
      // The schema (and zod) load with the first check, not with the product page that shares this file.
      const [{ ProductResponseSchema }, raw] = await Promise.all([
        import('../api/product-response-schema'),
        fetchProduct(catalogIdOf(alert), region.id),
      ]);
      const answer = ProductResponseSchema.parse(raw);
      if (answer.isPlaceholder) return;
      const crossed = observeLocalPrice(alert.id, answer.product.price, answer.product.currency);
      if (crossed) notifyCrossing(crossed, region.currency);
    } catch {
      // A listing that cannot be read now is read again on its next turn.
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  return () => clearInterval(timer);
}
