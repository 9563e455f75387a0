import type { ProductListResponse } from '@pt/contracts';
import { apiRead } from '../../../lib/api';
import { paramsFromDealFilters, type DealFilters } from '../utils/deals-url';

/** GET /api/v1/deals: listings below their own 90-day median now, narrowed by the page's filters. */
export function fetchDeals(filters: DealFilters, region: string): Promise<ProductListResponse> {
  const qs = paramsFromDealFilters(filters);
  qs.set('region', region);
  qs.set('limit', '24');
  return apiRead('GET /api/v1/deals', `/api/v1/deals?${qs}`);
}

export const dealsKey = (filters: DealFilters, region: string) =>
  ['catalog', 'deals', region, filters] as const;
