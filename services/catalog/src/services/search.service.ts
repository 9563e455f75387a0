import { Inject, Injectable } from '@nestjs/common';
import type {
  CatalogProduct,
  CatalogSort,
  MarketplaceStatus,
  SearchRequest,
  SearchResponse,
} from '@pt/contracts/catalog-api';
import {
  MARKETPLACE_IDS,
  SAMPLE_PRODUCTS,
  effectivePageSize,
  isLiveMarketplace,
  sanitizeSearchQuery,
  type MarketplaceId,
} from '@pt/domain';
import { UpstreamFailureLog, type SearchSort } from '@pt/marketplaces';
import { CLOCK, LOGGER, type Clock, type Logger } from '@pt/platform';
import { MARKETPLACE_DRIVERS, PRICING, type CatalogDrivers } from '../tokens';
import { inCategory, requestedCategory, type CatalogCategory } from './categories';
import { fanOutErrorLogger, fanOut, interleave, uniqueById } from './fan-out';
import { fromSample, presentable, sampleInCurrency } from './product-view';
import { convertWithFallbackRates, liveCurrency, regionCurrency } from './region-currency';
import type { PricingClient } from './pricing.client';
import { SearchSettingsService } from './search-settings.service';

/** The drivers' sort for each catalog sort; rating has no API equivalent and is sorted here. */
const DRIVER_SORT: Record<CatalogSort, SearchSort> = {
  relevance: 'relevance',
  price_asc: 'price_asc',
  price_desc: 'price_desc',
  rating: 'relevance',
  newest: 'newest',
};

const CONDITION_PATTERNS: Record<NonNullable<SearchRequest['condition']>, RegExp> = {
  new: /^new$/i,
  used: /used|pre-owned/i,
  refurbished: /refurbished/i,
};

/** Every query word appears somewhere in the sample's text (how the static samples "match", §3). */
function sampleMatches(text: string, query: string): boolean {
  const haystack = text.toLowerCase();
  return query
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * A product's price in the region currency, for comparing (sort, price range) — what the shopper's
 * numbers mean. Live products are in it already except eBay's in regions on EBAY_US (br, kr: USD);
 * those compare through the §9 fallback rates. Undefined: a currency the table does not know.
 */
function comparablePrice(p: CatalogProduct, currency: string): number | undefined {
  return convertWithFallbackRates(p.price, p.currency, currency);
}

function sortProducts(products: CatalogProduct[], sort: CatalogSort, currency: string): CatalogProduct[] {
  // Array.prototype.sort is stable: ties keep the interleaved (relevance) order. Prices that cannot
  // be compared go last in both directions.
  const price = (p: CatalogProduct, missing: number) => comparablePrice(p, currency) ?? missing;
  switch (sort) {
    case 'price_asc':
      return [...products].sort((a, b) => price(a, Infinity) - price(b, Infinity));
    case 'price_desc':
      return [...products].sort((a, b) => price(b, -Infinity) - price(a, -Infinity));
    case 'rating':
      return [...products].sort((a, b) => b.rating - a.rating || (b.reviews ?? 0) - (a.reviews ?? 0));
    case 'relevance':
    case 'newest':
      return products;
  }
}

export interface SearchOptions {
  /** A browse category that is part of the request (GET /categories/:slug). */
  category?: CatalogCategory;
}

/**
 * GET /search: the query sanitised (§5), the live marketplaces searched in parallel, the static
 * samples that match added, then one filter, sort, cap (max_search_results) and page over the
 * merged list. A marketplace that fails is reported in `marketplaces` and the rest is answered.
 *
 * Prices compare like with like: the price range and the price sorts are read in the region's
 * currency. The static samples (USD, illustrative) are converted into it with the §9 fallback rates
 * — so they stay visible in every region — and pass the same filters as marketplace results before
 * they are counted in `total`. A marketplace that prices the region in another currency (eBay on
 * EBAY_US for br/kr) gets the range converted into its currency.
 *
 * Each card of the page carries its good-price badge when pricing has one within a short deadline.
 */
@Injectable()
export class SearchService {
  constructor(
    @Inject(MARKETPLACE_DRIVERS) private readonly drivers: CatalogDrivers,
    private readonly settings: SearchSettingsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(PRICING) private readonly badges: PricingClient,
  ) {
    this.logFailure = fanOutErrorLogger(new UpstreamFailureLog(logger), logger, 'search');
  }

  private readonly logFailure: ReturnType<typeof fanOutErrorLogger>;

  async search(request: SearchRequest, options: SearchOptions = {}): Promise<SearchResponse> {
    const query = sanitizeSearchQuery(request.q);
    const category = options.category ?? requestedCategory(request.category);
    const maxResults = await this.settings.maxSearchResults();
    const pageSize = effectivePageSize(request.pageSize, maxResults);
    const wanted: readonly MarketplaceId[] = request.marketplace ?? MARKETPLACE_IDS;
    // eBay needs a query or a category: an empty search without one lists the samples only.
    const searchable = query !== '' || category !== undefined;
    const live = wanted.filter(isLiveMarketplace).filter(() => searchable);
    // The first page·size results of the merge come from the first page·size of each marketplace
    // (each answers in the requested order), so later pages ask for more and page 1 stays cheap.
    // Rating has no marketplace order: the whole capped list is fetched and sorted here.
    const fetchLimit = request.sort === 'rating' ? maxResults : Math.min(maxResults, request.page * pageSize);
    const currency = regionCurrency(request.region);

    const answers = await fanOut(
      this.drivers,
      live,
      (driver) =>
        driver.search({
          q: query,
          limit: fetchLimit,
          offset: 0,
          ...(category ? { categoryIds: [category.marketplaceCategoryIds[driver.marketplace]] } : {}),
          ...(request.condition ? { condition: request.condition } : {}),
          ...this.priceRangeFor(liveCurrency(driver.marketplace, request.region), currency, request),
          sort: DRIVER_SORT[request.sort],
          region: request.region,
        }),
      this.logFailure,
    );

    // Counted in `total` below, so filtered exactly like the marketplace results first.
    const samples = this.samples(query, wanted, request, category, currency).filter((p) =>
      this.inPriceRange(p, request, currency),
    );
    const lists = [...answers.map((a) => presentable(a.value?.products)), samples];
    const merged = sortProducts(
      uniqueById(interleave(lists)).filter((p) => this.inPriceRange(p, request, currency)),
      request.sort,
      currency,
    );
    const capped = merged.slice(0, maxResults);
    const start = (request.page - 1) * pageSize;
    const products = capped.slice(start, start + pageSize);
    // What could be paged through: the marketplaces' own totals (they filtered server-side) plus
    // the matching samples, within max_search_results; what was fetched when a marketplace reported less.
    const reported = answers.reduce(
      (sum, a) => sum + (a.value ? Math.max(a.value.total, a.value.products.length) : 0),
      samples.length,
    );
    const total = Math.min(maxResults, Math.max(reported, capped.length));

    const statuses: MarketplaceStatus[] = MARKETPLACE_IDS.map((marketplace) => {
      const count = merged.filter((p) => p.marketplace === marketplace).length;
      const answer = answers.find((a) => a.marketplace === marketplace);
      if (answer) return { ...answer.status, count, ...(answer.value ? { total: answer.value.total } : {}) };
      if (!wanted.includes(marketplace)) return { marketplace, status: 'skipped', count: 0 };
      // A live marketplace not asked because there was nothing to search for; the others serve samples.
      return isLiveMarketplace(marketplace)
        ? { marketplace, status: 'skipped', count }
        : { marketplace, status: 'ok', count };
    });

    return {
      query,
      // The page's cards only, in one request to pricing (ARCHITECTURE §6 good-price badge).
      products: await this.badges.withBadges(products),
      total,
      page: request.page,
      pageSize,
      totalPages: Math.ceil(total / pageSize),
      hasMore: start + pageSize < total,
      maxResults,
      partial: statuses.some((s) => s.status === 'failed' || s.status === 'quota'),
      marketplaces: statuses,
    };
  }

  private samples(
    query: string,
    wanted: readonly MarketplaceId[],
    request: SearchRequest,
    category: CatalogCategory | undefined,
    currency: string,
  ): CatalogProduct[] {
    const now = this.clock.now();
    return SAMPLE_PRODUCTS.filter(
      (s) =>
        wanted.includes(s.marketplace) &&
        sampleMatches(`${s.title} ${s.description} ${s.category} ${s.source}`, query) &&
        (!category || inCategory(category, s.category)) &&
        (!request.condition || CONDITION_PATTERNS[request.condition].test(s.condition)),
    ).flatMap((s) => sampleInCurrency(fromSample(s, now), currency) ?? []);
  }

  /** Without a range every price passes; with one, a price that cannot be compared does not. */
  private inPriceRange(p: CatalogProduct, request: SearchRequest, currency: string): boolean {
    if (request.minPrice === undefined && request.maxPrice === undefined) return true;
    const price = comparablePrice(p, currency);
    return (
      price !== undefined &&
      (request.minPrice === undefined || price >= request.minPrice) &&
      (request.maxPrice === undefined || price <= request.maxPrice)
    );
  }

  /** The request's price range in the currency a marketplace prices the region in. */
  private priceRangeFor(
    marketplaceCurrency: string,
    currency: string,
    request: SearchRequest,
  ): { minPrice?: number; maxPrice?: number } {
    const bound = (value: number | undefined) =>
      value === undefined ? undefined : convertWithFallbackRates(value, currency, marketplaceCurrency);
    const minPrice = bound(request.minPrice);
    const maxPrice = bound(request.maxPrice);
    return {
      ...(minPrice !== undefined ? { minPrice } : {}),
      ...(maxPrice !== undefined ? { maxPrice } : {}),
    };
  }
}
