import type { CatalogProduct } from '@pt/contracts/catalog-api';
import type { z } from 'zod';
import {
  HISTORY_CURRENCIES,
  HistoryDealsResponseSchema,
  PriceBadgesResponseSchema,
  PriceHistoryViewSchema,
  type HistoryDeal,
  type HistoryDealsQuery,
  PRICE_BADGES_MAX_LISTINGS,
  type PriceBadgeRequestItem,
  type PriceBadgeView,
} from '@pt/contracts';
import { roundMoney } from '@pt/domain';
import { readFromService, type Logger } from '@pt/platform';

/** A sparkline's window and how many points it keeps (a small line beside a row, not a chart). */
export const SPARKLINE_DAYS = 30;
export const SPARKLINE_POINTS = 24;

/** How often a pricing that does not answer is logged (once a minute is enough to be seen). */
const FAILURE_LOG_INTERVAL_MS = 60_000;

/**
 * A badge drawn in the listing's currency, restated in the currency the product is shown in at the
 * marketplace's own rate (shown price / listing price), so the range reads beside the price without
 * a second exchange rate. The level and label do not depend on the currency.
 */
export function inShownCurrency(badge: PriceBadgeView, product: CatalogProduct): PriceBadgeView {
  const listing = product.listingPrice;
  if (!listing || badge.currency === product.currency || badge.currency !== listing.currency) return badge;
  const rate = product.price / listing.amount;
  return {
    ...badge,
    rangeLow: roundMoney(badge.rangeLow * rate),
    rangeHigh: roundMoney(badge.rangeHigh * rate),
    currency: product.currency,
  };
}

/**
 * Pricing's public reads the catalog decorates its answers with: the good-price badges of one
 * answer's products (ARCHITECTURE §6), asked in ONE request, and the listings below their own
 * median for Deals. Pricing owns the snapshots and their statistics, and the catalog never reads
 * another service's schema (§1). A badge is decoration: a pricing that fails, is not configured or
 * is slower than the deadline leaves the products without one, and the answer goes out on time.
 */
export class PricingClient {
  private lastFailureLogAt = -Infinity;

  constructor(
    private readonly baseUrl: () => string | undefined,
    private readonly deadlineMs: number,
    private readonly logger: Logger,
  ) {}

  /** The products with their badges where pricing had one; the same products otherwise. */
  async withBadges<P extends CatalogProduct>(products: readonly P[]): Promise<P[]> {
    const asked = products
      .map((p, index) => ({ p, index }))
      .filter(({ p }) => p.marketplace !== undefined && p.price > 0)
      .slice(0, PRICE_BADGES_MAX_LISTINGS);
    if (asked.length === 0) return [...products];
    const badges = await this.badges(
      asked.map(({ p }) => {
        // The history is in the listing's currency: the badge compares the listing's own price, and
        // the strikethrough price restated at the marketplace's own rate.
        const toListing = p.listingPrice ? p.listingPrice.amount / p.price : 1;
        const original =
          p.originalPrice && p.originalPrice > p.price ? roundMoney(p.originalPrice * toListing) : 0;
        return {
          marketplace: p.marketplace!,
          productId: p.id,
          price: p.listingPrice?.amount ?? p.price,
          currency: p.listingPrice?.currency ?? p.currency,
          ...(original > 0 ? { originalPrice: original } : {}),
        };
      }),
    );
    if (!badges) return [...products];
    const byIndex = new Map(asked.map(({ index }, i) => [index, badges[i]]));
    return products.map((p, index) => {
      const badge = byIndex.get(index);
      return badge ? { ...p, priceBadge: inShownCurrency(badge, p) } : p;
    });
  }

  private async badges(listings: PriceBadgeRequestItem[]): Promise<(PriceBadgeView | null)[] | undefined> {
    const answer = await this.call('/api/v1/price-badges', PriceBadgesResponseSchema, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ listings }),
    });
    if (answer && answer.badges.length !== listings.length) {
      this.logFailure(new Error('pricing answered a badge list of another length'));
      return undefined;
    }
    return answer?.badges;
  }

  /**
   * Listings below their own 90-day median now (GET /api/v1/price-deals), or undefined when pricing
   * cannot say (not configured, down, slow): the caller falls back instead of failing the page.
   */
  async historyDeals(query: Partial<HistoryDealsQuery>): Promise<HistoryDeal[] | undefined> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const answer = await this.call(`/api/v1/price-deals?${params}`, HistoryDealsResponseSchema, {
      method: 'GET',
    });
    return answer?.deals;
  }

  /**
   * A listing's recent prices for a sparkline, oldest first, in `currency` (pricing converts from
   * the listing's own), thinned to SPARKLINE_POINTS evenly spaced points ending at the newest.
   * Empty when pricing has no history or cannot say: a sparkline is decoration.
   */
  async sparkline(product: Pick<CatalogProduct, 'id' | 'marketplace'>, currency: string): Promise<number[]> {
    if (!product.marketplace) return [];
    const params = new URLSearchParams({ marketplace: product.marketplace, days: String(SPARKLINE_DAYS) });
    if (HISTORY_CURRENCIES.includes(currency)) params.set('currency', currency);
    const answer = await this.call(
      `/api/v1/products/${encodeURIComponent(product.id)}/price-history?${params}`,
      PriceHistoryViewSchema,
      { method: 'GET' },
    );
    const prices = [...(answer?.points ?? [])]
      .sort((a, b) => Date.parse(a.date) - Date.parse(b.date))
      .map((p) => p.price);
    if (prices.length <= SPARKLINE_POINTS) return prices;
    const step = (prices.length - 1) / (SPARKLINE_POINTS - 1);
    return Array.from({ length: SPARKLINE_POINTS }, (_, i) => prices[Math.round(i * step)] as number);
  }

  /** One read of pricing within the deadline; undefined (logged at most once a minute) when it fails. */
  private async call<S extends z.ZodType>(
    path: string,
    schema: S,
    init: RequestInit,
  ): Promise<z.infer<S> | undefined> {
    const base = this.baseUrl();
    if (!base) return undefined;
    try {
      return await readFromService(`${base}${path}`, schema, {
        caller: 'catalog',
        deadlineMs: this.deadlineMs,
        init,
      });
    } catch (error) {
      this.logFailure(error);
      return undefined;
    }
  }

  private logFailure(error: unknown): void {
    const now = Date.now();
    if (now - this.lastFailureLogAt < FAILURE_LOG_INTERVAL_MS) return;
    this.lastFailureLogAt = now;
    this.logger.warn({ err: error }, 'pricing unavailable: answering without its badges or deals');
  }
}
