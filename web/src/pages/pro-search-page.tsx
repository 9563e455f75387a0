import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { proKeys, searchProducts } from '../modules/pro/api/pro-api';
import { useRegion } from '../modules/region/hooks/region-context';
import { Skeleton } from '../ui/loading-screen';
import { Page } from '../ui/page';
import { PriceBadge } from '../modules/products/components/price-badge';
import { usePriceInRegion } from '../ui/price';
import { SearchInput } from '../ui/search-input';
import { Select } from '../ui/select';

const SORTS = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'rating', label: 'Rating' },
];

/**
 * Pro search: query, sort and page live in the URL; a dense table with more columns; keyboard
 * shortcuts (/ focuses the box, j/k move, Enter opens in the Pro product page).
 */
export default function ProSearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const sort = params.get('sort') ?? 'relevance';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const { region } = useRegion();
  const price = usePriceInRegion();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState(0);
  const [draft, setDraft] = useState(q);

  const search = useQuery({
    queryKey: proKeys.search(q, region.id, sort, page),
    queryFn: () => searchProducts({ q, region: region.id, sort, page }),
    enabled: q.trim().length > 0,
  });
  const products = search.data?.products ?? [];

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
      if (e.key === '/' && !typing) {
        e.preventDefault();
        input.current?.focus();
      } else if (!typing && e.key === 'j')
        setSelected((s) => Math.min(s + 1, Math.max(products.length - 1, 0)));
      else if (!typing && e.key === 'k') setSelected((s) => Math.max(s - 1, 0));
      else if (!typing && e.key === 'Enter' && products[selected])
        void navigate(`/pro/product/${encodeURIComponent(products[selected].id)}`);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [products, selected, navigate]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSelected(0);
    setParams({ q: draft.trim(), sort, page: '1' });
  }

  return (
    <Page title="Pro search">
      <form onSubmit={onSubmit} className="row" role="search">
        <SearchInput
          id="pro-q"
          ref={input}
          showLabel
          label={
            <>
              Search products <span className="kbd">/</span>
            </>
          }
          className="field-grow"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onClear={() => setDraft('')}
        />
        <Select
          id="pro-sort"
          label="Sort"
          compact
          value={sort}
          onValueChange={(next) => setParams({ q, sort: next, page: '1' })}
          options={SORTS}
        />
        <button type="submit" className="btn btn-primary" style={{ alignSelf: 'flex-end' }}>
          Search
        </button>
      </form>
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
                        void navigate(`/pro/product/${encodeURIComponent(p.id)}`);
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
          <div className="row">
            <button
              type="button"
              className="btn btn-sm"
              disabled={page <= 1}
              onClick={() => setParams({ q, sort, page: String(page - 1) })}
            >
              Previous
            </button>
            <button
              type="button"
              className="btn btn-sm"
              disabled={!search.data.hasMore}
              onClick={() => setParams({ q, sort, page: String(page + 1) })}
            >
              Next
            </button>
          </div>
        </>
      )}
    </Page>
  );
}
