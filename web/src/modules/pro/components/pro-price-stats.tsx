import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '@pt/domain';
import { fetchPriceHistory } from '../../products/api/price-history';
import { usePotentialSavings } from '../../product/hooks/use-price-history';
import { useRegion } from '../../region/hooks/region-context';
import { Skeleton } from '../../../ui/loading-screen';
import { proKeys } from '../api/pro-api';

/** Pro shows the statistics of the last 90 days up front. */
const PRO_HISTORY_DAYS = 90;

export function ProPriceStats({ productId: id }: { productId: string }) {
  const { region } = useRegion();
  const history = useQuery({
    queryKey: proKeys.history(id, region.currency),
    queryFn: () => fetchPriceHistory(id, PRO_HISTORY_DAYS, region.currency),
    retry: 0,
  });
  const savings = usePotentialSavings(id);
  const stats = history.data?.statistics;
  const currency = history.data?.currency;
  return (
    <>
      <h2>Price statistics</h2>
      {history.isLoading && <Skeleton lines={2} label="Loading price statistics" />}
      {history.isError && <p className="muted">No price history recorded for this product yet.</p>}
      {stats && stats.count === 0 && <p className="muted">No price history recorded for this product yet.</p>}
      {stats && stats.count > 0 && (
        <dl className="stat-grid">
          {(
            [
              ['Current', stats.current],
              ['Lowest', stats.min],
              ['Highest', stats.max],
              ['Average', stats.average],
              ['Lowest 90 days', stats.lowest90Days],
              // One figure on every screen: over the whole history, not this 90-day window.
              ['Potential savings', savings?.amount ?? null],
            ] as const
          ).map(([label, value]) => (
            <div className="stat" key={label}>
              <dt>{label}</dt>
              <dd>{value === null ? '—' : formatPrice(value, currency)}</dd>
            </div>
          ))}
          <div className="stat">
            <dt>Trend</dt>
            <dd>{stats.trend}</dd>
          </div>
          <div className="stat">
            <dt>Data points</dt>
            <dd>{stats.count}</dd>
          </div>
        </dl>
      )}
    </>
  );
}
