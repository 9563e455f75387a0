import { Inject, Injectable } from '@nestjs/common';
import type { PriceStats } from '@pt/domain';
import { DATABASE, sql, typedQueries, type Database } from '@pt/platform';
import type { DB } from './schema';

/** A listing at the price asked about (in `currency`). */
export interface StatsQuery {
  marketplace: string;
  productId: string;
  price: number;
  currency: string;
}

/** The badge's statistics, and the highest price the listing ever had (the list-price check). */
export type ListingStats = PriceStats & { highestEver: number };

/** One asked listing's figures; every one NULL without days in the window (left joins). */
interface StatsRow {
  i: number;
  points: number | null;
  low: number | null;
  high: number | null;
  first_at: Date | null;
  last_at: Date | null;
  first_seen_at: Date | null;
  highest_ever: number | null;
  last_below_at: Date | null;
}

/**
 * The good-price badge's statistics from the daily rollup (migration 007), for many listings in
 * ONE statement: a search page's badges cost one round trip however many cards it has.
 *
 * The window is whole UTC days: the 90 days ending today (today included). The latest instant a
 * listing was below a price is the last snapshot of the latest day with a lower one — at most a day
 * later than the lower snapshot itself, so "lowest in N days" may understate N, never overstate it.
 * Statistics are read in the currency asked about only: a listing's history in another currency
 * reads as none. The whole-history figures cost a row each, not a year of days: the first day by
 * the primary key's order, the latest lower day walking back from today (it stops at the first
 * one), and the highest price ever from the deal statistics (migration 008).
 */
@Injectable()
export class PriceStatsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async statsFor(
    queries: readonly StatsQuery[],
    now: Date,
    windowDays: number,
  ): Promise<(ListingStats | null)[]> {
    if (queries.length === 0) return [];
    const asked = queries.map((q, i) => ({
      i,
      m: q.marketplace,
      p: q.productId,
      c: q.currency,
      price: q.price,
    }));
    const { rows } = await sql<StatsRow>`
       WITH asked AS (
         SELECT * FROM jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) AS a(i int, m text, p text, c text, price numeric)
       )
       SELECT a.i, w.points, w.low, w.high, w.first_at, w.last_at, s.first_seen_at, e.highest_ever, b.last_below_at
         FROM asked a
         LEFT JOIN LATERAL (
           SELECT sum(d.points)::int AS points, min(d.low) AS low, max(d.high) AS high,
                  min(d.first_at) AS first_at, max(d.last_at) AS last_at
             FROM pricing.listing_price_days d
            WHERE d.marketplace = a.m AND d.product_id = a.p AND d.currency = a.c
              AND d.day > (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date - ${windowDays}::int
              AND d.first_at <= ${now.toISOString()}::timestamptz
         ) w ON true
         LEFT JOIN LATERAL (
           SELECT d.first_at AS first_seen_at
             FROM pricing.listing_price_days d
            WHERE d.marketplace = a.m AND d.product_id = a.p AND d.currency = a.c
            ORDER BY d.day LIMIT 1
         ) s ON true
         LEFT JOIN pricing.listing_deal_stats e
           ON e.marketplace = a.m AND e.product_id = a.p AND e.currency = a.c
         LEFT JOIN LATERAL (
           SELECT d.last_at AS last_below_at
             FROM pricing.listing_price_days d
            WHERE d.marketplace = a.m AND d.product_id = a.p AND d.currency = a.c AND d.low < a.price
            ORDER BY d.day DESC LIMIT 1
         ) b ON true`.execute(typedQueries<DB>(this.db));
    const byIndex = new Map(rows.map((r) => [r.i, r]));
    return queries.map((q, i) => {
      const r = byIndex.get(i);
      if (
        !r ||
        !r.points ||
        r.low === null ||
        r.high === null ||
        !r.first_at ||
        !r.last_at ||
        !r.first_seen_at ||
        r.highest_ever === null
      )
        return null;
      return {
        currency: q.currency,
        points: r.points,
        low: r.low,
        high: r.high,
        firstAt: r.first_at,
        lastAt: r.last_at,
        firstSeenAt: r.first_seen_at,
        lastBelowAt: r.last_below_at,
        highestEver: r.highest_ever,
      };
    });
  }
}
