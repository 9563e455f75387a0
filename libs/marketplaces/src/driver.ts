import type { AuctionCondition, LiveMarketplaceId, RegionId } from '@pt/domain';
import type { MarketplaceError } from './errors';
import type { MarketplaceProduct } from './product';

export type DriverMarketplace = LiveMarketplaceId;

/**
 * Sort orders both drivers understand. Each maps to its API's own value; where an API has no
 * equivalent it falls back to the API default (eBay Best Match, AliExpress LAST_VOLUME_DESC §9).
 */
export const SEARCH_SORTS = [
  'relevance',
  'price_asc',
  'price_desc',
  'newest',
  'best_selling',
  'discount_desc',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SearchQuery {
  /** Already sanitised by the caller (§5 sanitizeSearchQuery); may be empty when categoryIds is given. */
  q: string;
  /** Page size; default 20 (§7, §9). Clamped to what the API accepts (eBay 200, AliExpress 50). */
  limit?: number;
  /** Items to skip (not pages). AliExpress, which pages, is asked for the page holding this offset. */
  offset?: number;
  /** The marketplace's own category ids (eBay takes one, the first; AliExpress a list). */
  categoryIds?: string[];
  /** §9 auction condition filters. AliExpress sells new goods only: a filter without 'new' yields no results. */
  condition?: AuctionCondition | readonly AuctionCondition[];
  minPrice?: number;
  maxPrice?: number;
  /** Currency of minPrice/maxPrice and, for AliExpress, of the prices returned. Default: the region's. */
  currency?: string;
  sort?: SearchSort;
  /** §9: picks the eBay site (X-EBAY-C-MARKETPLACE-ID) and AliExpress ship-to country / language. Default us. */
  region?: RegionId;
}

/** Hot / trending products: a search whose query is optional. */
export type HotQuery = Partial<SearchQuery>;

export interface SearchResult {
  marketplace: DriverMarketplace;
  products: MarketplaceProduct[];
  /** What the marketplace reports as the number of matches (may exceed what can be paged through). */
  total: number;
  offset: number;
  limit: number;
  hasMore: boolean;
  /** Records the marketplace returned that failed the §5 checks and were left out. */
  dropped: number;
}

export interface ItemOptions {
  region?: RegionId;
}

export interface GetItemsResult {
  marketplace: DriverMarketplace;
  /** Found and valid, in the order of the requested ids. */
  products: MarketplaceProduct[];
  /** Requested ids the marketplace does not know (or whose record failed the §5 checks). */
  notFound: string[];
  /** Requested ids whose lookup failed for another reason (worth retrying later). */
  failed: Array<{ id: string; error: MarketplaceError }>;
}

/**
 * One per marketplace. Methods either resolve with checked MarketplaceProducts (every record passed
 * the §5 checks; bad ones are dropped and counted) or reject with the driver's MarketplaceError
 * subclass; getItems never rejects and reports per-id failures instead.
 */
export interface MarketplaceDriver {
  readonly marketplace: DriverMarketplace;
  search(query: SearchQuery): Promise<SearchResult>;
  /**
   * eBay: a pipe id ("v1|285112233445|0", URL-encoded or not), a legacy id ("285112233445") or an
   * ebay_-prefixed legacy id. AliExpress: "aliexpress_1005…", "ae_1005…", "…ali_1005…" or the bare number.
   * Rejects with code not_found ('Product not found') when the item does not exist.
   */
  getItem(id: string, options?: ItemOptions): Promise<MarketplaceProduct>;
  /** Batched where the API allows it (eBay getItems ≤ 20 when granted, AliExpress productdetail.get). */
  getItems(ids: readonly string[], options?: ItemOptions): Promise<GetItemsResult>;
  /** AliExpress hotproduct.query; eBay has no such endpoint, so a search (default query configurable). */
  hot(query?: HotQuery): Promise<SearchResult>;
}
