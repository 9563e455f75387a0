import type { AlsoOnResponse } from '@pt/contracts';
import { apiRead } from '../../../lib/api';

export type { AlsoOnResponse };

export const alsoOnKey = (id: string, region: string) => ['catalog', 'also-on', id, region] as const;

/**
 * The same product on the other marketplaces (GET /products/:id/also-on), landed totals in the
 * region's currency; an answer that does not match the contract is an error.
 */
export async function fetchAlsoOn(id: string, region: string): Promise<AlsoOnResponse> {
  return apiRead(
    'GET /api/v1/products/{id}/also-on',
    `/api/v1/products/${encodeURIComponent(id)}/also-on?region=${encodeURIComponent(region)}`,
  );
}
