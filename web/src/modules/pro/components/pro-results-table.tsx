import type { Product } from '@pt/contracts';
import { PriceBadge } from '../../products/components/price-badge';
import { usePriceInRegion } from '../../../ui/price';

/** The dense results table; the selected row (j/k) is outlined and marked current. */
export function ProResultsTable({
  products,
  selected,
  onOpen,
}: {
  products: readonly Product[];
  selected: number;
  onOpen: (product: Product) => void;
}) {
  const price = usePriceInRegion();
  return (
    <table className="data-table dense">
      <caption className="sr-only">Search results</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Marketplace</th>
          <th scope="col">Price</th>
          <th scope="col">Was</th>
          <th scope="col">Shipping</th>
          <th scope="col">Rating</th>
          <th scope="col">Reviews</th>
          <th scope="col">Condition</th>
        </tr>
      </thead>
      <tbody>
        {products.map((p, i) => (
          <tr
            key={p.id}
            aria-current={i === selected ? 'true' : undefined}
            style={i === selected ? { outline: '2px solid var(--accent)' } : undefined}
          >
            <td>
              <a
                href={`/pro/product/${encodeURIComponent(p.id)}`}
                onClick={(e) => {
                  e.preventDefault();
                  onOpen(p);
                }}
              >
                {p.title}
              </a>
            </td>
            <td>{p.marketplaceName ?? p.marketplace}</td>
            <td>
              {price(p.price, p.currency)} <PriceBadge badge={p.priceBadge} />
            </td>
            <td>{p.originalPrice ? price(p.originalPrice, p.currency) : '—'}</td>
            <td>{p.shipping ?? '—'}</td>
            <td>{p.rating.toFixed(1)}</td>
            <td>{p.reviews ?? '—'}</td>
            <td>{p.condition ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
