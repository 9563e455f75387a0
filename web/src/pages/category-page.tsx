import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../lib/api';
import { apiErrorMessage } from '../lib/api-error-message';
import { catalogKeys, fetchCategory } from '../modules/products/api/catalog';
import {
  EmptyState,
  ErrorState,
  MarketplaceStatusLine,
  ProductGrid,
  ResultsSkeleton,
} from '../modules/products/components/product-results';
import { useRegion } from '../modules/region/hooks/region-context';
import { Page } from '../ui/page';
import { Pager } from '../ui/pager';

export default function CategoryPage() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { region } = useRegion();
  const category = useQuery({
    queryKey: catalogKeys.category(slug, page, region.id),
    queryFn: () => fetchCategory(slug, page, region.id),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const data = category.data;
  return (
    <Page title={data?.category.name ?? (category.isError ? 'Category' : 'Loading category…')}>
      <p>
        <Link to="/categories">All categories</Link>
      </p>
      {category.isPending ? (
        <ResultsSkeleton />
      ) : category.isError ? (
        category.error instanceof ApiError && category.error.status === 404 ? (
          <EmptyState title="Category not found">
            <p>
              See <Link to="/categories">all categories</Link>.
            </p>
          </EmptyState>
        ) : (
          <ErrorState message={apiErrorMessage(category.error)} onRetry={() => void category.refetch()} />
        )
      ) : data ? (
        <>
          <MarketplaceStatusLine statuses={data.marketplaces} />
          {data.products.length === 0 ? (
            <EmptyState title="No products in this category right now" />
          ) : (
            <ProductGrid products={data.products} label={`${data.category.name} products`} />
          )}
          <Pager page={page} result={data} onPage={(p) => setParams({ page: String(p) })} />
        </>
      ) : null}
    </Page>
  );
}
