import { EbayApiError, type SearchResult } from '@pt/marketplaces';
import { QuotaFallback, SearchResultCache, searchCacheKey } from '../../src/services/search-cache';

const result = (n: number, products = 1): SearchResult => ({
  marketplace: 'ebay',
  products: Array.from({ length: products }, () => ({ id: `v1|${n}|0` }) as SearchResult['products'][number]),
  total: n,
  offset: 0,
  limit: 20,
  hasMore: false,
  dropped: 0,
});

function setup(options: { ttlMs?: number; maxProducts?: number } = {}) {
  let now = 0;
  const sut = new SearchResultCache({
    ttlMs: options.ttlMs ?? 300_000,
    maxProducts: options.maxProducts,
    now: () => now,
  });
  let calls = 0;
  const call = (n: number) => async () => {
    calls++;
    return result(n);
  };
  return { sut, call, calls: () => calls, advance: (ms: number) => (now += ms) };
}

describe(SearchResultCache.name, () => {
  it('keys by normalised query, filters, sort, page, region and marketplace', () => {
    const base = {
      q: 'Wireless  Earbuds ',
      limit: 20,
      offset: 0,
      sort: 'price_asc' as const,
      region: 'us' as const,
    };
    const key = searchCacheKey('ebay', 'search', base);
    expect(searchCacheKey('ebay', 'search', { ...base, q: 'wireless earbuds' })).toBe(key);
    for (const other of [
      { ...base, q: 'wireless earbud' },
      { ...base, limit: 40 },
      { ...base, offset: 20 },
      { ...base, sort: 'price_desc' as const },
      { ...base, region: 'uk' as const },
      { ...base, minPrice: 10 },
      { ...base, condition: 'used' as const },
      { ...base, categoryIds: ['9355'] },
    ])
      expect(searchCacheKey('ebay', 'search', other)).not.toBe(key);
    expect(searchCacheKey('aliexpress', 'search', base)).not.toBe(key);
    expect(searchCacheKey('ebay', 'hot', base)).not.toBe(key);
  });

  it('answers the same search from memory until the TTL has passed', async () => {
    const { sut, call, calls, advance } = setup();
    expect((await sut.through('k', call(1))).total).toBe(1);
    advance(299_999);
    expect((await sut.through('k', call(2))).total).toBe(1);
    expect(calls()).toBe(1);
    advance(1);
    expect((await sut.through('k', call(3))).total).toBe(3);
    expect(calls()).toBe(2);
  });

  it('makes one call for identical searches in flight together', async () => {
    const { sut, call, calls } = setup();
    const answers = await Promise.all(Array.from({ length: 20 }, () => sut.through('k', call(1))));
    expect(answers.every((a) => a.total === 1)).toBe(true);
    expect(calls()).toBe(1);
  });

  it('stands in with an expired answer when the quota share is spent', async () => {
    const { sut, call, advance } = setup();
    await sut.through('k', call(1));
    advance(30 * 60 * 1000);
    const quota = new EbayApiError({ code: 'quota', retryAfterMs: 60_000 });
    const error = await sut.through('k', () => Promise.reject(quota)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaFallback);
    expect((error as QuotaFallback).stale?.total).toBe(1);
    const none = await sut.through('other', () => Promise.reject(quota)).catch((e: unknown) => e);
    expect((none as QuotaFallback).stale).toBeUndefined();
  });

  it('evicts the least recently used answers past its product bound', async () => {
    const { sut, call, calls } = setup({ maxProducts: 2 });
    await sut.through('a', call(1));
    await sut.through('b', call(2));
    await sut.through('a', call(1));
    await sut.through('c', call(3));
    expect(sut.size).toBe(2);
    await sut.through('a', call(1));
    expect(calls()).toBe(3);
    await sut.through('b', call(2));
    expect(calls()).toBe(4);
  });

  // ARCHITECTURE §6 freshness: a recorded price reaches search answers within a second.
  it('asks the marketplace again for an answer showing a listing whose price changed, and only for those', async () => {
    const { sut, call, calls } = setup();
    await sut.through('shows-285', call(285));
    await sut.through('shows-286', call(286));
    sut.expireListing('ebay:285');
    expect((await sut.through('shows-285', call(285))).total).toBe(285);
    expect(calls()).toBe(3);
    await sut.through('shows-286', call(286));
    expect(calls()).toBe(3);
    // The new answer is kept again; a second change of another listing leaves it alone.
    sut.expireListing('ebay:999');
    await sut.through('shows-285', call(285));
    expect(calls()).toBe(3);
  });

  it('keeps an expired answer as the stand-in while the quota share is spent', async () => {
    const { sut, call } = setup();
    await sut.through('k', call(285));
    sut.expireListing('ebay:285');
    const quota = new EbayApiError({ code: 'quota', retryAfterMs: 60_000 });
    const error = await sut.through('k', () => Promise.reject(quota)).catch((e: unknown) => e);
    expect((error as QuotaFallback).stale?.total).toBe(285);
  });

  it('does not keep an answer that was in flight when a listing it shows changed price', async () => {
    const { sut, calls } = setup();
    let answer!: (r: SearchResult) => void;
    const inFlight = sut.through('k', () => new Promise<SearchResult>((resolve) => (answer = resolve)));
    sut.expireListing('ebay:285');
    answer(result(285));
    await inFlight;
    let again = 0;
    await sut.through('k', async () => {
      again++;
      return result(285);
    });
    expect({ again, calls: calls() }).toEqual({ again: 1, calls: 0 });
  });

  it('is off with a TTL of 0', async () => {
    const { sut, call, calls } = setup({ ttlMs: 0 });
    await sut.through('k', call(1));
    await sut.through('k', call(1));
    expect(calls()).toBe(2);
  });
});
