import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { ProResultsTable } from '../modules/pro/components/pro-results-table';
import { ProSearchForm } from '../modules/pro/components/pro-search-form';
import { useProSearch } from '../modules/pro/hooks/use-pro-search';
import { useResultShortcuts } from '../modules/pro/hooks/use-result-shortcuts';
import { Skeleton } from '../ui/loading-screen';
import { Page } from '../ui/page';

/**
 * Pro search: query, sort and page live in the URL; a dense table with more columns; keyboard
 * shortcuts (/ focuses the box, j/k move, Enter opens in the Pro product page).
 */
export default function ProSearchPage() {
  const { q, sort, page, search, go } = useProSearch();
  const navigate = useNavigate();
  const products = search.data?.products ?? [];
  const openProduct = useCallback(
    (id: string) => void navigate(`/pro/product/${encodeURIComponent(id)}`),
    [navigate],
  );
  const { input, selected, setSelected } = useResultShortcuts(products.length, (i) => {
    const product = products[i];
    if (product) openProduct(product.id);
  });

  return (
    <Page title="Pro search">
      <ProSearchForm
        q={q}
        sort={sort}
        input={input}
        onSearch={(next) => {
          setSelected(0);
          go({ q: next, sort, page: 1 });
        }}
        onSort={(next) => go({ q, sort: next, page: 1 })}
      />
      {!q && <p className="muted">Type a query to search every marketplace at once.</p>}
      {search.isLoading && <Skeleton lines={6} label="Loading results" />}
      {search.isError && (
        <p className="form-error" role="alert">
          Search failed: {search.error.message}
        </p>
      )}
      {search.data && products.length === 0 && <p>No products match “{q}”.</p>}
      {search.data && products.length > 0 && (
        <>
          <p className="muted" aria-live="polite">
            {search.data.total} results · page {search.data.page} of {Math.max(search.data.totalPages, 1)}
            {search.data.partial && ' · some marketplaces did not answer'}
          </p>
          <ProResultsTable products={products} selected={selected} onOpen={(p) => openProduct(p.id)} />
          <div className="row">
            <button
              type="button"
              className="btn btn-sm"
              disabled={page <= 1}
              onClick={() => go({ q, sort, page: page - 1 })}
            >
              Previous
            </button>
            <button
              type="button"
              className="btn btn-sm"
              disabled={!search.data.hasMore}
              onClick={() => go({ q, sort, page: page + 1 })}
            >
              Next
            </button>
          </div>
        </>
      )}
    </Page>
  );
}
