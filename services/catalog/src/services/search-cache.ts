import { listingKeyOf, type LiveMarketplaceId } from '@pt/domain';
import {
  isMarketplaceError,
  type HotQuery,
  type MarketplaceDriver,
  type MarketplaceError,
  type SearchQuery,
  type SearchResult,
} from '@pt/marketplaces';
import type { CatalogDrivers } from '../tokens';

/** Default of CATALOG_SEARCH_CACHE_TTL_MS: a search answers from memory for 5 minutes. */
export const DEFAULT_SEARCH_CACHE_TTL_MS = 5 * 60 * 1000;
/** How long an expired answer is kept to stand in when its marketplace's quota share is spent. */
export const SEARCH_CACHE_STALE_MS = 60 * 60 * 1000;
/** The cache holds at most this many products over all its entries (a few MB), least recently used out first. */
export const SEARCH_CACHE_MAX_PRODUCTS = 5_000;
/** How many recent price changes a search still in flight is checked against when it lands. */
const RECENT_CHANGES_KEPT = 10_000;

export interface SearchCacheOptions {
  ttlMs: number;
  staleMs?: number;
  maxProducts?: number;
  now: () => number;
}

/**
 * The marketplace refused the call because its share of the daily budget is spent; `stale` is the
 * last answer to the same search, when there is one young enough (SEARCH_CACHE_STALE_MS).
 */
export class QuotaFallback extends Error {
  constructor(
    readonly error: MarketplaceError,
    readonly stale: SearchResult | undefined,
  ) {
    super(error.message);
    this.name = 'QuotaFallback';
  }
}

interface Entry {
  result: SearchResult;
  storedAt: number;
  /** The listing keys of its products (ARCHITECTURE §6), for expiring it on a price change. */
  listings: string[];
}

const listingsOf = (result: SearchResult): string[] => [
  ...new Set(result.products.map((p) => listingKeyOf(p.marketplace ?? result.marketplace, p.id))),
];

const normaliseQuery = (q: string | undefined) => (q ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The cache key: marketplace, call and every field that changes the answer — normalised query,
 * filters, sort, page (limit/offset), region. Fields in a fixed order, absent ones left out.
 */
export function searchCacheKey(
  marketplace: LiveMarketplaceId,
  kind: 'search' | 'hot',
  query: SearchQuery | HotQuery,
): string {
  const conditions = query.condition === undefined ? undefined : [query.condition].flat().sort();
  return JSON.stringify([
    marketplace,
    kind,
    normaliseQuery(query.q),
    query.categoryIds ?? null,
    conditions ?? null,
    query.minPrice ?? null,
    query.maxPrice ?? null,
    query.currency ?? null,
    query.sort ?? null,
    query.region ?? null,
    query.limit ?? null,
    query.offset ?? 0,
  ]);
}

/**
 * Short-lived answers of marketplace searches: the same search within the TTL
 * costs no second call, concurrent identical searches share one call, and an answer past its TTL
 * still stands in (up to an hour) when the marketplace's quota share is spent. In memory per
 * catalog process; bounded by the number of products held.
 */
export class SearchResultCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<SearchResult>>();
  /** Cache keys by the listings their answers show. */
  private readonly byListing = new Map<string, Set<string>>();
  /** Listing → sequence number of its latest price change (bounded, oldest out first). */
  private readonly recentChanges = new Map<string, number>();
  private changes = 0;
  private products = 0;
  private readonly staleMs: number;
  private readonly maxProducts: number;

  constructor(private readonly options: SearchCacheOptions) {
    this.staleMs = Math.max(options.ttlMs, options.staleMs ?? SEARCH_CACHE_STALE_MS);
    this.maxProducts = options.maxProducts ?? SEARCH_CACHE_MAX_PRODUCTS;
  }

  get size(): number {
    return this.entries.size;
  }

  async through(key: string, call: () => Promise<SearchResult>): Promise<SearchResult> {
    const now = this.options.now();
    if (this.options.ttlMs === 0) return this.quotaAware(call(), undefined);
    const entry = this.entries.get(key);
    if (entry && now - entry.storedAt < this.options.ttlMs) {
      // Most recently used last: Map order is the LRU order.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.result;
    }
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const stale = entry && now - entry.storedAt < this.staleMs ? entry.result : undefined;
    const startedAt = this.changes;
    const promise = this.quotaAware(call(), stale).then((result) => {
      this.store(key, result, startedAt);
      return result;
    });
    this.inFlight.set(key, promise);
    try {
      return await promise;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** A spent quota share becomes a QuotaFallback carrying the stand-in answer, if any. */
  private quotaAware(call: Promise<SearchResult>, stale: SearchResult | undefined): Promise<SearchResult> {
    return call.catch((error: unknown) => {
      if (isMarketplaceError(error) && error.code === 'quota') throw new QuotaFallback(error, stale);
      throw error;
    });
  }

  /**
   * A new price of the listing was recorded (price.changed): every answer showing it is expired
   * rather than patched — a search answer's price goes with its discount and original price, which
   * only the marketplace can restate — so the next identical search asks the marketplace again
   * (ARCHITECTURE §6 freshness). Expired answers still stand in while the quota share is spent.
   * A search in flight meanwhile lands expired when it shows the listing (see store).
   */
  expireListing(listingKey: string): void {
    this.recentChanges.delete(listingKey);
    this.recentChanges.set(listingKey, ++this.changes);
    for (const [oldest] of this.recentChanges) {
      if (this.recentChanges.size <= RECENT_CHANGES_KEPT) break;
      this.recentChanges.delete(oldest);
    }
    for (const key of this.byListing.get(listingKey) ?? []) {
      const entry = this.entries.get(key);
      if (entry) entry.storedAt = Math.min(entry.storedAt, this.expiredAt());
    }
  }

  /** A storedAt past the TTL but inside the stand-in window. */
  private expiredAt(): number {
    return this.options.now() - this.options.ttlMs;
  }

  private store(key: string, result: SearchResult, startedAt: number): void {
    this.remove(key);
    // One answer bigger than the whole cache is not kept.
    if (result.products.length > this.maxProducts) return;
    const listings = listingsOf(result);
    // A price change recorded while the marketplace was answering may not be in this answer.
    const outdated = listings.some((listing) => (this.recentChanges.get(listing) ?? 0) > startedAt);
    this.entries.set(key, { result, storedAt: outdated ? this.expiredAt() : this.options.now(), listings });
    for (const listing of listings) {
      let keys = this.byListing.get(listing);
      if (!keys) this.byListing.set(listing, (keys = new Set()));
      keys.add(key);
    }
    this.products += result.products.length;
    for (const [oldest] of this.entries) {
      if (this.products <= this.maxProducts) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.products -= entry.result.products.length;
    for (const listing of entry.listings) {
      const keys = this.byListing.get(listing);
      keys?.delete(key);
      if (keys?.size === 0) this.byListing.delete(listing);
    }
  }
}

/** A driver whose searches go through the cache; item lookups pass straight through. */
function cachingDriver(driver: MarketplaceDriver, cache: SearchResultCache): MarketplaceDriver {
  const marketplace = driver.marketplace;
  return {
    marketplace,
    search: (query) =>
      cache.through(searchCacheKey(marketplace, 'search', query), () => driver.search(query)),
    hot: (query = {}) => cache.through(searchCacheKey(marketplace, 'hot', query), () => driver.hot(query)),
    getItem: (id, options) => driver.getItem(id, options),
    getItems: (ids, options) => driver.getItems(ids, options),
  };
}

/** The catalog's drivers with every search and hot listing cached. */
export function withSearchCache(drivers: CatalogDrivers, cache: SearchResultCache): CatalogDrivers {
  const list = drivers.list.map((d) => cachingDriver(d, cache));
  return {
    list,
    get: (marketplace) => list.find((d) => d.marketplace === marketplace),
    unavailable: drivers.unavailable,
  };
}
