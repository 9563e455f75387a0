import { Inject, Injectable } from '@nestjs/common';
import { HISTORY_DEALS_MAX, type HistoryDeal } from '@pt/contracts';
import type {
  CatalogProduct,
  Category,
  DealsRequest,
  MarketplaceResponse,
  ProductListRequest,
  ProductListResponse,
} from '@pt/contracts/catalog-api';
import {
  DEFAULT_SEARCH_PAGE_SIZE,
  LIVE_MARKETPLACES,
  MARKETPLACE_NAMES,
  RELATED_PRODUCTS_DEFAULT,
  SAMPLE_PRODUCTS,
  extractSearchTerms,
  isLiveMarketplace,
  marketplaceVariantForRegion,
  type LiveMarketplaceId,
  type MarketplaceId,
  discountPercent,
} from '@pt/domain';
import { UpstreamFailureLog, type SearchResult } from '@pt/marketplaces';
import { CLOCK, LOGGER, type Clock, type Logger } from '@pt/platform';
import { ProductsCacheRepository } from '../repositories/products-cache.repository';
import { MARKETPLACE_DRIVERS, PRICING, type CatalogDrivers } from '../tokens';
import { CATEGORIES, requestedCategory } from './categories';
import { cacheIdsOfDeals, dealCards, dealSources, listedDealPasses } from './deal-cards';
import { DealsAnswerCache } from './deals-answer-cache';
import { fanOutErrorLogger, fanOut, interleave, uniqueById, type FanOutResult } from './fan-out';
import { ProductLookupService } from './product-lookup.service';
import type { PricingClient } from './pricing.client';
import { fromSample, presentable } from './product-view';

/** Pricing's candidates asked for per deal card wanted (the rest of the page's filters are the catalog's). */
const DEAL_CANDIDATES_PER_CARD = 5;

const EMPTY_LIST: ProductListResponse = { products: [], marketplaces: [], partial: false };

function listResponse(
  answers: FanOutResult<SearchResult>[],
  products: CatalogProduct[],
): ProductListResponse {
  const marketplaces = answers.map((a) => ({
    ...a.status,
    count: products.filter((p) => p.marketplace === a.marketplace).length,
    ...(a.value ? { total: a.value.total } : {}),
  }));
  return {
    products,
    marketplaces,
    partial: marketplaces.some((m) => m.status === 'failed' || m.status === 'quota'),
  };
}

function withListedDiscount(product: CatalogProduct): CatalogProduct {
  const discount = product.discount ?? discountPercent(product.price, product.originalPrice);
  return discount === undefined ? product : { ...product, discount };
}

/**
 * The browse pages: related products, deals, trending, new arrivals, categories and a marketplace's
 * page — live data from the drivers merged with what products_cache knows, never placeholders.
 */
@Injectable()
export class DiscoveryService {
  constructor(
    @Inject(MARKETPLACE_DRIVERS) private readonly drivers: CatalogDrivers,
    private readonly cache: ProductsCacheRepository,
    private readonly lookup: ProductLookupService,
    @Inject(PRICING) private readonly pricing: PricingClient,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.logFailure = fanOutErrorLogger(new UpstreamFailureLog(logger), logger, 'listing');
    this.dealsAnswers = new DealsAnswerCache(() => clock.now().getTime());
  }

  private readonly dealsAnswers: DealsAnswerCache;

  private readonly logFailure: ReturnType<typeof fanOutErrorLogger>;

  /**
   * §9: 8 (auction) or 10 (cross-border) products found with the search terms of the product's
   * title, from the product's own marketplace (both live ones for a sample of another marketplace).
   *
   * Four title terms are often specific enough to match only the product itself (eBay ANDs every
   * keyword), so a search that finds nothing but the product is retried with the first 3, then 2,
   * then 1 terms; a failed search is not retried (it is reported instead).
   */
  async related(id: string, request: Partial<ProductListRequest>): Promise<ProductListResponse> {
    const { product, source } = await this.lookup.lookup(id, { region: request.region, record: false });
    const terms = extractSearchTerms(product.title);
    if (source === 'placeholder' || terms.length === 0) return EMPTY_LIST;
    const own = isLiveMarketplace(product.marketplace) ? product.marketplace : undefined;
    const limit = request.limit ?? RELATED_PRODUCTS_DEFAULT[own ?? 'ebay'];
    let answer: ProductListResponse = EMPTY_LIST;
    for (let n = terms.length; n >= 1; n--) {
      const q = terms.slice(0, n).join(' ');
      const answers = await this.hot(own ? [own] : LIVE_MARKETPLACES, (driver) =>
        // One more than the page: the product itself is usually among the results.
        driver.search({ q, limit: limit + 1, region: request.region }),
      );
      const products = this.merge(answers)
        .filter((p) => p.id !== product.id)
        .slice(0, limit);
      answer = listResponse(answers, products);
      if (products.length > 0 || answer.partial) break;
    }
    return answer;
  }

  /**
   * Deals: listings below their own 90-day median now, biggest landed drop first (pricing's stored
   * statistics, libs/domain historyDeal), with their badges. When history cannot fill the page,
   * the marketplaces' discounted listings are asked for: their badges say which strikethrough
   * prices the history never saw (those are left out: a fake sale is no deal), and — as a badge
   * request may have just written a demo listing's simulated past — pricing is asked once more, so
   * a discounted listing that is also below its own median counts as a history deal. What is left
   * of the seller's discounts fills the page after the history deals, without `historyDeal`.
   * An answer is served for a minute to every shopper asking the same (deals-answer-cache.ts).
   */
  deals(request: DealsRequest): Promise<ProductListResponse> {
    return this.dealsAnswers.answer(request, () => this.composeDeals(request));
  }

  private async composeDeals(request: DealsRequest): Promise<ProductListResponse> {
    const limit = request.limit ?? DEFAULT_SEARCH_PAGE_SIZE;
    const filters = { request, category: requestedCategory(request.category), now: this.clock.now() };
    const only = request.marketplace?.length === 1 ? request.marketplace[0] : undefined;
    const belowMedian = async () =>
      (await this.pricing.historyDeals({
        // Enough candidates to fill the page past the shopper's filters and listings without
        // product data; a category is only known here, so it may need all of them.
        limit: request.category
          ? HISTORY_DEALS_MAX
          : Math.min(HISTORY_DEALS_MAX, limit * DEAL_CANDIDATES_PER_CARD),
        ...(request.minDrop ? { minDrop: request.minDrop } : {}),
        ...(only ? { marketplace: only } : {}),
      })) ?? [];
    const cards = async (history: HistoryDeal[], live: readonly CatalogProduct[]) =>
      dealCards(
        history,
        dealSources(await this.cache.findMany(cacheIdsOfDeals(history)), live, filters.now),
        filters,
      );

    const first = await cards(await belowMedian(), []);
    if (first.length >= limit)
      return {
        products: await this.pricing.withBadges(first.slice(0, limit)),
        marketplaces: [],
        partial: false,
      };

    const wanted = LIVE_MARKETPLACES.filter((m) => !request.marketplace || request.marketplace.includes(m));
    const answers = await this.hot(wanted, (driver) =>
      driver.hot({
        sort: 'discount_desc',
        limit: Math.max(limit, DEFAULT_SEARCH_PAGE_SIZE),
        region: request.region,
      }),
    );
    const discounted = await this.pricing.withBadges(this.merge(answers).map(withListedDiscount));
    const fromHistory = await cards(await belowMedian(), discounted);
    const listed = discounted
      .filter((p) => !p.priceBadge?.listPriceNeverSeen && listedDealPasses(p, filters))
      .sort((a, b) => (b.discount ?? 0) - (a.discount ?? 0));
    const products = uniqueById([...fromHistory, ...listed]).slice(0, limit);
    return listResponse(answers, await this.pricing.withBadges(products));
  }

  async trending(request: Partial<ProductListRequest>): Promise<ProductListResponse> {
    const limit = request.limit ?? DEFAULT_SEARCH_PAGE_SIZE;
    const answers = await this.hot(LIVE_MARKETPLACES, (driver) =>
      driver.hot({ limit, region: request.region }),
    );
    return listResponse(answers, this.merge(answers).slice(0, limit));
  }

  /** The marketplaces' newest listings, then the products this catalog saw first most recently. */
  async newArrivals(request: Partial<ProductListRequest>): Promise<ProductListResponse> {
    const limit = request.limit ?? DEFAULT_SEARCH_PAGE_SIZE;
    const [answers, cached] = await Promise.all([
      this.hot(LIVE_MARKETPLACES, (driver) => driver.hot({ sort: 'newest', limit, region: request.region })),
      this.cache.newest(limit),
    ]);
    const live = answers.map((a) => presentable(a.value?.products));
    const products = uniqueById(interleave([...live, cached.map((c) => c.product)])).slice(0, limit);
    return listResponse(answers, products);
  }

  async categories(): Promise<Category[]> {
    const counts = await this.cache.countByCategory();
    return CATEGORIES.map((c) => ({
      slug: c.slug,
      name: c.name,
      marketplaceCategoryIds: c.marketplaceCategoryIds,
      cachedProducts: c.names.reduce((sum, name) => sum + (counts.get(name) ?? 0), 0),
    }));
  }

  /** A marketplace's page: its region variant (§9) and its products (live ones: hot products; others: samples). */
  async marketplace(marketplace: MarketplaceId, request: ProductListRequest): Promise<MarketplaceResponse> {
    const limit = request.limit ?? DEFAULT_SEARCH_PAGE_SIZE;
    const variant = marketplaceVariantForRegion(request.region);
    const site = {
      ebay: variant.ebaySiteId,
      amazon: variant.amazonDomain,
      walmart: variant.walmartDomain,
      aliexpress: 'aliexpress.com',
    }[marketplace];
    const info = {
      id: marketplace,
      name: MARKETPLACE_NAMES[marketplace],
      live: isLiveMarketplace(marketplace),
      region: request.region,
      // AliExpress is one global site; the others fall back to the US version where unmapped (§9).
      regionMapped: marketplace === 'aliexpress' || variant.mapped,
      site,
    };
    if (!isLiveMarketplace(marketplace)) {
      const now = this.clock.now();
      const products = SAMPLE_PRODUCTS.filter((s) => s.marketplace === marketplace)
        .slice(0, limit)
        .map((s) => fromSample(s, now));
      return {
        marketplace: info,
        products,
        marketplaces: [{ marketplace, status: 'ok', count: products.length }],
        partial: false,
      };
    }
    const answers = await this.hot([marketplace], (driver) => driver.hot({ limit, region: request.region }));
    return { marketplace: info, ...listResponse(answers, this.merge(answers).slice(0, limit)) };
  }

  private hot(
    marketplaces: readonly LiveMarketplaceId[],
    call: Parameters<typeof fanOut<SearchResult>>[2],
  ): Promise<FanOutResult<SearchResult>[]> {
    return fanOut(this.drivers, marketplaces, call, this.logFailure);
  }

  private merge(answers: FanOutResult<SearchResult>[]): CatalogProduct[] {
    return uniqueById(interleave(answers.map((a) => presentable(a.value?.products))));
  }
}
