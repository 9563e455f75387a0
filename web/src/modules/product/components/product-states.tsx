import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { ErrorState, ResultsSkeleton } from '../../products/components/product-results';
import { Page } from '../../../ui/page';

export function ProductLoading() {
  return (
    <Page title="Loading product…">
      <ResultsSkeleton count={2} />
    </Page>
  );
}

/** A lookup that failed: an unknown or malformed id is "not found", anything else can be retried. */
export function ProductFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return notFound ? (
    <Page title="Product not found">
      <p>We could not find this product on any marketplace. It may have been removed.</p>
      <Link to="/search" className="btn">
        Search for products
      </Link>
    </Page>
  ) : (
    <Page title="Product details">
      <ErrorState message={apiErrorMessage(error)} onRetry={onRetry} />
    </Page>
  );
}

export function ProductBeingFetched() {
  return (
    <Page title="Product is being loaded">
      <p role="status" aria-live="polite">
        We are fetching this product from the marketplace. This page refreshes by itself when it arrives.
      </p>
      <ResultsSkeleton count={1} />
    </Page>
  );
}
