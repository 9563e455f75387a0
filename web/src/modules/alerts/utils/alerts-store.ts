import type { AlertKindName } from '@pt/contracts';
import {
  createPriceAlert,
  initialArmed,
  isLowestInDays,
  isPercentDrop,
  percentDropThreshold,
  removePriceAlert,
  roundMoney,
  STORAGE_KEYS,
  upsertPriceAlert,
  type AlertProduct,
  type AlertRule,
  type PriceAlert,
} from '@pt/domain';
import type { AlertKindChoice } from '../api/alert-actions';
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
  /**
   * The alert's kind and its parameter, as a signed-in alert has them: `percent` and `basePrice`
   * (the price when it was set, in the alert's currency) for percent_drop, `days` for
   * lowest_in_days. Alerts stored before kinds are target alerts (see `withKind`).
   */
  kind?: AlertKindName;
  percent?: number;
  basePrice?: number;
  days?: number;
  /** The last crossing this browser notified, and why (the reason as the notifier words it). */
  lastFired?: { at: string; reason: string };
}

/**
 * The rule the watcher evaluates. A kind whose parameter is missing or out of bounds (an older or
 * hand-edited entry) is read as the target alert every local alert has underneath.
 */
export function localAlertRule(
  a: Pick<LocalAlert, 'kind' | 'targetPrice' | 'percent' | 'basePrice' | 'days'>,
): AlertRule {
  if (
    a.kind === 'percent_drop' &&
    a.percent !== undefined &&
    isPercentDrop(a.percent) &&
    (a.basePrice ?? 0) > 0
  )
    return { kind: 'percent_drop', percent: a.percent, basePrice: a.basePrice ?? 0 };
  if (a.kind === 'lowest_in_days' && a.days !== undefined && isLowestInDays(a.days))
    return { kind: 'lowest_in_days', days: a.days };
  return { kind: 'target', targetPrice: a.targetPrice };
}

/** The kind as the alerts API takes it (a sign-in import sends it), or undefined for a target alert. */
export function kindChoiceOf(
  a: Pick<LocalAlert, 'kind' | 'targetPrice' | 'percent' | 'basePrice' | 'days'>,
): AlertKindChoice | undefined {
  const rule = localAlertRule(a);
  if (rule.kind === 'percent_drop') return { kind: 'percent_drop', percent: rule.percent };
  if (rule.kind === 'lowest_in_days') return { kind: 'lowest_in_days', days: rule.days };
  return undefined;
}

/** A stored alert with its kind spelled out: alerts kept before kinds existed are target alerts. */
export function withKind(a: LocalAlert): LocalAlert {
  const kind = localAlertRule(a).kind;
  return a.kind === kind ? a : { ...a, kind };
}

/**
 * The stored fields of a rule, as the notifier stores a signed-in one: a percent drop keeps its
 * threshold as its target (what the wishlist's "Alert at" shows) and keeps `keepBase` when only its
 * percentage changes; a lowest-in-N alert keeps the target it had, which it does not use.
 */
function ruleFields(
  choice: AlertKindChoice | { kind: 'target'; targetPrice: number },
  currentPrice: number,
  previous: Pick<LocalAlert, 'targetPrice'> & { keepBase?: number | undefined },
): Pick<LocalAlert, 'kind' | 'targetPrice' | 'percent' | 'basePrice' | 'days'> {
  switch (choice.kind) {
    case 'target':
      return { kind: 'target', targetPrice: choice.targetPrice };
    case 'percent_drop': {
      const basePrice = roundMoney(previous.keepBase ?? currentPrice);
      return {
        kind: 'percent_drop',
        percent: choice.percent,
        basePrice,
        targetPrice: percentDropThreshold(basePrice, choice.percent),
      };
    }
    case 'lowest_in_days':
      return { kind: 'lowest_in_days', days: choice.days, targetPrice: previous.targetPrice };
    case 'back_in_stock':
      // The browser watches prices, not availability (the local form does not offer this kind):
      // a stray choice keeps the alert a target alert.
      return { kind: 'target', targetPrice: previous.targetPrice };
  }
}

/** Drops the parameters of kinds an alert no longer has. */
function onlyParametersOf<T extends Partial<LocalAlert>>(a: T): T {
  const { percent, basePrice, days, ...rest } = a;
  if (a.kind === 'percent_drop') return { ...rest, percent, basePrice } as T;
  if (a.kind === 'lowest_in_days') return { ...rest, days } as T;
  return rest as T;
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
  codec: jsonCodec((v) => (Array.isArray(v) ? (v as LocalAlert[]).map(withKind) : undefined)),
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

export function setAlert(product: AlertProduct, targetPrice?: number, kind?: AlertKindChoice): LocalAlert {
  const created = createPriceAlert(product, {
    id: `alert_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`,
    now: Date.now(),
    ...(targetPrice !== undefined ? { targetPrice } : {}),
  });
  const rule = ruleFields(
    kind ?? { kind: 'target', targetPrice: created.targetPrice },
    created.currentPrice,
    created,
  );
  const alert: LocalAlert = {
    ...created,
    // The id as the catalog gave it: the normalised one loses an eBay listing's variation.
    ...(product.productId !== created.productId ? { pageId: product.productId } : {}),
    ...rule,
    armed: initialArmed(localAlertRule(rule), created.currentPrice),
  };
  write(upsertPriceAlert(readStoredAlerts(), alert));
  return alert;
}

export const deleteAlert = (productId: string) => write(removePriceAlert(readAlerts(), productId));

export type LocalAlertChange = Partial<
  Pick<LocalAlert, 'targetPrice' | 'isActive' | 'currentPrice' | 'armed' | 'checkedAt' | 'lastFired'>
> & { kind?: AlertKindName; percent?: number; days?: number };

/** The kind a change asks for (a lone parameter changes the alert's own kind), or undefined. */
function changedRule(a: LocalAlert, change: LocalAlertChange) {
  const kind =
    change.kind ??
    (change.percent !== undefined
      ? 'percent_drop'
      : change.days !== undefined
        ? 'lowest_in_days'
        : change.targetPrice !== undefined
          ? 'target'
          : undefined);
  const current = localAlertRule(a);
  switch (kind) {
    case undefined:
    case 'back_in_stock': // not a local kind: the browser watches prices only
      return undefined;
    case 'target':
      return { kind, targetPrice: change.targetPrice ?? a.targetPrice } as const;
    case 'percent_drop': {
      const percent = change.percent ?? (current.kind === 'percent_drop' ? current.percent : undefined);
      return percent !== undefined && isPercentDrop(percent) ? ({ kind, percent } as const) : undefined;
    }
    case 'lowest_in_days': {
      const days = change.days ?? (current.kind === 'lowest_in_days' ? current.days : undefined);
      return days !== undefined && isLowestInDays(days) ? ({ kind, days } as const) : undefined;
    }
  }
}

export function updateAlert(id: string, change: LocalAlertChange) {
  write(
    readStoredAlerts().map((a) => {
      if (a.id !== id) return a;
      const { kind: _kind, percent: _percent, days: _days, ...plain } = change;
      const choice = changedRule(a, change);
      if (!choice) return { ...a, ...plain };
      const current = localAlertRule(a);
      const fields = ruleFields(choice, a.currentPrice, {
        targetPrice: a.targetPrice,
        keepBase:
          current.kind === 'percent_drop' && choice.kind === 'percent_drop' ? current.basePrice : undefined,
      });
      const next = onlyParametersOf({ ...a, ...plain, ...fields });
      // A new rule re-decides the side, as the notifier's PATCH does.
      return change.armed === undefined
        ? { ...next, armed: initialArmed(localAlertRule(next), next.currentPrice) }
        : next;
    }),
  );
}

/**
 * "Met", as the alerts page shows it: §4's price at or below the target for a target or percent
 * alert (whose target is its threshold); for a lowest-in-N alert, as the notifier says it, from
 * the last crossing until the price climbs above the low again.
 */
export const alertMet = (
  a: Pick<PriceAlert, 'currentPrice' | 'targetPrice'> & Pick<LocalAlert, 'kind' | 'armed'>,
) =>
  a.kind === 'lowest_in_days' ? a.armed === false : a.currentPrice > 0 && a.currentPrice <= a.targetPrice;

export const useAlerts = (): LocalAlert[] => usePersisted(alerts);
