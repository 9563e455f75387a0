import { formatPrice, SAMPLE_PRODUCTS, MARKETPLACE_NAMES } from '@pt/domain';

/** The spec's static samples (§3), priced with the shared formatting rule (§9). */
export function SampleProductList() {
  return (
    <ul className="product-grid" aria-label="Sample products">
      {SAMPLE_PRODUCTS.map((product) => (
        <li key={product.id} className="product-card">
          <h3>{product.title}</h3>
          <p className="marketplace">{MARKETPLACE_NAMES[product.marketplace]}</p>
          <p>
            <strong data-testid="price">{formatPrice(product.price, 'USD')}</strong>{' '}
            {product.originalPrice > product.price && <s>{formatPrice(product.originalPrice, 'USD')}</s>}
          </p>
          <p className="shipping">{product.shipping}</p>
        </li>
      ))}
    </ul>
  );
}
