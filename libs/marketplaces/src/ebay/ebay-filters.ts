import {
  AUCTION_CONDITION_IDS,
  DEFAULT_REGION_ID,
  DEFAULT_SEARCH_PAGE_SIZE,
  auctionConditionFilter,
  getRegion,
  marketplaceVariantForRegion,
  type AuctionCondition,
  type RegionId,
} from '@pt/domain';
import type { SearchQuery, SearchSort } from '../driver';

/** Browse search limits (reference §1): limit 1–200, offset + limit ≤ 10,000. */
export const EBAY_MAX_LIMIT = 200;
export const EBAY_MAX_REACHABLE = 10_000;

/** §9: the X-EBAY-C-MARKETPLACE-ID for a region (br, kr fall back to EBAY_US). */
export function ebayMarketplaceId(region: RegionId = DEFAULT_REGION_ID): string {
  return marketplaceVariantForRegion(region).ebaySiteId;
}

/**
 * The currency prices are listed in on the region's eBay site: the region's own currency where the
 * region has its own site, USD where it falls back to EBAY_US.
 */
export function ebaySiteCurrency(region: RegionId = DEFAULT_REGION_ID): string {
  return marketplaceVariantForRegion(region).mapped ? getRegion(region).currency : 'USD';
}

export function conditionList(condition: SearchQuery['condition']): AuctionCondition[] {
  if (condition === undefined) return [];
  const list = typeof condition === 'string' ? [condition] : [...condition];
  return list.filter((c): c is AuctionCondition =>
    Object.prototype.hasOwnProperty.call(AUCTION_CONDITION_IDS, c),
  );
}

function formatBound(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) || value < 0
    ? ''
    : String(Math.round(value * 100) / 100);
}

/**
 * The `filter` parameter: conditionIds per §9, and a price range with the priceCurrency eBay
 * requires alongside it (error 12012 otherwise). Empty string when nothing filters.
 */
export function buildEbayFilter(
  query: Pick<SearchQuery, 'condition' | 'minPrice' | 'maxPrice' | 'currency' | 'region'>,
): string {
  const parts: string[] = [];
  const conditions = auctionConditionFilter(conditionList(query.condition));
  if (conditions) parts.push(conditions);
  const lo = formatBound(query.minPrice);
  const hi = formatBound(query.maxPrice);
  if (lo || hi) {
    parts.push(`price:[${lo}..${hi}]`);
    parts.push(`priceCurrency:${(query.currency ?? ebaySiteCurrency(query.region)).toUpperCase()}`);
  }
  return parts.join(',');
}

const EBAY_SORTS: Readonly<Record<SearchSort, string | undefined>> = {
  relevance: undefined,
  price_asc: 'price',
  price_desc: '-price',
  newest: 'newlyListed',
  best_selling: undefined,
  discount_desc: undefined,
};

export function ebaySort(sort: SearchSort | undefined): string | undefined {
  return sort === undefined ? undefined : EBAY_SORTS[sort];
}

export interface EbayPage {
  limit: number;
  offset: number;
}

/** Default 20 (§7), clamped to 1–200 and to the 10,000 reachable items; undefined when offset is past them. */
export function ebayPage(limit: number | undefined, offset: number | undefined): EbayPage | undefined {
  const start = Math.max(0, Math.floor(offset ?? 0));
  if (start >= EBAY_MAX_REACHABLE) return undefined;
  const size = Math.min(
    EBAY_MAX_LIMIT,
    Math.max(1, Math.floor(limit ?? DEFAULT_SEARCH_PAGE_SIZE)),
    EBAY_MAX_REACHABLE - start,
  );
  return { limit: size, offset: start };
}

/** The query string of item_summary/search (§7: q, limit, offset, category_ids, filter; plus sort). */
export function buildEbaySearchParams(query: SearchQuery, page: EbayPage): URLSearchParams {
  const params = new URLSearchParams();
  const q = query.q.trim();
  if (q) params.set('q', q);
  params.set('limit', String(page.limit));
  params.set('offset', String(page.offset));
  // The Browse API takes one category id.
  const category = query.categoryIds?.find((id) => id.trim() !== '');
  if (category) params.set('category_ids', category.trim());
  const filter = buildEbayFilter(query);
  if (filter) params.set('filter', filter);
  const sort = ebaySort(query.sort);
  if (sort) params.set('sort', sort);
  return params;
}
