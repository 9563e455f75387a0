import { Link, useParams } from 'react-router-dom';
import { ProPriceStats } from '../modules/pro/components/pro-price-stats';
import { ProProductTable } from '../modules/pro/components/pro-product-table';
import { useProMode } from '../modules/pro/hooks/pro-context';
import { useProProduct } from '../modules/pro/hooks/use-pro-product';
import { Skeleton } from '../ui/loading-screen';
import { Page } from '../ui/page';

/** Pro product: price statistics first, then the specification table. */
export default function ProProductPage() {
  const { id = '' } = useParams();
  const { dispatch } = useProMode();
  const product = useProProduct(id);
  const p = product.data?.product;

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
      <ProPriceStats productId={id} />
      <h2>Details</h2>
      {product.isLoading && <Skeleton lines={4} label="Loading product" />}
      {product.isError && (
        <p className="form-error" role="alert">
          {product.error.message}
        </p>
      )}
      {p && <ProProductTable product={p} />}
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
