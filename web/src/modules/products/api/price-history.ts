import {
  HISTORY_CURRENCIES,
  PriceHistoryViewSchema,
  type PriceHistoryRequestQuery,
  type PriceHistoryView,
} from '@pt/contracts';
import { apiFetch } from '../../../lib/api';

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
  const body = await apiFetch<unknown>(`/api/v1/products/${encodeURIComponent(id)}/price-history?${qs}`);
  const parsed = PriceHistoryViewSchema.safeParse(body);
  if (!parsed.success)
    throw new Error(
      `The price history could not be read (${parsed.error.issues[0]?.path.join('.') || 'answer'}: ${parsed.error.issues[0]?.message ?? 'unexpected shape'}).`,
    );
  return parsed.data;
}
