import type { ProductResponse, SearchResponse } from '@pt/contracts';
import { apiFetch } from '../../../lib/api';

/** Price statistics as GET /api/v1/products/:id/price-history returns them. */
export interface PriceHistoryStats {
  currency: string | null;
  points: { date: string; price: number; formattedPrice: string; source: string }[];
  statistics: {
    count: number;
    min: number | null;
    max: number | null;
    average: number | null;
    current: number | null;
    potentialSavings: number;
    trend: string;
    lowest90Days: number | null;
    average30Days: number | null;
  };
}

export const proKeys = {
  search: (q: string, region: string, sort: string, page: number) =>
    ['pro', 'search', q, region, sort, page] as const,
  product: (id: string, region: string) => ['pro', 'product', id, region] as const,
  history: (id: string) => ['pro', 'history', id] as const,
};

export function searchProducts(params: { q: string; region: string; sort: string; page: number }) {
  const qs = new URLSearchParams({
    q: params.q,
    region: params.region,
    sort: params.sort,
    page: String(params.page),
    pageSize: '50',
  });
  return apiFetch<SearchResponse>(`/api/v1/search?${qs.toString()}`);
}

export const fetchProduct = (id: string, region: string) =>
  apiFetch<ProductResponse>(`/api/v1/products/${encodeURIComponent(id)}?region=${region}`);

export const fetchPriceHistory = (id: string) =>
  apiFetch<PriceHistoryStats>(`/api/v1/products/${encodeURIComponent(id)}/price-history?days=90`);
