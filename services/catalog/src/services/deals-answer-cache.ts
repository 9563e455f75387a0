import type { DealsRequest, ProductListResponse } from '@pt/contracts/catalog-api';

/**
 * How long a Deals answer is served from memory. Deals is the same for every shopper of a region
 * and filters, and moves with polls hours apart: a minute-old answer is as good, and a busy page
 * then costs one composition a minute instead of one per visitor.
 */
export const DEALS_ANSWER_TTL_MS = 60_000;
/** Filter combinations kept at most (oldest out first). */
const MAX_ENTRIES = 500;

/** The request as a key: every field that changes the answer, in a fixed order. */
export function dealsAnswerKey(request: DealsRequest): string {
  return JSON.stringify([
    request.region,
    request.limit ?? null,
    request.category ?? null,
    request.marketplace ? [...request.marketplace].sort() : null,
    request.minDrop ?? null,
    request.minPrice ?? null,
    request.maxPrice ?? null,
  ]);
}

/**
 * Deals answers by request for DEALS_ANSWER_TTL_MS, one composition in flight per key (visitors
 * arriving together share it). A partial answer (a marketplace failed) or a failure is not kept.
 */
export class DealsAnswerCache {
  private readonly entries = new Map<string, { answer: Promise<ProductListResponse>; at: number }>();

  constructor(private readonly now: () => number) {}

  answer(request: DealsRequest, compose: () => Promise<ProductListResponse>): Promise<ProductListResponse> {
    const key = dealsAnswerKey(request);
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < DEALS_ANSWER_TTL_MS) return hit.answer;
    const answer = compose();
    this.entries.delete(key);
    this.entries.set(key, { answer, at: this.now() });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    const forget = () => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    };
    answer.then((a) => a.partial && forget(), forget);
    return answer;
  }
}
