import type { PriceHistoryRequestQuery, PriceHistoryView } from '@pt/contracts';
import { CURRENCY_CODES } from '@pt/domain';
import { apiFetch, checkAnswer } from '../../../lib/api';

/**
 * The price history reader, apart from catalog.ts: it validates with the contract's zod schema,
 * which loads with the first history request (in parallel with it), so neither the home page nor
 * the product page's first screen carries zod in its initial JavaScript.
 */
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
  const [answer, { PriceHistoryViewSchema }] = await Promise.all([
    apiFetch<unknown>(`/api/v1/products/${encodeURIComponent(id)}/price-history?${qs}`),
    import('./price-history-schema'),
  ]);
  return checkAnswer(answer, PriceHistoryViewSchema, 'price history');
}
