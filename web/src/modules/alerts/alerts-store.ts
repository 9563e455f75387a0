import { useSyncExternalStore } from 'react';
import {
  createPriceAlert,
  removePriceAlert,
  STORAGE_KEYS,
  upsertPriceAlert,
  type AlertProduct,
  type PriceAlert,
} from '@pt/domain';
import { readJson, removeKey, writeJson } from '../../lib/storage';

/** Anonymous price alerts (§3 `price_alerts`), changed only through libs/domain's rules. */
let cache: PriceAlert[] | null = null;
const listeners = new Set<() => void>();

/** What local storage holds now (another tab may have written since this page read it). */
export function readStoredAlerts(): PriceAlert[] {
  const stored = readJson<unknown>(STORAGE_KEYS.priceAlerts);
  return Array.isArray(stored) ? (stored as PriceAlert[]) : [];
}

export function readAlerts(): PriceAlert[] {
  cache ??= readStoredAlerts();
  return cache;
}

function write(next: PriceAlert[]): void {
  cache = next;
  writeJson(STORAGE_KEYS.priceAlerts, next);
  for (const listener of listeners) listener();
}

/** Local alerts moved into an account (sign-in import); the ones not imported stay. */
export function keepOnlyLocalAlerts(ids: ReadonlySet<string>): void {
  const left = readStoredAlerts().filter((a) => ids.has(a.id));
  if (left.length === 0) {
    removeKey(STORAGE_KEYS.priceAlerts);
    cache = [];
    for (const listener of listeners) listener();
  } else write(left);
}

export function setAlert(product: AlertProduct, targetPrice?: number): PriceAlert {
  const alert = createPriceAlert(product, {
    id: `alert_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`,
    now: Date.now(),
    ...(targetPrice !== undefined ? { targetPrice } : {}),
  });
  write(upsertPriceAlert(readAlerts(), alert));
  return alert;
}

export const deleteAlert = (productId: string) => write(removePriceAlert(readAlerts(), productId));

export function updateAlert(
  id: string,
  change: Partial<Pick<PriceAlert, 'targetPrice' | 'isActive' | 'currentPrice'>>,
) {
  write(readAlerts().map((a) => (a.id === id ? { ...a, ...change } : a)));
}

/** §4: "met" once the current price is at or below the target. */
export const alertMet = (a: Pick<PriceAlert, 'currentPrice' | 'targetPrice'>) =>
  a.currentPrice > 0 && a.currentPrice <= a.targetPrice;

export function useAlerts(): PriceAlert[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readAlerts,
    readAlerts,
  );
}
