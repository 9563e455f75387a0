import { SAMPLE_PRODUCTS, MARKETPLACE_NAMES } from '@pt/domain';
import { Link } from 'react-router-dom';
import { Price } from '../../../ui/price';

/** The spec's static samples (§3), priced in the user's region (§9, ui/price). */
export function SampleProductList() {
  return (
    <ul className="product-grid" aria-label="Sample products">
      {SAMPLE_PRODUCTS.map((product) => (
        <li key={product.id} className="product-card">
          <h3>
            <Link to={`/product/${encodeURIComponent(product.id)}`}>{product.title}</Link>
          </h3>
          <p className="marketplace">{MARKETPLACE_NAMES[product.marketplace]}</p>
          <p>
            <Price amount={product.price} currency="USD" />{' '}
            {product.originalPrice > product.price && (
              <Price amount={product.originalPrice} currency="USD" strike testId="original-price" />
            )}
          </p>
          <p className="shipping">{product.shipping}</p>
        </li>
      ))}
    </ul>
  );
}
