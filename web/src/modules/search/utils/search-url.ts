import { CATALOG_SORTS, CONDITION_FILTERS } from '@pt/contracts';
import type { SearchFilters } from '../../products/api/catalog';

/**
 * Search filters live in the URL so a search can be shared and Back works. Unknown
 * values are dropped rather than sent, so a hand-edited URL never turns into an error page.
 */
export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const sort = params.get('sort') ?? 'relevance';
  const condition = params.get('condition') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const price = (v: string | null) => (v && /^\d+(\.\d+)?$/.test(v) ? v : '');
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    marketplace: (params.get('marketplace') ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter((m) => m === 'ebay' || m === 'aliexpress'),
    condition: (CONDITION_FILTERS as readonly string[]).includes(condition) ? condition : '',
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
    category: (params.get('category') ?? '').slice(0, 100),
    sort: (CATALOG_SORTS as readonly string[]).includes(sort) ? sort : 'relevance',
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

export function paramsFromFilters(f: SearchFilters): URLSearchParams {
  const p = new URLSearchParams();
  p.set('q', f.q);
  if (f.marketplace.length) p.set('marketplace', f.marketplace.join(','));
  if (f.condition) p.set('condition', f.condition);
  if (f.minPrice) p.set('minPrice', f.minPrice);
  if (f.maxPrice) p.set('maxPrice', f.maxPrice);
  if (f.category) p.set('category', f.category);
  if (f.sort !== 'relevance') p.set('sort', f.sort);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/** A filter change starts again from page 1. */
export const withFilter = (f: SearchFilters, change: Partial<SearchFilters>): SearchFilters => ({
  ...f,
  page: 1,
  ...change,
});

export const HISTORY_LIMIT = 10;
/** Most recent first, no duplicates (case-insensitive), blank queries skipped. */
export function pushHistory(history: readonly string[], q: string): string[] {
  const query = q.trim();
  if (!query) return [...history];
  return [query, ...history.filter((h) => h.toLowerCase() !== query.toLowerCase())].slice(0, HISTORY_LIMIT);
}

/** One active filter as a removable chip: what it says and the filters without it. */
export interface FilterChip {
  key: string;
  label: string;
  without: SearchFilters;
}

/**
 * The active filters (not the query, the sort or the page) as chips, in the bar's order. Removing
 * one returns to page 1 like any filter change. `names` turns ids (marketplace, category) into
 * what the shopper reads.
 */
export function activeFilterChips(
  f: SearchFilters,
  names: { marketplace(id: string): string; category(slug: string): string },
): FilterChip[] {
  const chips: FilterChip[] = f.marketplace.map((m) => ({
    key: `marketplace:${m}`,
    label: names.marketplace(m),
    without: withFilter(f, { marketplace: f.marketplace.filter((x) => x !== m) }),
  }));
  if (f.condition)
    chips.push({
      key: 'condition',
      label: `${f.condition[0]?.toUpperCase() ?? ''}${f.condition.slice(1)}`,
      without: withFilter(f, { condition: '' }),
    });
  if (f.minPrice || f.maxPrice)
    chips.push({
      key: 'price',
      label:
        f.minPrice && f.maxPrice
          ? `${f.minPrice}–${f.maxPrice}`
          : f.minPrice
            ? `From ${f.minPrice}`
            : `Up to ${f.maxPrice}`,
      without: withFilter(f, { minPrice: '', maxPrice: '' }),
    });
  if (f.category)
    chips.push({
      key: 'category',
      label: names.category(f.category),
      without: withFilter(f, { category: '' }),
    });
  return chips;
}

/** The filters with every chip removed (the query and the sort stay). */
export const withoutFilters = (f: SearchFilters): SearchFilters =>
  withFilter(f, { marketplace: [], condition: '', minPrice: '', maxPrice: '', category: '' });
