import type { Product } from '@pt/contracts';
import { usePriceInRegion } from '../../../ui/price';

/** Details (shipping, seller, condition, location, rating), then features, specifications and description. */
export function ProductFacts({ product: p }: { product: Product }) {
  const format = usePriceInRegion();
  return (
    <>
      <section aria-labelledby="details-title">
        <h2 id="details-title">Details</h2>
        <dl className="stats">
          {p.shipping && (
            <div>
              <dt>Shipping</dt>
              <dd>
                {p.shipping}
                {p.shippingCost !== undefined ? ` (${format(p.shippingCost, p.currency)})` : ''}
              </dd>
            </div>
          )}
          {p.seller && (
            <div>
              <dt>Seller</dt>
              <dd>{p.seller}</dd>
            </div>
          )}
          {p.condition && (
            <div>
              <dt>Condition</dt>
              <dd>{p.condition}</dd>
            </div>
          )}
          {p.location && (
            <div>
              <dt>Location</dt>
              <dd>{p.location}</dd>
            </div>
          )}
          <div>
            <dt>Rating</dt>
            <dd>
              ★ {p.rating.toFixed(1)}
              {p.reviews !== undefined ? ` · ${p.reviews.toLocaleString()} reviews` : ''}
            </dd>
          </div>
        </dl>
      </section>

      {(p.features.length > 0 || Object.keys(p.specifications).length > 0) && (
        <section aria-labelledby="specs-title">
          <h2 id="specs-title">Features and specifications</h2>
          {p.features.length > 0 && (
            <ul>
              {p.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          )}
          {Object.keys(p.specifications).length > 0 && (
            <table className="data-table">
              <tbody>
                {Object.entries(p.specifications).map(([k, v]) => (
                  <tr key={k}>
                    <th scope="row">{k}</th>
                    <td>{v}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      {p.description && <p className="prose">{p.description}</p>}
    </>
  );
}
