import {
  HISTORY_CURRENCIES,
  PriceHistoryViewSchema,
  type PriceHistoryRequestQuery,
  type PriceHistoryView,
} from '@pt/contracts';
import { apiFetchChecked } from '../../../lib/api';

/**
 * The price history reader, apart from catalog.ts: it validates with the contract's zod schema,
 * which the home page (a catalog.ts reader) must not carry in its initial JavaScript.
 */
export type HistoryDays = PriceHistoryRequestQuery['days'];
export type { PriceHistoryView };

/**
 * A product's price history in `currency` (the shopper's region currency; the server converts from
 * the listing's own). An answer that does not match the contract is an error, not a blank chart.
 */
export async function fetchPriceHistory(id: string, days: HistoryDays, currency: string) {
  const qs = new URLSearchParams({ days: String(days) });
  if (HISTORY_CURRENCIES.includes(currency)) qs.set('currency', currency);
  return apiFetchChecked(
    `/api/v1/products/${encodeURIComponent(id)}/price-history?${qs}`,
    PriceHistoryViewSchema,
    'price history',
  );
}
