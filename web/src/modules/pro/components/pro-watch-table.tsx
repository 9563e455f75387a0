import { Link } from 'react-router-dom';
import { SAMPLE_PRODUCTS, MARKETPLACE_NAMES } from '@pt/domain';
import { usePriceInRegion } from '../../../ui/price';

/** The sample catalogue as a dense table, each row opening the Pro product page. */
export function ProWatchTable() {
  const price = usePriceInRegion();
  // A phone scrolls the six columns inside this frame, never the page.
  return (
    <div className="table-scroll" role="region" aria-label="Watch list" tabIndex={0}>
      <table className="data-table dense">
        <caption className="sr-only">Featured products with prices and discounts</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Marketplace</th>
            <th scope="col">Price</th>
            <th scope="col">Was</th>
            <th scope="col">Discount</th>
            <th scope="col">Rating</th>
          </tr>
        </thead>
        <tbody>
          {SAMPLE_PRODUCTS.map((p) => (
            <tr key={p.id}>
              <td>
                <Link to={`/pro/product/${encodeURIComponent(p.id)}`}>{p.title}</Link>
              </td>
              <td>{MARKETPLACE_NAMES[p.marketplace]}</td>
              <td>{price(p.price)}</td>
              <td>{price(p.originalPrice)}</td>
              <td>
                {p.originalPrice > p.price ? `${Math.round((1 - p.price / p.originalPrice) * 100)}%` : '—'}
              </td>
              <td>{p.rating.toFixed(1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
