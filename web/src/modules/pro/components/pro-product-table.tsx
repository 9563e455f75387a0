import type { Product } from '@pt/contracts';
import { marketplaceSignals } from '@pt/domain';
import { PriceBadge } from '../../products/components/price-badge';
import { usePriceInRegion } from '../../../ui/price';

/** Every fact of a listing in one dense table, the specifications included. */
export function ProProductTable({ product: p }: { product: Product }) {
  const price = usePriceInRegion();
  const signals = marketplaceSignals(p);
  return (
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
          <td>{signals.reviewQuality}</td>
        </tr>
        {signals.popularity && (
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
  );
}
