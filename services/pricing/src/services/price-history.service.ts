import { Inject, Injectable } from '@nestjs/common';
import {
  DAY_MS,
  detectMarketplace,
  formatPrice,
  LIVE_MARKETPLACES,
  potentialSavings,
  type MarketplaceId,
} from '@pt/domain';
import { CLOCK, type Clock } from '@pt/platform';
import { PriceHistoryRepository } from '../repositories/price-history.repository';
import {
  buyOrWait,
  combineHistory,
  priceTrend,
  summarize,
  type PricePoint,
  type PriceTrend,
  type Verdict,
} from './price-insights';
import { canonicalProductId } from './product-key';

export interface PriceHistoryView {
  productId: string;
  marketplace: MarketplaceId;
  currency: string | null;
  days: number;
  points: Array<{ date: string; price: number; formattedPrice: string; source: 'global' | 'personal' }>;
  statistics: {
    count: number;
    min: number | null;
    max: number | null;
    average: number | null;
    current: number | null;
    potentialSavings: number;
    trend: PriceTrend;
    lowest90Days: number | null;
    average30Days: number | null;
    available: boolean;
  };
  verdict: Verdict;
}

/** The verdict compares against 90 and 30 days whatever window the caller asked to see. */
const VERDICT_WINDOW_DAYS = 90;

/** GET /api/v1/products/:id/price-history (issue 5 item 2, spec §7 get_combined_price_history). */
@Injectable()
export class PriceHistoryService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly history: PriceHistoryRepository,
  ) {}

  async view(
    rawId: string,
    options: { marketplace?: MarketplaceId; days: number; userId?: string },
  ): Promise<PriceHistoryView> {
    const now = this.clock.now();
    const key = await this.listing(rawId, options.marketplace);
    const since = new Date(now.getTime() - Math.max(options.days, VERDICT_WINDOW_DAYS) * DAY_MS);
    const [global, personal, current] = await Promise.all([
      this.history.globalPoints(key, since),
      options.userId ? this.history.personalPoints(key, options.userId, since) : Promise.resolve([]),
      this.history.current(key),
    ]);
    const all = combineHistory(global, personal);
    const currency = current?.currency ?? all.at(-1)?.currency ?? null;
    const within = (days: number) => (p: PricePoint) => p.at.getTime() >= now.getTime() - days * DAY_MS;
    const shown = all.filter(within(options.days));
    // Statistics compare like with like: points in the listing's current currency only.
    const comparable = shown.filter((p) => p.currency === currency);
    const last90 = all.filter((p) => p.currency === currency && within(VERDICT_WINDOW_DAYS)(p));
    const last30 = last90.filter(within(30));
    const currentPrice = current?.price ?? comparable.at(-1)?.price ?? null;
    const summary = summarize(comparable);
    return {
      productId: key.productId,
      marketplace: key.marketplace,
      currency,
      days: options.days,
      points: shown.map((p) => ({
        date: p.at.toISOString(),
        price: p.price,
        formattedPrice: formatPrice(p.price, p.currency),
        source: p.source,
      })),
      statistics: {
        ...summary,
        current: currentPrice,
        potentialSavings: currentPrice === null ? 0 : potentialSavings(currentPrice, comparable),
        trend: priceTrend(comparable),
        lowest90Days: last90.length > 0 ? Math.min(...last90.map((p) => p.price)) : null,
        average30Days: summarize(last30).average,
        available: current?.available ?? true,
      },
      verdict: buyOrWait({
        current: currentPrice,
        currency: currency ?? 'USD',
        last90Days: last90,
        last30Days: last30,
      }),
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
    const candidates = LIVE_MARKETPLACES.map((m) => ({
      productId: canonicalProductId(m, rawId),
      marketplace: m as MarketplaceId,
    }));
    const found = await this.history.newestOf(candidates);
    const chosen = (found?.marketplace as MarketplaceId | undefined) ?? detectMarketplace({ id: rawId });
    return { productId: canonicalProductId(chosen, rawId), marketplace: chosen };
  }
}
