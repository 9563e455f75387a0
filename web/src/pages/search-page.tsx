import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CATALOG_SORTS, CONDITION_FILTERS } from '@pt/contracts';
import { LIVE_MARKETPLACES, MARKETPLACE_NAMES } from '@pt/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { apiErrorMessage } from '../lib/api-error-message';
import { LOCAL_KEYS } from '../lib/storage-keys';
import { readJson, writeJson } from '../lib/storage';
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
import { SampleProductList } from '../modules/products/components/sample-product-list';
import { filtersFromParams, paramsFromFilters, pushHistory, withFilter } from '../modules/search/search-url';
import { useRegion } from '../modules/region/hooks/region-context';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { Page } from '../ui/page';
import { SearchInput } from '../ui/search-input';
import { Select } from '../ui/select';
import { TextInput } from '../ui/text-input';
import { Pager } from '../ui/pager';

const SORT_LABELS: Record<string, string> = {
  relevance: 'Relevance',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  rating: 'Rating',
  newest: 'Newest',
};

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const { region } = useRegion();
  const [draft, setDraft] = useState(filters.q);
  const [history, setHistory] = useState<string[]>(() => readJson<string[]>(LOCAL_KEYS.searchHistory) ?? []);
  useEffect(() => setDraft(filters.q), [filters.q]);

  // Each distinct query goes into the search history (local, newest first).
  useEffect(() => {
    if (!filters.q.trim()) return;
    setHistory((h) => {
      const next = pushHistory(h, filters.q);
      writeJson(LOCAL_KEYS.searchHistory, next);
      return next;
    });
  }, [filters.q]);

  const update = (next: SearchFilters) => setParams(paramsFromFilters(next));
  const search = useQuery({
    queryKey: catalogKeys.search(filters, region.id),
    queryFn: () => searchProducts(filters, region.id),
    enabled: filters.q.trim() !== '' || filters.category !== '',
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({ queryKey: catalogKeys.categories(), queryFn: fetchCategories });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update(withFilter(filters, { q: draft.trim() }));
  };
  const toggleMarketplace = (m: string, on: boolean) =>
    update(
      withFilter(filters, {
        marketplace: on ? [...filters.marketplace, m] : filters.marketplace.filter((x) => x !== m),
      }),
    );

  const data = search.data;
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  return (
    <Page title={filters.q ? `Results for “${filters.q}”` : 'Search'}>
      <form role="search" onSubmit={submit} className="row">
        <SearchInput
          id="search-q"
          label="Search products"
          value={draft}
          maxLength={200}
          placeholder="Search eBay and AliExpress"
          onChange={(e) => setDraft(e.target.value)}
          onClear={() => setDraft('')}
          list="search-history"
        />
        <datalist id="search-history">
          {history.map((h) => (
            <option key={h} value={h} />
          ))}
        </datalist>
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>

      <div className="filters" aria-label="Filters">
        <fieldset>
          <legend>Marketplace</legend>
          {/* The live marketplaces (§1); the others serve samples only and cannot be searched. */}
          {LIVE_MARKETPLACES.map((id) => (
            <Checkbox
              key={id}
              label={MARKETPLACE_NAMES[id]}
              checked={filters.marketplace.includes(id)}
              onCheckedChange={(on) => toggleMarketplace(id, on)}
            />
          ))}
        </fieldset>
        <Select
          label="Condition"
          size="sm"
          compact
          value={filters.condition}
          onValueChange={(condition) => update(withFilter(filters, { condition }))}
          options={[
            { value: '', label: 'Any' },
            ...CONDITION_FILTERS.map((c) => ({
              value: c,
              label: `${c[0]?.toUpperCase() ?? ''}${c.slice(1)}`,
            })),
          ]}
        />
        <PriceRange filters={filters} onApply={update} />
        <Select
          label="Category"
          size="sm"
          compact
          value={filters.category}
          onValueChange={(category) => update(withFilter(filters, { category }))}
          options={[
            { value: '', label: 'All categories' },
            ...(categories.data?.categories ?? []).map((c) => ({ value: c.slug, label: c.name })),
          ]}
        />
        <Select
          label="Sort by"
          size="sm"
          compact
          value={filters.sort}
          onValueChange={(sort) => update(withFilter(filters, { sort }))}
          options={CATALOG_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] ?? s }))}
        />
      </div>

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
            <ProductGrid products={data.products} label="Search results" />
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

function PriceRange({ filters, onApply }: { filters: SearchFilters; onApply(f: SearchFilters): void }) {
  const [min, setMin] = useState(filters.minPrice);
  const [max, setMax] = useState(filters.maxPrice);
  useEffect(() => {
    setMin(filters.minPrice);
    setMax(filters.maxPrice);
  }, [filters.minPrice, filters.maxPrice]);
  const invalid = min !== '' && max !== '' && Number(min) > Number(max);
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) onApply(withFilter(filters, { minPrice: min, maxPrice: max }));
      }}
    >
      <TextInput
        label="Min price"
        size="sm"
        compact
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        value={min}
        onChange={(e) => setMin(e.target.value)}
      />
      <TextInput
        label="Max price"
        size="sm"
        compact
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        value={max}
        onChange={(e) => setMax(e.target.value)}
      />
      <Button type="submit" size="sm" disabled={invalid}>
        Apply price
      </Button>
      {invalid && (
        <p role="alert" className="field-error">
          The minimum price must not be above the maximum
        </p>
      )}
    </form>
  );
}
