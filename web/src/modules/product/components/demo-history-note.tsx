import { SAVINGS_HISTORY_DAYS, usePriceHistory, type LiveLookup } from '../hooks/use-price-history';

/**
 * Says so when a listing's history holds simulated points (the demo marketplaces' backfilled
 * past, source `demo`): shoppers must never take them for prices somebody saw. Reads the
 * whole-history answer the section above already asked for (same query), so it costs no request.
 */
export function DemoHistoryNote({ productId, lookup }: { productId: string; lookup?: LiveLookup }) {
  const history = usePriceHistory(productId, SAVINGS_HISTORY_DAYS, lookup);
  if (!history.data?.points.some((p) => p.source === 'demo')) return null;
  return (
    <p className="muted" role="note" data-testid="demo-history-note">
      Demo data: this price history is simulated by the demo marketplaces, not prices seen at a real
      marketplace.
    </p>
  );
}
