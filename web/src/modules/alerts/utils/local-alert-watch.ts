import {
  describeAlertReason,
  evaluateAlertKind,
  formatPrice,
  initialArmed,
  type AlertReason,
  type PriceLow,
} from '@pt/domain';
import { toast } from '../../../ui/toast';
import { fetchProduct } from '../../products/api/catalog';
import { canWatchPrice, inCurrency, targetText } from './alert-target';
import { catalogIdOf, localAlertRule, readStoredAlerts, updateAlert, type LocalAlert } from './alerts-store';

/**
 * The in-browser watch of anonymous alerts: nothing on a server knows them, so while any page of
 * the app is open their listings are read again (GET /api/v1/products/:id, which also records the
 * price) and each crossing notifies once, by the notifier's rule for every kind (libs/domain
 * evaluateAlertKind).
 */

/**
 * One listing every 30 s, round-robin: the catalog allows a client 60 requests a minute
 * (CATALOG_CLIENT_PER_MINUTE) and browsing needs nearly all of them, so the watch takes two.
 */
export const ALERT_WATCH_INTERVAL_MS = 30_000;

const DAY_MS = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The listing's low over the `days` before an observation, from the public price history, in the
 * window pricing gives the notifier: the N-1 earlier UTC days and the observation's own day, prices
 * seen before it. The history is read before the listing (whose read records the new price), so
 * the price being judged is not its own low; undefined when the window holds no price.
 */
export function lowOverDays(
  points: readonly { date: string; price: number }[],
  days: number,
  observedAt: Date,
): PriceLow | undefined {
  const first = utcDay(new Date(observedAt.getTime() - (days - 1) * DAY_MS));
  let low: { price: number; day: string } | undefined;
  for (const p of points) {
    const at = new Date(p.date);
    if (!(p.price > 0) || !(at.getTime() < observedAt.getTime()) || utcDay(at) < first) continue;
    const day = utcDay(at);
    // Equal lows: the latest day, as pricing's window query orders them.
    if (!low || p.price < low.price || (p.price === low.price && day > low.day))
      low = { price: p.price, day };
  }
  return low && { days, price: low.price, at: low.day };
}

/** A crossing: the alert as it now stands, and why it fired. */
export interface LocalCrossing {
  alert: LocalAlert;
  reason: AlertReason;
}

/**
 * Records a price seen for a local alert's listing and moves the alert to its side of its
 * threshold. Returns the crossing when this price is one (armed → at or below the threshold), else
 * undefined. `lows`, in the alert's currency, decide a lowest-in-N alert. Reads storage afresh, so a
 * crossing another tab has already taken does not fire here again.
 */
export function observeLocalPrice(
  alertId: string,
  price: number,
  currency: string,
  now: Date = new Date(),
  lows?: readonly PriceLow[],
): LocalCrossing | undefined {
  const alert = readStoredAlerts().find((a) => a.id === alertId);
  if (!alert || !(price > 0)) return undefined;
  const current = inCurrency(price, currency, alert.currency);
  if (current === undefined) return undefined;
  const checkedAt = now.toISOString();
  const rule = localAlertRule(alert);
  // The notifier judges a lowest-in-N alert on price changes only: a price that stays at the low
  // is not a new low, however often this browser reads it.
  const unchanged = rule.kind === 'lowest_in_days' && current === alert.currentPrice;
  if (!alert.isActive || unchanged) {
    updateAlert(alert.id, { currentPrice: current, checkedAt });
    return undefined;
  }
  const armed = alert.armed ?? initialArmed(rule, alert.currentPrice);
  const result = evaluateAlertKind({ armed, rule }, { price: current, ...(lows ? { lows } : {}) });
  if (!result.fire && result.undecided) {
    // Not judged (no history yet): not taken as seen either, so the next read judges this price.
    updateAlert(alert.id, { checkedAt });
    return undefined;
  }
  if (!result.fire) {
    updateAlert(alert.id, { currentPrice: current, armed: result.armed, checkedAt });
    return undefined;
  }
  const lastFired = { at: checkedAt, reason: describeAlertReason(result.reason, alert.currency, now) };
  updateAlert(alert.id, { currentPrice: current, armed: result.armed, checkedAt, lastFired });
  return {
    alert: { ...alert, currentPrice: current, armed: result.armed, lastFired },
    reason: result.reason,
  };
}

export const CROSSING_TITLE = 'Price alert met';

/**
 * The in-app toast, and a browser notification when the shopper has allowed them. A target alert
 * names its target in the region's currency; other kinds say why in the notifier's words
 * ("20% below $80.00 (the price when you set this alert): $60.00").
 */
export function notifyCrossing({ alert, reason }: LocalCrossing, regionCurrency: string): void {
  const price = formatPrice(alert.currentPrice, alert.currency);
  const body =
    reason.kind === 'target'
      ? `${alert.productTitle} is now ${price}, at or below your target ${targetText(alert, regionCurrency)}.`
      : `${alert.productTitle} is now ${price}: ${describeAlertReason(reason, alert.currency)}.`;
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

/**
 * A lowest-in-N alert's low, read (before the listing) from the public price history in the alert's
 * currency; one more day is asked for, as the window starts at a UTC midnight. Other kinds need none.
 */
async function lowsFor(alert: LocalAlert, observedAt: Date): Promise<PriceLow[] | undefined> {
  const rule = localAlertRule(alert);
  if (rule.kind !== 'lowest_in_days') return undefined;
  // The history reader loads with the first lowest-in-N check, not with every watch.
  const { fetchPriceHistory } = await import('../../products/api/price-history');
  const history = await fetchPriceHistory(catalogIdOf(alert), rule.days + 1, alert.currency);
  // A currency the history cannot be shown in leaves the alert undecided, never compared unlike.
  if (history.currency.toUpperCase() !== alert.currency.toUpperCase()) return undefined;
  const low = lowOverDays(history.points, rule.days, observedAt);
  return low ? [low] : undefined;
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
      const observedAt = new Date();
      const lows = await lowsFor(alert, observedAt);
      const answer = await fetchProduct(catalogIdOf(alert), region.id);
      if (answer.isPlaceholder) return;
      const crossed = observeLocalPrice(
        alert.id,
        answer.product.price,
        answer.product.currency,
        observedAt,
        lows,
      );
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
