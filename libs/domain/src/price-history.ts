import { HOUR_MS, Instant, toEpochMs } from './time';

// Snapshots after a lookup (§4, §9, ARCHITECTURE §6)

/** §9: a global snapshot is skipped within 6 hours of an existing one. */
export const GLOBAL_SNAPSHOT_WINDOW_MS = 6 * HOUR_MS;

/** §4: a snapshot is saved after each successful lookup when the price is positive. */
export function shouldSavePriceSnapshot(price: number | null | undefined): boolean {
  return typeof price === 'number' && Number.isFinite(price) && price > 0;
}

export interface SnapshotRef {
  price: number;
  currency: string;
  at: Instant;
}

/**
 * ARCHITECTURE §6 refines §4's 6-hour skip: an observation is dropped only when the latest
 * snapshot is younger than 6 hours AND has the same price and currency, so no drop is hidden.
 */
export function shouldStoreGlobalSnapshot(
  latest: SnapshotRef | null | undefined,
  observed: SnapshotRef,
): boolean {
  if (!shouldSavePriceSnapshot(observed.price)) return false;
  if (!latest) return true;
  const age = toEpochMs(observed.at) - toEpochMs(latest.at);
  const withinWindow = Number.isFinite(age) && age < GLOBAL_SNAPSHOT_WINDOW_MS;
  return !(withinWindow && latest.price === observed.price && latest.currency === observed.currency);
}

/** ARCHITECTURE §6: a drop is a lower price than the previous recorded one in the same currency. */
export function isPriceDrop(
  previous: { price: number; currency: string } | null | undefined,
  next: { price: number; currency: string },
): boolean {
  return !!previous && previous.currency === next.currency && next.price < previous.price;
}

/** A recorded price differs from the previous one (→ price.changed). A currency change counts. */
export function isPriceChange(
  previous: { price: number; currency: string } | null | undefined,
  next: { price: number; currency: string },
): boolean {
  return !!previous && (previous.currency !== next.currency || previous.price !== next.price);
}

/** §9: price history is read for the last 30 days unless asked otherwise. */
export const PRICE_HISTORY_DEFAULT_DAYS = 30;
