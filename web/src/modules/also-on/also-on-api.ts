import type { AlsoOnResponse } from '@pt/contracts';
import { apiFetch, checkAnswer } from '../../lib/api';

export type { AlsoOnResponse };

export const alsoOnKey = (id: string, region: string) => ['catalog', 'also-on', id, region] as const;

/**
 * The same product on the other marketplaces (GET /products/:id/also-on), landed totals in the
 * region's currency. Checked against the contract schema, which loads with the request so the
 * product page's first screen carries no zod; an answer that does not match is an error.
 */
export async function fetchAlsoOn(id: string, region: string): Promise<AlsoOnResponse> {
  const [answer, { AlsoOnResponseSchema }] = await Promise.all([
    apiFetch<unknown>(
      `/api/v1/products/${encodeURIComponent(id)}/also-on?region=${encodeURIComponent(region)}`,
    ),
    import('./also-on-schema'),
  ]);
  return checkAnswer(answer, AlsoOnResponseSchema, 'also-on answer');
}
