import { useQueries, useQuery } from '@tanstack/react-query';
import { catalogKeys } from '../../products/api/catalog';
import { fetchPriceHistory, type HistoryDays } from '../../products/api/price-history';
import { useRegion } from '../../region/hooks/region-context';
import { historyHasLookup } from '../utils/history-chart-data';

/** While a just-recorded price has not reached the history, it is asked again this often… */
const LOOKUP_REFRESH_MS = 1000;
/** …at most this many times (the relay normally takes well under a second). */
const LOOKUP_REFRESH_TRIES = 15;

export interface LiveLookup {
  price: number;
  currency: string;
  fetchedAt: string;
}

/**
 * A product's history in the region currency. After a live lookup (which records an observation),
 * the query is keyed on that lookup and asked again until the recorded price is in it, so the
 * first view shows the price just seen.
 */
export function usePriceHistory(productId: string, days: HistoryDays, lookup?: LiveLookup) {
  const { region } = useRegion();
  return useQuery({
    queryKey: catalogKeys.history(productId, days, region.currency, lookup?.fetchedAt),
    queryFn: () => fetchPriceHistory(productId, days, region.currency),
    refetchInterval: (q) =>
      lookup &&
      q.state.data &&
      !historyHasLookup(q.state.data, lookup) &&
      q.state.dataUpdateCount < LOOKUP_REFRESH_TRIES
        ? LOOKUP_REFRESH_MS
        : false,
  });
}

/**
 * "Potential savings" is one figure on every screen: the pricing service's, over the listing's
 * whole history, in the region currency. Undefined while unknown or when nothing was recorded.
 */
export const SAVINGS_HISTORY_DAYS: HistoryDays = 'all';

export interface Savings {
  amount: number;
  currency: string;
}

type HistoryAnswer = Awaited<ReturnType<typeof fetchPriceHistory>>;

export const savingsOf = (history: HistoryAnswer | undefined): Savings | undefined =>
  history && history.statistics.count > 0
    ? { amount: history.statistics.potentialSavings, currency: history.currency }
    : undefined;

export function usePotentialSavings(productId: string, lookup?: LiveLookup): Savings | undefined {
  return savingsOf(usePriceHistory(productId, SAVINGS_HISTORY_DAYS, lookup).data);
}

/** The potential savings of several products (a wishlist): one entry per id, undefined while unknown. */
export function usePotentialSavingsOf(productIds: readonly string[]): Array<Savings | undefined> {
  const { region } = useRegion();
  return useQueries({
    queries: productIds.map((id) => ({
      queryKey: catalogKeys.history(id, SAVINGS_HISTORY_DAYS, region.currency),
      queryFn: () => fetchPriceHistory(id, SAVINGS_HISTORY_DAYS, region.currency),
    })),
    combine: (results) => results.map((r) => savingsOf(r.data)),
  });
}
