import { Inject, Injectable } from '@nestjs/common';
import type { PriceBadgeRequestItem, PriceBadgeView } from '@pt/contracts';
import { BADGE_WINDOW_DAYS, priceBadge } from '@pt/domain';
import { CLOCK, type Clock } from '@pt/platform';
import { PriceStatsRepository } from '../repositories/price-stats.repository';
import { canonicalProductId } from './product-key';

/**
 * POST /api/v1/price-badges: the good-price badge (libs/domain priceBadge, ARCHITECTURE §6) of
 * each listing at the price shown for it, from the stored daily statistics, in one query.
 */
@Injectable()
export class PriceBadgesService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly stats: PriceStatsRepository,
  ) {}

  async badges(listings: readonly PriceBadgeRequestItem[]): Promise<(PriceBadgeView | null)[]> {
    const now = this.clock.now();
    const stats = await this.stats.statsFor(
      listings.map((l) => ({
        marketplace: l.marketplace,
        // The card's id in whatever form the marketplace answered; pricing stores the listing id.
        productId: canonicalProductId(l.marketplace, l.productId),
        price: l.price,
        currency: l.currency,
      })),
      now,
      BADGE_WINDOW_DAYS,
    );
    return listings.map((l, i) => priceBadge({ price: l.price, currency: l.currency, stats: stats[i], now }));
  }
}
