import type { DealsRequest, ProductListResponse } from '@pt/contracts/catalog-api';
import { DEALS_ANSWER_TTL_MS, DealsAnswerCache, dealsAnswerKey } from '../../src/services/deals-answer-cache';

const request = (over: Partial<DealsRequest> = {}): DealsRequest =>
  ({ region: 'us', ...over }) as DealsRequest;
const answer = (partial = false): ProductListResponse => ({ products: [], marketplaces: [], partial });

describe('Deals answers kept a minute', () => {
  let now = 0;
  let composed = 0;
  const compose =
    (partial = false) =>
    async () => {
      composed += 1;
      return answer(partial);
    };
  beforeEach(() => {
    now = 1_000_000;
    composed = 0;
  });

  it('answers the same request from memory until the minute is over', async () => {
    const cache = new DealsAnswerCache(() => now);
    await cache.answer(request(), compose());
    now += DEALS_ANSWER_TTL_MS - 1;
    await cache.answer(request(), compose());
    expect(composed).toBe(1);
    now += 1;
    await cache.answer(request(), compose());
    expect(composed).toBe(2);
  });

  it('composes once for visitors arriving together', async () => {
    const cache = new DealsAnswerCache(() => now);
    await Promise.all([1, 2, 3].map(() => cache.answer(request(), compose())));
    expect(composed).toBe(1);
  });

  it('keeps neither a partial answer nor a failure', async () => {
    const cache = new DealsAnswerCache(() => now);
    await cache.answer(request(), compose(true));
    await cache.answer(request(), compose());
    expect(composed).toBe(2);
    await expect(
      cache.answer(request({ limit: 5 }), () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    await cache.answer(request({ limit: 5 }), compose());
    expect(composed).toBe(3);
  });

  it.each<[string, Partial<DealsRequest>]>([
    ['region', { region: 'uk' } as Partial<DealsRequest>],
    ['category', { category: 'home' }],
    ['marketplace', { marketplace: ['ebay'] }],
    ['minimum drop', { minDrop: 20 }],
    ['price range', { minPrice: 10 }],
    ['page size', { limit: 8 }],
  ])('tells requests apart by %s', (_name, over) => {
    expect(dealsAnswerKey(request(over))).not.toBe(dealsAnswerKey(request()));
  });

  it('reads marketplaces in any order as one request', () => {
    expect(dealsAnswerKey(request({ marketplace: ['ebay', 'aliexpress'] }))).toBe(
      dealsAnswerKey(request({ marketplace: ['aliexpress', 'ebay'] })),
    );
  });
});
