import { HOUR_MS } from './time';

// Snapshots after a lookup (§4, §9, ARCHITECTURE §6)

/** §9: a global snapshot is skipped within 6 hours of an existing one. */
export const GLOBAL_SNAPSHOT_WINDOW_MS = 6 * HOUR_MS;

/** §4: a snapshot is saved after each successful lookup when the price is positive. */
export function shouldSavePriceSnapshot(price: number | null | undefined): boolean {
  return typeof price === 'number' && Number.isFinite(price) && price > 0;
}

// Whether an observation is stored, deduplicated or refused, and whether it is a change or a drop
// (ARCHITECTURE §6), is decided in the recorder's statement (pricing's price-snapshots repository),
// in the same statement that locks the listing's current price: concurrent recorders must not
// decide on a price another one is replacing. Its integration test (recorder.int-spec.ts) is the
// rule's table.

/** §9: price history is read for the last 30 days unless asked otherwise. */
export const PRICE_HISTORY_DEFAULT_DAYS = 30;
