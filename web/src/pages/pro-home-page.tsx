import { Link } from 'react-router-dom';
import { SAMPLE_PRODUCTS, MARKETPLACE_NAMES } from '@pt/domain';
import { RegionFlag } from '../modules/region/components/region-flag';
import { useRegion } from '../modules/region/hooks/region-context';
import { Page } from '../ui/page';
import { usePriceInRegion } from '../ui/price';

/** Pro home: a dense dashboard — shortcuts, the region in force and a watch table. */
export default function ProHomePage() {
  const { region } = useRegion();
  const price = usePriceInRegion();
  return (
    <Page title="Pro home">
      <dl className="stat-grid">
        <div className="stat">
          <dt>Region</dt>
          <dd>
            <RegionFlag region={region.id} /> {region.id.toUpperCase()}
          </dd>
        </div>
        <div className="stat">
          <dt>Currency</dt>
          <dd>{region.currency}</dd>
        </div>
        <div className="stat">
          <dt>Marketplaces</dt>
          <dd>{Object.keys(MARKETPLACE_NAMES).length}</dd>
        </div>
      </dl>
      <h2>Keyboard shortcuts</h2>
      <ul>
        <li>
          <span className="kbd">/</span> focus the Pro search box
        </li>
        <li>
          <span className="kbd">j</span> / <span className="kbd">k</span> move through results,{' '}
          <span className="kbd">Enter</span> opens the selected product
        </li>
        <li>
          <span className="kbd">Alt</span>+<span className="kbd">T</span> focus notifications
        </li>
      </ul>
      <p>
        <Link to="/pro/search" className="btn btn-primary">
          Open Pro search
        </Link>
      </p>
      <h2>Watch list</h2>
      {/* A phone scrolls the six columns inside this frame, never the page. */}
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
    </Page>
  );
}
