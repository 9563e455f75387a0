import { useQuery } from '@tanstack/react-query';
import { formatPrice, marketplaceSignals } from '@pt/domain';
import { Link, useParams } from 'react-router-dom';
import { proKeys } from '../modules/pro/api/pro-api';
import { fetchProduct } from '../modules/products/api/catalog';
import { fetchPriceHistory } from '../modules/products/api/price-history';
import { usePotentialSavings } from '../modules/product/hooks/use-price-history';
import { useProMode } from '../modules/pro/hooks/pro-context';
import { useRegion } from '../modules/region/hooks/region-context';
import { Skeleton } from '../ui/loading-screen';
import { Page } from '../ui/page';
import { PriceBadge } from '../modules/products/components/price-badge';
import { usePriceInRegion } from '../ui/price';

/** Pro shows the statistics of the last 90 days up front. */
const PRO_HISTORY_DAYS = 90;

/** Pro product: price statistics first, then the specification table. */
export default function ProProductPage() {
  const { id = '' } = useParams();
  const { region } = useRegion();
  const { dispatch } = useProMode();
  const price = usePriceInRegion();
  const product = useQuery({
    queryKey: proKeys.product(id, region.id),
    queryFn: () => fetchProduct(id, region.id),
  });
  const history = useQuery({
    queryKey: proKeys.history(id, region.currency),
    queryFn: () => fetchPriceHistory(id, PRO_HISTORY_DAYS, region.currency),
    retry: 0,
  });
  const savings = usePotentialSavings(id);
  const p = product.data?.product;
  const signals = p && marketplaceSignals(p);
  const stats = history.data?.statistics;
  const currency = history.data?.currency;

  return (
    <Page title={p?.title ?? 'Pro product'}>
      <div className="row">
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => dispatch({ type: 'leave', productId: id })}
        >
          Standard view
        </button>
        <span className="muted" data-testid="product-id">
          {id}
        </span>
      </div>
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
      <h2>Details</h2>
      {product.isLoading && <Skeleton lines={4} label="Loading product" />}
      {product.isError && (
        <p className="form-error" role="alert">
          {product.error.message}
        </p>
      )}
      {p && (
        <table className="data-table dense">
          <caption className="sr-only">Product details</caption>
          <tbody>
            <tr>
              <th scope="row">Price</th>
              <td>
                {price(p.price, p.currency)} <PriceBadge badge={p.priceBadge} />
              </td>
            </tr>
            <tr>
              <th scope="row">Marketplace</th>
              <td>{p.marketplaceName ?? p.marketplace ?? '—'}</td>
            </tr>
            <tr>
              <th scope="row">Seller</th>
              <td>{p.seller ?? '—'}</td>
            </tr>
            <tr>
              <th scope="row">Shipping</th>
              <td>{p.shipping ?? '—'}</td>
            </tr>
            <tr>
              <th scope="row">Rating</th>
              <td>
                {p.rating.toFixed(1)} ({p.reviews ?? 0} reviews)
              </td>
            </tr>
            <tr>
              <th scope="row">Review quality</th>
              <td>{signals?.reviewQuality}</td>
            </tr>
            {signals?.popularity && (
              <tr>
                <th scope="row">Popularity</th>
                <td>
                  {signals.popularity.level} ({signals.popularity.orders.toLocaleString('en-US')} orders)
                </td>
              </tr>
            )}
            {Object.entries(p.specifications).map(([k, v]) => (
              <tr key={k}>
                <th scope="row">{k}</th>
                <td>{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {p?.url && (
        <p>
          <a href={p.url} target="_blank" rel="noopener noreferrer sponsored">
            View on {p.marketplaceName ?? 'the marketplace'}
          </a>
        </p>
      )}
      <p>
        <Link to="/pro/search">Back to Pro search</Link>
      </p>
    </Page>
  );
}
