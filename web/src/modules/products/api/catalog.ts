import { ApiError, apiRead } from '../../../lib/api';
import type { HistoryDays } from './price-history';

/** The catalog and pricing routes the shopping screens read (all through the gateway). */

export interface SearchFilters {
  q: string;
  marketplace: string[];
  condition: string;
  minPrice: string;
  maxPrice: string;
  category: string;
  sort: string;
  page: number;
}

export const PAGE_SIZE = 20;

/** The query string the catalog takes; blank filters are left out so URLs stay short. */
export function searchQueryString(filters: SearchFilters, region: string): string {
  const qs = new URLSearchParams({
    q: filters.q,
    region,
    page: String(filters.page),
    pageSize: String(PAGE_SIZE),
  });
  if (filters.marketplace.length) qs.set('marketplace', filters.marketplace.join(','));
  if (filters.condition) qs.set('condition', filters.condition);
  if (filters.minPrice) qs.set('minPrice', filters.minPrice);
  if (filters.maxPrice) qs.set('maxPrice', filters.maxPrice);
  if (filters.category) qs.set('category', filters.category);
  if (filters.sort && filters.sort !== 'relevance') qs.set('sort', filters.sort);
  return qs.toString();
}

export const catalogKeys = {
  search: (filters: SearchFilters, region: string) => ['catalog', 'search', filters, region] as const,
  product: (id: string, region: string) => ['catalog', 'product', id, region] as const,
  related: (id: string, region: string) => ['catalog', 'related', id, region] as const,
  /** `lookedUpAt`: a live lookup's time, so a fresh lookup never shows a history cached before it. */
  history: (id: string, days: HistoryDays, currency: string, lookedUpAt?: string) =>
    ['pricing', 'history', id, days, currency, lookedUpAt ?? null] as const,
  list: (kind: string, region: string) => ['catalog', 'list', kind, region] as const,
  categories: () => ['catalog', 'categories'] as const,
  category: (slug: string, page: number, region: string) =>
    ['catalog', 'category', slug, page, region] as const,
  marketplace: (id: string, region: string) => ['catalog', 'marketplace', id, region] as const,
};

export const searchProducts = (filters: SearchFilters, region: string) =>
  apiRead('GET /api/v1/search', `/api/v1/search?${searchQueryString(filters, region)}`);

export const fetchProduct = (id: string, region: string) =>
  apiRead('GET /api/v1/products/{id}', `/api/v1/products/${encodeURIComponent(id)}?region=${region}`);

/**
 * A product lookup is retried on a server error or a lost connection, twice, never on a 4xx (an
 * unknown product says so at once). Shared by the page's query and its start-up prefetch, as the
 * query that mounts while the prefetch is in flight waits on that fetch and its retries.
 */
export const retryProductLookup = (count: number, error: unknown): boolean =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

/** §9: the catalog picks how many (8 for an auction product, 10 for a cross-border one). */
export const fetchRelated = (id: string, region: string) =>
  apiRead(
    'GET /api/v1/products/{id}/related',
    `/api/v1/products/${encodeURIComponent(id)}/related?region=${region}`,
  );

export type ProductListKind = 'deals' | 'trending' | 'new-arrivals';
export const fetchProductList = (kind: ProductListKind, region: string) =>
  apiRead(`GET /api/v1/${kind}`, `/api/v1/${kind}?region=${region}&limit=24`);

export const fetchCategories = () => apiRead('GET /api/v1/categories', '/api/v1/categories');

export const fetchCategory = (slug: string, page: number, region: string) =>
  apiRead(
    'GET /api/v1/categories/{slug}',
    `/api/v1/categories/${encodeURIComponent(slug)}?region=${region}&page=${page}&pageSize=${PAGE_SIZE}`,
  );

export const fetchMarketplace = (id: string, region: string) =>
  apiRead(
    'GET /api/v1/marketplaces/{marketplace}',
    `/api/v1/marketplaces/${encodeURIComponent(id)}?region=${region}&limit=24`,
  );
