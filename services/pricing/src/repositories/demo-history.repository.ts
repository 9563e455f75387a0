import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, sql, typedQueries, type Database } from '@pt/platform';
import { listingId, type ListingKey } from './price-snapshots.repository';
import type { DB } from './schema';

export interface DemoPoint {
  at: Date;
  price: number;
}

/** The demo backfill's writes (migration 006); global_price_history rows with source 'demo'. */
@Injectable()
export class DemoHistoryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Which of these listings were backfilled already. */
  async backfilled(keys: readonly ListingKey[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const { rows } = await sql<ListingKey>`
      SELECT b.product_id AS "productId", b.marketplace FROM pricing.demo_history_backfills b
        JOIN unnest(${keys.map((k) => k.productId)}::text[], ${keys.map((k) => k.marketplace)}::text[])
             AS k(product_id, marketplace)
          ON b.product_id = k.product_id AND b.marketplace = k.marketplace`.execute(
      typedQueries<DB>(this.db),
    );
    return new Set(rows.map(listingId));
  }

  /** Listings of these marketplaces pricing holds a price of, not backfilled yet (the start-up sweep). */
  async seenNotBackfilled(marketplaces: readonly string[], limit: number): Promise<ListingKey[]> {
    const { rows } = await sql<ListingKey>`
      SELECT c.product_id AS "productId", c.marketplace FROM pricing.current_prices c
       WHERE c.marketplace = ANY(${marketplaces}::text[])
         AND NOT EXISTS (SELECT 1 FROM pricing.demo_history_backfills b
                          WHERE b.product_id = c.product_id AND b.marketplace = c.marketplace)
       ORDER BY c.marketplace, c.product_id LIMIT ${limit}`.execute(typedQueries<DB>(this.db));
    return rows;
  }

  /**
   * Writes the simulated past of many listings, each once, in ONE transaction (a search page's
   * unseen demo listings before their badges): claims them all in one multi-row insert (in key
   * order, so two requests naming overlapping pages wait on each other instead of deadlocking; the
   * one that loses a claim writes nothing for that listing), then inserts every claimed listing's
   * points older than its first stored snapshot (and than `until`) in one statement. Returns the
   * number of listings it wrote and of points.
   */
  async backfillMany(
    keys: readonly ListingKey[],
    options: {
      seed: string;
      currency: string;
      until: Date;
      now: Date;
      points: (key: ListingKey, until: Date) => DemoPoint[];
    },
  ): Promise<{ listings: number; points: number }> {
    if (keys.length === 0) return { listings: 0, points: 0 };
    const ordered = [...keys].sort((a, b) =>
      a.marketplace === b.marketplace
        ? a.productId < b.productId
          ? -1
          : a.productId > b.productId
            ? 1
            : 0
        : a.marketplace < b.marketplace
          ? -1
          : 1,
    );
    return this.db.transaction(async (tx) => {
      const typed = typedQueries<DB>(tx);
      const claimed = await sql<ListingKey & { firstAt: Date | null }>`
        WITH claimed AS (
          INSERT INTO pricing.demo_history_backfills (product_id, marketplace, seed, points, until_at, backfilled_at)
          SELECT k.product_id, k.marketplace, ${options.seed}, 0, ${options.until.toISOString()}::timestamptz,
                 ${options.now.toISOString()}::timestamptz
            FROM unnest(${ordered.map((k) => k.productId)}::text[], ${ordered.map((k) => k.marketplace)}::text[])
                 WITH ORDINALITY AS k(product_id, marketplace, n)
           ORDER BY k.n
          ON CONFLICT DO NOTHING RETURNING product_id, marketplace
        )
        SELECT c.product_id AS "productId", c.marketplace,
               (SELECT min(h.observed_at) FROM pricing.global_price_history h
                 WHERE h.product_id = c.product_id AND h.marketplace = c.marketplace) AS "firstAt"
          FROM claimed c`.execute(typed);
      if (claimed.rows.length === 0) return { listings: 0, points: 0 };
      const ids: string[] = [];
      const marketplaces: string[] = [];
      const prices: string[] = [];
      const instants: string[] = [];
      const perListing = claimed.rows.map(({ firstAt, ...key }) => {
        // The simulated past ends where the listing's real history starts.
        const until = firstAt && firstAt < options.until ? firstAt : options.until;
        const points = options.points(key, until).filter((p) => p.at < until && p.price > 0);
        for (const p of points) {
          ids.push(key.productId);
          marketplaces.push(key.marketplace);
          prices.push(p.price.toFixed(2));
          instants.push(p.at.toISOString());
        }
        return { key, until, points: points.length };
      });
      if (ids.length > 0)
        await sql`
          INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
          SELECT p.product_id, p.marketplace, p.price, ${options.currency}, p.at, 'demo'
            FROM unnest(${ids}::text[], ${marketplaces}::text[], ${prices}::numeric[], ${instants}::timestamptz[])
                 AS p(product_id, marketplace, price, at)`.execute(typed);
      await sql`
        UPDATE pricing.demo_history_backfills b SET points = u.points, until_at = u.until_at
          FROM unnest(${perListing.map((l) => l.key.productId)}::text[],
                      ${perListing.map((l) => l.key.marketplace)}::text[],
                      ${perListing.map((l) => l.points)}::int[],
                      ${perListing.map((l) => l.until.toISOString())}::timestamptz[])
               AS u(product_id, marketplace, points, until_at)
         WHERE b.product_id = u.product_id AND b.marketplace = u.marketplace`.execute(typed);
      return { listings: perListing.length, points: ids.length };
    });
  }

  /**
   * Writes one listing's simulated past, once: claims the listing's row, then inserts the points
   * older than its first stored snapshot (and older than `until`), in one transaction. Returns the
   * number of points written; 0 when the listing was backfilled before (by us, a previous run or
   * another replica). `points` gives the prices at the instants asked for, oldest first.
   */
  async backfill(
    key: ListingKey,
    options: {
      seed: string;
      currency: string;
      until: Date;
      now: Date;
      points: (until: Date) => DemoPoint[];
    },
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const typed = typedQueries<DB>(tx);
      const claimed = await typed
        .insertInto('pricing.demo_history_backfills')
        .values({
          product_id: key.productId,
          marketplace: key.marketplace,
          seed: options.seed,
          points: 0,
          until_at: options.until,
          backfilled_at: options.now,
        })
        .onConflict((c) => c.doNothing())
        .returning('product_id')
        .execute();
      if (claimed.length === 0) return 0;
      // The simulated past ends where the listing's real history starts.
      const first = await typed
        .selectFrom('pricing.global_price_history')
        .select((eb) => eb.fn.min('observed_at').as('firstAt'))
        .where('product_id', '=', key.productId)
        .where('marketplace', '=', key.marketplace)
        .executeTakeFirst();
      const firstAt = first?.firstAt ?? undefined;
      const until = firstAt && firstAt < options.until ? firstAt : options.until;
      const points = options.points(until).filter((p) => p.at < until && p.price > 0);
      if (points.length > 0)
        await sql`
          INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
          SELECT ${key.productId}, ${key.marketplace}, p.price, ${options.currency}, p.at, 'demo'
            FROM unnest(${points.map((p) => p.price.toFixed(2))}::numeric[],
                        ${points.map((p) => p.at.toISOString())}::timestamptz[]) AS p(price, at)`.execute(
          typed,
        );
      await typed
        .updateTable('pricing.demo_history_backfills')
        .set({ points: points.length, until_at: until })
        .where('product_id', '=', key.productId)
        .where('marketplace', '=', key.marketplace)
        .execute();
      return points.length;
    });
  }
}
