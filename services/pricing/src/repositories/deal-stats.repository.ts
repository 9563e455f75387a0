import { Inject, Injectable } from '@nestjs/common';
import type { DealStats } from '@pt/domain';
import { DATABASE, sql, typedQueries, type Database } from '@pt/platform';
import type { DB } from './schema';

export interface DealCandidate extends DealStats {
  marketplace: string;
  productId: string;
  currency: string;
  highestEver: number;
}

export interface DealFilter {
  /** Observed after this instant (the freshness window). */
  observedAfter: Date;
  /** At least this many snapshots over at least this many days (the verdict's evidence rule). */
  minPoints: number;
  minSpanDays: number;
  /** Whole percent below the median, at least. */
  minDropPercent: number;
  marketplace?: string;
  currency?: string;
  limit: number;
}

/**
 * The deals page's candidates from listing_deal_stats (migration 008): one indexed read of stored
 * medians, ranked by the share below the median, whatever the length of the histories behind them.
 */
@Injectable()
export class DealStatsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async below(filter: DealFilter): Promise<DealCandidate[]> {
    let query = typedQueries<DB>(this.db)
      .selectFrom('pricing.listing_deal_stats')
      .select([
        'marketplace',
        'product_id as productId',
        'currency',
        'price',
        'observed_at as observedAt',
        'median',
        'points',
        'first_at as firstAt',
        'last_at as lastAt',
        'highest_ever as highestEver',
      ])
      .where('observed_at', '>', filter.observedAfter)
      .where('points', '>=', filter.minPoints)
      .where(sql<boolean>`last_at - first_at >= make_interval(days => ${filter.minSpanDays})`)
      .where(sql<boolean>`price <= median * (1 - ${filter.minDropPercent}::numeric / 100)`);
    if (filter.marketplace !== undefined) query = query.where('marketplace', '=', filter.marketplace);
    if (filter.currency !== undefined) query = query.where('currency', '=', filter.currency);
    return query
      .orderBy(sql`(median - price) / median`, 'desc')
      .orderBy('marketplace')
      .orderBy('product_id')
      .limit(filter.limit)
      .execute();
  }
}
