import { Link } from 'react-router-dom';
import { useCompareRows } from '../modules/compare/hooks/use-compare-rows';
import {
  bestValueId,
  clearCompare,
  COMPARE_LIMIT,
  useCompareList,
} from '../modules/compare/utils/compare-store';
import { CompareCards, CompareTable } from '../modules/compare/components/compare-view';
import { EmptyState } from '../modules/products/components/product-results';
import { useRegion } from '../modules/region/hooks/region-context';
import { Page } from '../ui/page';
import { useMediaQuery } from '../ui/use-media-query';
import '../modules/products/shopping.css';

/**
 * Up to four products side by side; the lowest landed total (price + shipping, in the shopper's
 * currency) is the best value.
 */
export default function ComparePage() {
  const products = useCompareList();
  const { region } = useRegion();
  // A phone gets one card per product instead of a table wider than the screen.
  const stacked = useMediaQuery('(max-width: 48rem)');
  // Ranked in the shopper's currency, with the conversion the rows below display (ui/price).
  const best = bestValueId(products, region.currency);
  const rows = useCompareRows(products);
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
  return (
    <Page title="Compare products">
      <p className="muted">
        {products.length} of {COMPARE_LIMIT} products. Best value = lowest price including shipping.{' '}
        <button type="button" className="btn btn-sm" onClick={clearCompare}>
          Clear all
        </button>
      </p>
      {stacked ? (
        <CompareCards products={products} rows={rows} best={best} />
      ) : (
        <CompareTable products={products} rows={rows} best={best} />
      )}
    </Page>
  );
}
