import { Inject, Injectable } from '@nestjs/common';
import type { DealStats } from '@pt/domain';
import { DATABASE, type Database } from '@pt/platform';

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

interface Row {
  marketplace: string;
  product_id: string;
  currency: string;
  price: string;
  observed_at: Date;
  median: string;
  points: number;
  first_at: Date;
  last_at: Date;
  highest_ever: string;
}

/**
 * The deals page's candidates from listing_deal_stats (migration 008): one indexed read of stored
 * medians, ranked by the share below the median, whatever the length of the histories behind them.
 */
@Injectable()
export class DealStatsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async below(filter: DealFilter): Promise<DealCandidate[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT marketplace, product_id, currency, price, observed_at, median, points, first_at, last_at, highest_ever
         FROM pricing.listing_deal_stats
        WHERE observed_at > $1::timestamptz
          AND points >= $2 AND last_at - first_at >= make_interval(days => $3)
          AND price <= median * (1 - $4::numeric / 100)
          AND ($5::text IS NULL OR marketplace = $5)
          AND ($6::text IS NULL OR currency = $6)
        ORDER BY (median - price) / median DESC, marketplace, product_id
        LIMIT $7`,
      [
        filter.observedAfter.toISOString(),
        filter.minPoints,
        filter.minSpanDays,
        filter.minDropPercent,
        filter.marketplace ?? null,
        filter.currency ?? null,
        filter.limit,
      ],
    );
    return rows.map((r) => ({
      marketplace: r.marketplace,
      productId: r.product_id,
      currency: r.currency,
      price: Number(r.price),
      observedAt: new Date(r.observed_at),
      median: Number(r.median),
      points: Number(r.points),
      firstAt: new Date(r.first_at),
      lastAt: new Date(r.last_at),
      highestEver: Number(r.highest_ever),
    }));
  }
}
