import type { PriceHistoryRequestQuery, PriceHistoryView } from '@pt/contracts';
import { CURRENCY_CODES } from '@pt/domain';
import { apiRead } from '../../../lib/api';

/** The price history reader, apart from catalog.ts (the chart's chunk, not the first screen's). */
export type HistoryDays = PriceHistoryRequestQuery['days'];
export type { PriceHistoryView };

/**
 * A product's price history in `currency` (the shopper's region currency; the server converts from
 * the listing's own). An answer that does not match the contract is an error, not a blank chart.
 */
export async function fetchPriceHistory(id: string, days: HistoryDays, currency: string) {
  const qs = new URLSearchParams({ days: String(days) });
  // The contract's HISTORY_CURRENCIES is this list; taken from the domain, whose module has no zod.
  if ((CURRENCY_CODES as readonly string[]).includes(currency)) qs.set('currency', currency);
  return apiRead(
    'GET /api/v1/products/{id}/price-history',
    `/api/v1/products/${encodeURIComponent(id)}/price-history?${qs}`,
  );
}
