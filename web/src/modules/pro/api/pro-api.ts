import { apiRead } from '../../../lib/api';

/** The Pro screens read products and their history with the shopping screens' calls (catalog.ts). */
export const proKeys = {
  search: (q: string, region: string, sort: string, page: number) =>
    ['pro', 'search', q, region, sort, page] as const,
  product: (id: string, region: string) => ['pro', 'product', id, region] as const,
  history: (id: string, currency: string) => ['pro', 'history', id, currency] as const,
};

export function searchProducts(params: { q: string; region: string; sort: string; page: number }) {
  const qs = new URLSearchParams({
    q: params.q,
    region: params.region,
    sort: params.sort,
    page: String(params.page),
    pageSize: '50',
  });
  return apiRead('GET /api/v1/search', `/api/v1/search?${qs.toString()}`);
}
