import { Inject, Injectable } from '@nestjs/common';
import {
  RECENT_GLOBAL_PRICES_LIMIT,
  type PriceHistoryRequestQuery,
  type PriceHistoryView,
  type RecentGlobalPrices,
} from '@pt/contracts';
import {
  buyOrWait,
  convertCurrency,
  DAY_MS,
  DEFAULT_CURRENCY,
  detectMarketplace,
  formatPrice,
  potentialSavings,
  priceTrend,
  roundMoney,
  summarize,
  VERDICT_AVERAGE_WINDOW_DAYS,
  VERDICT_LOW_WINDOW_DAYS,
  type MarketplaceId,
} from '@pt/domain';
import { CLOCK, type Clock } from '@pt/platform';
import { PriceHistoryRepository } from '../repositories/price-history.repository';
import { combineHistory, type PricePoint } from './price-insights';
import { candidateListings, canonicalProductId } from './product-key';

export type { PriceHistoryView } from '@pt/contracts';

export interface HistoryOptions {
  marketplace?: MarketplaceId;
  days: PriceHistoryRequestQuery['days'];
  /** The currency to answer in; the listing's when absent. */
  currency?: string;
  userId?: string;
}

/** A point in the answer's currency, with the price as recorded. */
interface ShownPoint {
  at: Date;
  price: number;
  listingPrice: number;
  source: PricePoint['source'];
}

/**
 * GET /api/v1/products/:id/price-history (spec §7 get_combined_price_history). The history is
 * stored in the listing's own currency (ARCHITECTURE §6); the answer converts it at read time with
 * the §9 fallback rates the web app displays prices with, and names both currencies and the rate.
 * A read writes nothing.
 */
@Injectable()
export class PriceHistoryService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly history: PriceHistoryRepository,
  ) {}

  async view(rawId: string, options: HistoryOptions): Promise<PriceHistoryView> {
    const now = this.clock.now().getTime();
    const key = await this.listing(rawId, options.marketplace);
    // The verdict compares against 90 and 30 days whatever window the caller asked to see.
    const since =
      options.days === 'all'
        ? null
        : new Date(now - Math.max(options.days, VERDICT_LOW_WINDOW_DAYS) * DAY_MS);
    const [global, personal, current] = await Promise.all([
      this.history.globalPoints(key, since),
      options.userId ? this.history.personalPoints(key, options.userId, since) : Promise.resolve([]),
      this.history.current(key),
    ]);
    const all = combineHistory(global, personal);
    // The listing's currency is its current price's: the recorder keeps it to the currency of the
    // newest observation that was stored, which the marketplace quoted the listing in.
    const listingCurrency = current?.currency ?? all.at(-1)?.currency ?? null;
    const { currency, rate } = answerCurrency(listingCurrency, options.currency);
    const convert = (amount: number): number => {
      if (listingCurrency === null || listingCurrency === currency) return amount;
      const converted = convertCurrency(amount, listingCurrency, currency);
      return converted.ok ? converted.value.convertedAmount : roundMoney(amount * rate);
    };

    // Points in another currency predate the one the listing's first live observation settled
    // (migration 005 guessed it): they are kept in storage, never shown as a move of this series.
    const points: ShownPoint[] = all
      .filter((p) => p.currency === listingCurrency)
      .map((p) => ({ at: p.at, price: convert(p.price), listingPrice: p.price, source: p.source }));
    const within = (days: number) => (p: ShownPoint) => p.at.getTime() >= now - days * DAY_MS;
    const shown = options.days === 'all' ? points : points.filter(within(options.days));
    const last90 = points.filter(within(VERDICT_LOW_WINDOW_DAYS));
    const last30 = points.filter(within(VERDICT_AVERAGE_WINDOW_DAYS));
    const currentPrice =
      current && current.currency === listingCurrency
        ? convert(current.price)
        : (points.at(-1)?.price ?? null);
    const bounds = listingCurrency
      ? await this.history.bounds(key, listingCurrency, options.userId)
      : { firstAt: null, lastAt: null };

    return {
      productId: key.productId,
      marketplace: key.marketplace,
      listingCurrency,
      currency,
      rate,
      days: options.days,
      points: shown.map((p) => ({
        date: p.at.toISOString(),
        price: p.price,
        formattedPrice: formatPrice(p.price, currency),
        source: p.source,
        listingPrice: p.listingPrice,
      })),
      statistics: {
        ...summarize(shown),
        current: currentPrice,
        potentialSavings: currentPrice === null ? 0 : potentialSavings(currentPrice, shown),
        trend: priceTrend(shown),
        lowest90Days: last90.length > 0 ? Math.min(...last90.map((p) => p.price)) : null,
        average30Days: summarize(last30).average,
        available: current?.available ?? true,
        lowest: extreme(shown, (a, b) => a < b),
        highest: extreme(shown, (a, b) => a > b),
        firstAt: bounds.firstAt?.toISOString() ?? null,
        lastAt: bounds.lastAt?.toISOString() ?? null,
      },
      verdict: buyOrWait({ current: currentPrice, currency, last90Days: last90, last30Days: last30 }),
    };
  }

  /** Spec §7's debug read: the last 5 global snapshots of the product, newest first. */
  async recentGlobal(rawId: string, marketplace?: MarketplaceId): Promise<RecentGlobalPrices> {
    const rows = await this.history.latestGlobal(
      candidateListings(rawId, marketplace),
      RECENT_GLOBAL_PRICES_LIMIT,
    );
    return {
      productId: rawId,
      rows: rows.map((r) => ({
        productId: r.product_id,
        marketplace: r.marketplace as MarketplaceId,
        price: Number(r.price),
        currency: r.currency,
        timestamp: new Date(r.observed_at).toISOString(),
        source: r.source,
      })),
    };
  }

  /**
   * The listing an id names. Without a marketplace, an id like "285112233445" could be either live
   * marketplace's (§5 detection gives 10+ digits to the cross-border one): the one with a recorded
   * price wins, else §5 detection decides.
   */
  private async listing(
    rawId: string,
    marketplace?: MarketplaceId,
  ): Promise<{ productId: string; marketplace: MarketplaceId }> {
    if (marketplace) return { productId: canonicalProductId(marketplace, rawId), marketplace };
    const found = await this.history.newestOf(candidateListings(rawId));
    const chosen = (found?.marketplace as MarketplaceId | undefined) ?? detectMarketplace({ id: rawId });
    return { productId: canonicalProductId(chosen, rawId), marketplace: chosen };
  }
}

/**
 * The answer's currency and the listing → answer rate (§9 fallback table). Without a recorded
 * currency there is nothing to convert (rate 1). A listing recorded in a currency the table does
 * not know cannot be converted: it is answered in its own currency rather than mislabelled.
 */
function answerCurrency(
  listingCurrency: string | null,
  requested: string | undefined,
): { currency: string; rate: number } {
  const currency = requested ?? listingCurrency ?? DEFAULT_CURRENCY;
  if (listingCurrency === null || listingCurrency === currency) return { currency, rate: 1 };
  const conversion = convertCurrency(1, listingCurrency, currency);
  return conversion.ok
    ? { currency, rate: conversion.value.exchangeRate }
    : { currency: listingCurrency, rate: 1 };
}

/** The lowest (or highest) price of the points with the latest date it was seen at. */
function extreme(
  points: readonly ShownPoint[],
  beats: (a: number, b: number) => boolean,
): { price: number; date: string } | null {
  let best: ShownPoint | undefined;
  for (const p of points) if (!best || beats(p.price, best.price) || p.price === best.price) best = p;
  return best ? { price: best.price, date: best.at.toISOString() } : null;
}
