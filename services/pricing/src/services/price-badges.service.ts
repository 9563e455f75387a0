import { Inject, Injectable } from '@nestjs/common';
import type { PriceBadgeRequestItem, PriceBadgeView } from '@pt/contracts';
import { BADGE_WINDOW_DAYS, listPriceNeverSeen, priceBadge } from '@pt/domain';
import { CLOCK, type Clock } from '@pt/platform';
import { PriceStatsRepository } from '../repositories/price-stats.repository';
import { DemoHistoryBackfill } from './demo-history-backfill';
import { canonicalProductId } from './product-key';

/**
 * POST /api/v1/price-badges: the good-price badge (libs/domain priceBadge, ARCHITECTURE §6) of
 * each listing at the price shown for it, from the stored daily statistics, in one query, with the
 * fake-sale check of the strikethrough price when one is given. In demo
 * mode the demo listings named get their simulated past first (DemoHistoryBackfill.beforeBadges).
 */
@Injectable()
export class PriceBadgesService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly stats: PriceStatsRepository,
    private readonly demoHistory: DemoHistoryBackfill,
  ) {}

  async badges(listings: readonly PriceBadgeRequestItem[]): Promise<(PriceBadgeView | null)[]> {
    const queries = listings.map((l) => ({
      marketplace: l.marketplace,
      // The card's id in whatever form the marketplace answered; pricing stores the listing id.
      productId: canonicalProductId(l.marketplace, l.productId),
      price: l.price,
      currency: l.currency,
    }));
    // In demo mode the cards asked about count as seen: their simulated past first, then badges.
    await this.demoHistory.beforeBadges(queries);
    const now = this.clock.now();
    const stats = await this.stats.statsFor(queries, now, BADGE_WINDOW_DAYS);
    return listings.map((l, i) => {
      const listing = stats[i];
      const badge = priceBadge({ price: l.price, currency: l.currency, stats: listing, now });
      if (!badge || !listing) return badge;
      const neverSeen = listPriceNeverSeen({
        price: l.price,
        originalPrice: l.originalPrice,
        highestEver: listing.highestEver,
        stats: listing,
      });
      return neverSeen ? { ...badge, listPriceNeverSeen: true as const } : badge;
    });
  }
}
