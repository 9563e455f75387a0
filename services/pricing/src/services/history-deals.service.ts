import { Inject, Injectable } from '@nestjs/common';
import type { HistoryDeal, HistoryDealsQuery, HistoryDealsResponse } from '@pt/contracts';
import {
  DAY_MS,
  DEAL_FRESH_DAYS,
  DEAL_MIN_DROP_PERCENT,
  DEAL_WINDOW_DAYS,
  VERDICT_MIN_POINTS,
  VERDICT_MIN_SPAN_DAYS,
  historyDeal,
} from '@pt/domain';
import { CLOCK, type Clock } from '@pt/platform';
import { DealStatsRepository } from '../repositories/deal-stats.repository';

/**
 * GET /api/v1/price-deals: listings below their own trailing median now (libs/domain historyDeal),
 * from the stored statistics. The query narrows to rows that can qualify; the domain rule has the
 * last word on each, so the SQL and the rule cannot drift apart into a wrong answer.
 */
@Injectable()
export class HistoryDealsService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly stats: DealStatsRepository,
  ) {}

  async deals(query: HistoryDealsQuery): Promise<HistoryDealsResponse> {
    const now = this.clock.now();
    const minDropPercent = query.minDrop ?? DEAL_MIN_DROP_PERCENT;
    const candidates = await this.stats.below({
      observedAfter: new Date(now.getTime() - DEAL_FRESH_DAYS * DAY_MS),
      minPoints: VERDICT_MIN_POINTS,
      minSpanDays: VERDICT_MIN_SPAN_DAYS,
      minDropPercent,
      ...(query.marketplace ? { marketplace: query.marketplace } : {}),
      ...(query.currency ? { currency: query.currency } : {}),
      limit: query.limit,
    });
    const deals: HistoryDeal[] = [];
    for (const c of candidates) {
      // Item prices only: shipping is the catalog's to add (it knows the listing's current cost).
      const deal = historyDeal(c, 0, now, minDropPercent);
      if (!deal) continue;
      deals.push({
        marketplace: c.marketplace as HistoryDeal['marketplace'],
        productId: c.productId,
        currency: c.currency,
        price: c.price,
        median: c.median,
        dropPercent: deal.dropPercent,
        observedAt: c.observedAt.toISOString(),
        points: c.points,
        since: c.firstAt.toISOString(),
        highestEver: c.highestEver,
      });
    }
    return { windowDays: DEAL_WINDOW_DAYS, deals };
  }
}
