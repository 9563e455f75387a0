import { Inject, Injectable } from '@nestjs/common';
import type { CatalogProduct, ProductResponse } from '@pt/contracts/catalog-api';
import {
  PRODUCT_MESSAGES,
  decodeProductId,
  findSampleProduct,
  matchSearchFallback,
  parsePipeId,
  planProductLookup,
  productIdProblem,
  type LookupStep,
  type RegionId,
} from '@pt/domain';
import {
  DEFAULT_TIMEOUT_MS,
  isMarketplaceError,
  listingPriceOf,
  listingShippingOf,
  withDeadline,
  type MarketplaceProduct,
} from '@pt/marketplaces';
import { AppError, CLOCK, LOGGER, type Clock, type Logger } from '@pt/platform';
import type { CatalogConfig } from '../config';
import type { CachedProduct } from '../repositories/products-cache.repository';
import { CATALOG_CONFIG, MARKETPLACE_DRIVERS, type CatalogDrivers } from '../tokens';
import { lookupsTotal, marketplaceFailuresTotal } from '../metrics';
import { HotProductsService } from './hot-products.service';
import { LookupRecorder, RecordingUnavailable } from './lookup-recorder.service';
import { fromMarketplaceProduct, fromPlaceholder, fromSample, isPresentable } from './product-view';
import { liveCurrency } from './region-currency';

export interface LookupContext {
  region?: RegionId;
  userId?: string;
  /** False for lookups that only need the product (related products): no cache write, no observation. */
  record?: boolean;
}

type Answer = ProductResponse;

/** One marketplace call in flight, shared by every lookup that needs it meanwhile. */
interface LiveCall {
  answer: Promise<Answer>;
  /** Who the answer is recorded for: the first sharer that records (a page view), if any. */
  sharers: { recordFor?: { userId?: string } };
}

/** 400 for ids that cannot name a product (the domain's §2/§5 id rules); returns the decoded id. */
export function assertProductId(rawId: string | undefined): string {
  const problem = productIdProblem(rawId);
  if (problem) throw AppError.badRequest(problem, undefined, 'invalid_product_id');
  return decodeProductId(rawId ?? '');
}

/**
 * GET /products/:id — the §4 lookup order, walked as the domain's plan lists it: static samples →
 * products_cache (cross-border also the extracted and aliexpress_-prefixed ids) → the live driver →
 * for the auction marketplace a search by item id (exact, then partial) → the placeholder.
 *
 * Two refinements beyond the spec:
 * - a cache row older than CATALOG_CACHE_TTL_MS does not stop the walk (prices move); it is kept and
 *   served if every live step fails (unless the marketplace said the product is gone), before the
 *   placeholder;
 * - products_cache holds one row per product, priced in whatever currency the last live answer
 *   used, and the marketplaces price by region (eBay in the site's currency, AliExpress in the
 *   region's). A row counts as a hit only when its currency is the one the live marketplace would
 *   answer in for the requested region; any other row is skipped entirely — not even kept as a
 *   last resort — because serving it would show a price the shopper's marketplace does not quote
 *   and announce a price.observed in a currency foreign to the listing's history for that region.
 *   A live failure then ends in the search fallback / placeholder (eBay) or 503 (AliExpress).
 */
@Injectable()
export class ProductLookupService {
  private readonly inFlight = new Map<string, LiveCall>();

  constructor(
    @Inject(MARKETPLACE_DRIVERS) private readonly drivers: CatalogDrivers,
    private readonly cache: HotProductsService,
    private readonly recorder: LookupRecorder,
    @Inject(CATALOG_CONFIG)
    private readonly config: Pick<CatalogConfig, 'CATALOG_CACHE_TTL_MS'> &
      Partial<Pick<CatalogConfig, 'MARKETPLACE_TIMEOUT_MS'>>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async lookup(rawId: string, ctx: LookupContext = {}): Promise<Answer> {
    // One deadline for every marketplace call of the lookup: against a hung eBay
    // the live getItem and the search-by-item-id fallback each waited a full timeout in series.
    // Past it, the fallback fails at once and the lookup ends in the stale row or placeholder.
    const answer = await withDeadline(this.config.MARKETPLACE_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS, () =>
      this.walk(rawId, ctx),
    );
    lookupsTotal.inc({ source: answer.source });
    return answer;
  }

  private async walk(rawId: string, ctx: LookupContext): Promise<Answer> {
    const plan = planProductLookup(assertProductId(rawId));
    let stale: CachedProduct | undefined;
    let searched: MarketplaceProduct[] | undefined;
    let liveFailure: unknown;
    /** The search fallback could not run (a limit, an outage): "no match" means nothing then. */
    let searchFailure: unknown;

    for (const step of plan.steps) {
      switch (step.kind) {
        case 'static-sample': {
          const sample = findSampleProduct(step.id);
          if (!sample) break;
          const now = this.clock.now();
          // Not an observation (ARCHITECTURE §6): a sample's price was never seen at a marketplace.
          return { product: fromSample(sample, now), source: 'sample', fetchedAt: now.toISOString() };
        }
        case 'cache': {
          const hit = await this.cache.findFirst(step.ids);
          if (!hit) break;
          if (!this.inLiveCurrency(hit, plan.steps, ctx.region)) break;
          // Ids of no live marketplace have no fresher source: their row answers at any age.
          if (this.isFresh(hit) || plan.source === 'static') return this.fromCache(hit);
          stale = hit;
          break;
        }
        case 'live': {
          const answer = await this.live(step, ctx);
          if (answer.ok) return answer.value;
          liveFailure = answer.error;
          // The marketplace says the product is gone: an old copy would show a price that no longer exists.
          if (isMarketplaceError(answer.error) && answer.error.code === 'not_found') stale = undefined;
          break;
        }
        case 'search-by-item-id': {
          if (!searched) {
            const outcome = await this.searchByItemId(step.itemId, ctx);
            searched = outcome.products;
            searchFailure = outcome.error;
          }
          const hit = this.matchSearch(searched, step);
          if (hit) return this.fetched(hit, step.match === 'exact' ? 'search-exact' : 'search-partial', ctx);
          break;
        }
        case 'placeholder': {
          if (stale) return this.fromCache(stale);
          const now = this.clock.now();
          const unavailable = this.unavailableBecause(liveFailure) ?? this.unavailableBecause(searchFailure);
          return {
            product: fromPlaceholder(step.id, step.itemId, now),
            source: 'placeholder',
            fetchedAt: now.toISOString(),
            isPlaceholder: true,
            ...(unavailable ? { unavailable } : {}),
          };
        }
      }
    }
    if (stale) return this.fromCache(stale);
    throw this.notFoundOrUnavailable(liveFailure);
  }

  /**
   * True when the row is priced as the plan's live marketplace would price it for the region. Ids
   * of no live marketplace (static) have no regional answer to compare with: any row fits.
   */
  private inLiveCurrency(hit: CachedProduct, steps: readonly LookupStep[], region?: RegionId): boolean {
    const live = steps.find((s): s is Extract<LookupStep, { kind: 'live' }> => s.kind === 'live');
    if (!live) return true;
    return hit.product.currency.toUpperCase() === liveCurrency(live.marketplace, region);
  }

  private isFresh(hit: CachedProduct): boolean {
    return this.clock.now().getTime() - hit.fetchedAt.getTime() < this.config.CATALOG_CACHE_TTL_MS;
  }

  /** Not an observation (ARCHITECTURE §6): the price was announced when it was fetched. */
  private fromCache(hit: CachedProduct): Answer {
    return { product: hit.product, source: 'cache', fetchedAt: hit.fetchedAt.toISOString() };
  }

  private async live(
    step: Extract<LookupStep, { kind: 'live' }>,
    ctx: LookupContext,
  ): Promise<{ ok: true; value: Answer } | { ok: false; error: unknown }> {
    const driver = this.drivers.get(step.marketplace);
    if (!driver) return { ok: false, error: undefined };
    try {
      const value = await this.coalesced(
        `${step.marketplace}|${ctx.region ?? ''}|${step.id}`,
        ctx,
        async () => {
          const found = await driver.getItem(step.id, { region: ctx.region });
          if (!isPresentable(found))
            throw new Error(`${step.marketplace} returned a product that fails the §5 checks`);
          return found;
        },
      );
      return { ok: true, value };
    } catch (error) {
      // Not the marketplace's failure: no stale copy or placeholder stands in for an outage here.
      if (error instanceof RecordingUnavailable) throw error;
      this.logFailure(step.marketplace, 'getItem', error);
      return { ok: false, error };
    }
  }

  /**
   * One marketplace call per item at a time: a product page opened by many shoppers at once (a
   * shared link) costs one call of the credential's daily quota, not one per shopper, and is one
   * observation: the answer is recorded once, for the first sharer that records,
   * if any does.
   */
  private coalesced(
    key: string,
    ctx: LookupContext,
    call: () => Promise<MarketplaceProduct>,
  ): Promise<Answer> {
    const recordFor = (ctx.record ?? true) ? { userId: ctx.userId } : undefined;
    const joined = this.inFlight.get(key);
    if (joined) {
      joined.sharers.recordFor ??= recordFor;
      return joined.answer;
    }
    const sharers: LiveCall['sharers'] = { recordFor };
    const answer = call()
      .then((found) => {
        const { recordFor: by } = sharers;
        return this.fetched(found, 'item', { record: by !== undefined, userId: by?.userId });
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, { answer, sharers });
    return answer;
  }

  /** §4 fallback: one search for the item id; exact and partial matching both read its results. */
  private async searchByItemId(
    itemId: string,
    ctx: LookupContext,
  ): Promise<{ products: MarketplaceProduct[]; error?: unknown }> {
    const driver = this.drivers.get('ebay');
    if (!driver) return { products: [] };
    try {
      return {
        products: (await driver.search({ q: itemId, region: ctx.region })).products.filter(isPresentable),
      };
    } catch (error) {
      this.logFailure('ebay', 'search by item id', error);
      return { products: [], error };
    }
  }

  /**
   * Why a placeholder is no "not found": the step that could have found the
   * listing got no answer from the marketplace (a limit, the quota, an outage: the 503 it would be
   * without a placeholder). Undefined when the marketplace answered.
   */
  private unavailableBecause(failure: unknown): ProductResponse['unavailable'] {
    // A listing the driver could not present (§5) will not become presentable by asking again.
    if (!isMarketplaceError(failure)) return undefined;
    const error = this.notFoundOrUnavailable(failure);
    if (error.status !== 503) return undefined;
    return {
      code: error.code,
      message: error.message,
      ...(error.retryAfterS !== undefined ? { retryAfterMs: error.retryAfterS * 1000 } : {}),
    };
  }

  private matchSearch(
    results: MarketplaceProduct[],
    step: Extract<LookupStep, { kind: 'search-by-item-id' }>,
  ): MarketplaceProduct | undefined {
    const hit = matchSearchFallback(
      results.map((product) => ({ itemId: product.id, product })),
      step.itemId,
    );
    if (!hit) return undefined;
    // The domain rule tries exact matches first; the partial step only claims what exact did not.
    const exact = parsePipeId(hit.itemId)?.itemId === step.itemId || hit.itemId === step.itemId;
    return exact === (step.match === 'exact') ? hit.product : undefined;
  }

  private async fetched(
    found: MarketplaceProduct,
    matchedBy: NonNullable<Answer['matchedBy']>,
    ctx: LookupContext,
  ): Promise<Answer> {
    const product: CatalogProduct = fromMarketplaceProduct(found);
    const fetchedAt = this.clock.now();
    if (ctx.record ?? true) {
      await this.recorder.recordFetched(product, matchedBy === 'item' ? 'item' : 'search', {
        userId: ctx.userId,
        observedAt: fetchedAt,
        listingPrice: listingPriceOf(found),
        listingShipping: listingShippingOf(found),
      });
    }
    return { product, source: 'live', matchedBy, fetchedAt: fetchedAt.toISOString() };
  }

  /** Unknown → 404 'Product not found'; a marketplace that did not answer → 503 with its §8 message. */
  private notFoundOrUnavailable(error: unknown): AppError {
    if (isMarketplaceError(error) && error.code !== 'not_found') {
      const unavailable = new AppError(
        503,
        error.rateLimited ? 'marketplace_rate_limited' : 'marketplace_unavailable',
        error.message,
        {
          marketplace: error.marketplace,
          code: error.code,
          rateLimited: error.rateLimited,
          ...(error.retryAfterMs !== undefined ? { retryAfterMs: Math.round(error.retryAfterMs) } : {}),
        },
      );
      return error.retryAfterMs !== undefined ? unavailable.retryAfter(error.retryAfterMs) : unavailable;
    }
    // A driver bug (something other than its own error, e.g. a product failing the §5 checks).
    if (error !== undefined && !isMarketplaceError(error)) {
      return new AppError(
        503,
        'marketplace_unavailable',
        'The marketplace answered with unusable data. Please try again later.',
      );
    }
    return AppError.notFound(PRODUCT_MESSAGES.notFound, 'product_not_found');
  }

  private logFailure(marketplace: string, call: string, error: unknown): void {
    if (isMarketplaceError(error) && error.code === 'not_found') return;
    marketplaceFailuresTotal.inc({ marketplace, code: isMarketplaceError(error) ? error.code : 'internal' });
    // The driver logs its own failures once (summarised when they repeat); only a bug is logged here.
    if (!isMarketplaceError(error))
      this.logger.error({ marketplace, call, err: error }, 'marketplace lookup failed');
  }
}
