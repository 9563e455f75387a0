import type { Product } from '@pt/contracts';
import { Link } from 'react-router-dom';
import {
  bestValueId,
  clearCompare,
  COMPARE_LIMIT,
  landedTotal,
  removeFromCompare,
  useCompareList,
} from '../modules/compare/compare-store';
import { sourceName } from '../modules/products/components/product-card';
import { EmptyState } from '../modules/products/components/product-results';
import { useRegion } from '../modules/region/hooks/region-context';
import { Page } from '../ui/page';
import { usePriceInRegion } from '../ui/price';
import { useMediaQuery } from '../ui/use-media-query';
import '../modules/products/shopping.css';

/**
 * Up to four products side by side; the lowest landed total (price + shipping, in the shopper's
 * currency) is the best value.
 */
export default function ComparePage() {
  const products = useCompareList();
  const format = usePriceInRegion();
  const { region } = useRegion();
  // A phone gets one card per product instead of a table wider than the screen.
  const stacked = useMediaQuery('(max-width: 48rem)');
  // Ranked in the shopper's currency, with the conversion the rows below display (ui/price).
  const best = bestValueId(products, region.currency);
  if (products.length === 0)
    return (
      <Page title="Compare products">
        <EmptyState title="Nothing to compare yet">
          <p>
            Use “Compare” on up to {COMPARE_LIMIT} products in <Link to="/search">search results</Link> to see
            them side by side.
          </p>
        </EmptyState>
      </Page>
    );
  const specKeys = [...new Set(products.flatMap((p) => Object.keys(p.specifications)))].slice(0, 8);
  const rows: Array<[string, (p: Product) => string]> = [
    ['Price', (p) => format(p.price, p.currency)],
    [
      'Shipping',
      (p) => (p.shippingCost !== undefined ? format(p.shippingCost, p.currency) : (p.shipping ?? '—')),
    ],
    ['Landed total', (p) => format(landedTotal(p, region.currency), region.currency)],
    [
      'Rating',
      (p) => `★ ${p.rating.toFixed(1)}${p.reviews !== undefined ? ` (${p.reviews.toLocaleString()})` : ''}`,
    ],
    ['Seller', (p) => p.seller ?? '—'],
    ['Condition', (p) => p.condition ?? '—'],
    ['Marketplace', (p) => sourceName(p)],
    ...specKeys.map((k): [string, (p: Product) => string] => [k, (p) => p.specifications[k] ?? '—']),
  ];
  return (
    <Page title="Compare products">
      <p className="muted">
        {products.length} of {COMPARE_LIMIT} products. Best value = lowest price including shipping.{' '}
        <button type="button" className="btn btn-sm" onClick={clearCompare}>
          Clear all
        </button>
      </p>
      {stacked ? (
        <ul className="compare-cards" aria-label="Compared products">
          {products.map((p) => (
            <li
              key={p.id}
              className={p.id === best ? 'compare-card best-value' : 'compare-card'}
              data-testid="compare-card"
            >
              <h2>
                <Link to={`/product/${encodeURIComponent(p.id)}`}>{p.title}</Link>
              </h2>
              {p.id === best && <BestValueMark />}
              <dl>
                {rows.map(([label, value]) => (
                  <div key={label} style={{ display: 'contents' }}>
                    <dt>{label}</dt>
                    <dd>{value(p)}</dd>
                  </div>
                ))}
              </dl>
              <button type="button" className="btn btn-sm" onClick={() => removeFromCompare(p.id)}>
                Remove<span className="sr-only"> {p.title}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="compare-table-wrap" tabIndex={0} role="region" aria-label="Comparison table">
          <table className="compare-table" data-testid="compare-table">
            <thead>
              <tr>
                <td />
                {products.map((p) => (
                  <th
                    key={p.id}
                    scope="col"
                    className={p.id === best ? 'best-value' : undefined}
                    data-testid="compare-column"
                  >
                    <Link to={`/product/${encodeURIComponent(p.id)}`}>{p.title}</Link>
                    {p.id === best && <BestValueMark />}
                    <p>
                      <button type="button" className="btn btn-sm" onClick={() => removeFromCompare(p.id)}>
                        Remove<span className="sr-only"> {p.title}</span>
                      </button>
                    </p>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {products.map((p) => (
                    <td key={p.id} className={p.id === best ? 'best-value' : undefined}>
                      {value(p)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}

/** The mark on the best-value product, in the phone's cards and the table's header alike. */
function BestValueMark() {
  return (
    <p>
      <span className="badge" data-testid="best-value">
        Best value
      </span>
    </p>
  );
}
