import type { Product } from '@pt/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { apiErrorMessage } from '../lib/api-error-message';
import {
  catalogKeys,
  fetchCategories,
  searchProducts,
  type SearchFilters,
} from '../modules/products/api/catalog';
import {
  EmptyState,
  ErrorState,
  MarketplaceStatusLine,
  ProductGrid,
  ResultsSkeleton,
} from '../modules/products/components/product-results';
import { useCollapsedMatches } from '../modules/also-on/components/matched-offers';
import { SampleProductList } from '../modules/products/components/sample-product-list';
import { SearchFiltersPanel } from '../modules/search/components/search-filters';
import { SearchForm } from '../modules/search/components/search-form';
import { useSearchHistory } from '../modules/search/hooks/use-search-history';
import { filtersFromParams, paramsFromFilters, withFilter } from '../modules/search/utils/search-url';
import { useRegion } from '../modules/region/hooks/region-context';
import { Page } from '../ui/page';
import { Pager } from '../ui/pager';

/** A stable empty page, so the collapsed results are not recomputed on every render while loading. */
const NO_PRODUCTS: Product[] = [];

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const { region } = useRegion();
  const { history, remember } = useSearchHistory();

  // Each distinct query goes into the search history (local, newest first), however it came in.
  useEffect(() => {
    if (filters.q.trim()) remember(filters.q);
  }, [filters.q, remember]);

  const update = (next: SearchFilters) => setParams(paramsFromFilters(next));
  const search = useQuery({
    queryKey: catalogKeys.search(filters, region.id),
    queryFn: () => searchProducts(filters, region.id),
    enabled: filters.q.trim() !== '' || filters.category !== '',
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({ queryKey: catalogKeys.categories(), queryFn: fetchCategories });

  const data = search.data;
  // The same product on several marketplaces of this page shows as one card.
  const results = useCollapsedMatches(data?.products ?? NO_PRODUCTS);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // A new page (Next, Previous, Back or a link) starts at its first result, not where the last
  // page was scrolled to; the pager also moves focus there (ui/pager).
  const shownPage = useRef(filters.page);
  useEffect(() => {
    if (shownPage.current === filters.page) return;
    shownPage.current = filters.page;
    const heading = resultsHeading.current;
    if (heading) heading.scrollIntoView({ block: 'start' });
    else window.scrollTo({ top: 0 });
  }, [filters.page]);
  return (
    <Page title={filters.q ? `Results for “${filters.q}”` : 'Search'}>
      <SearchForm id="search-q" initial={filters.q} onSearch={(q) => update(withFilter(filters, { q }))} />
      <SearchFiltersPanel
        filters={filters}
        categories={categories.data?.categories ?? []}
        onChange={update}
      />

      {!filters.q.trim() && !filters.category ? (
        <EmptyState title="What are you looking for?">
          <p>Type a product name above to compare prices across marketplaces.</p>
          {history.length > 0 && (
            <>
              <h3>Recent searches</h3>
              <ul className="row" aria-label="Recent searches" style={{ listStyle: 'none', padding: 0 }}>
                {history.map((h) => (
                  <li key={h}>
                    <Link to={`/search?${new URLSearchParams({ q: h }).toString()}`}>{h}</Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          {/* Before a first search, the spec's samples (§3) give something to start from. */}
          <h3>Ideas to start with</h3>
          <SampleProductList />
        </EmptyState>
      ) : search.isPending ? (
        <ResultsSkeleton />
      ) : search.isError ? (
        <ErrorState message={apiErrorMessage(search.error)} onRetry={() => void search.refetch()} />
      ) : data ? (
        <>
          <h2 id="search-results-heading" ref={resultsHeading} tabIndex={-1} className="results-heading">
            Search results
          </h2>
          <MarketplaceStatusLine statuses={data.marketplaces} />
          <p className="muted" role="status" data-testid="result-count">
            {data.total === 0
              ? 'No results'
              : `${data.total} results · page ${data.page} of ${data.totalPages}`}
          </p>
          {data.products.length === 0 ? (
            <EmptyState title="No products match">
              <p>Try fewer filters or another search.</p>
            </EmptyState>
          ) : (
            <ProductGrid products={results.products} note={results.note} label="Search results" />
          )}
          <Pager
            page={filters.page}
            result={data}
            onPage={(p) => update({ ...filters, page: p })}
            resultsHeading={resultsHeading}
          />
        </>
      ) : null}
    </Page>
  );
}
