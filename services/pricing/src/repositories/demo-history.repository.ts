import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@pt/platform';
import type { ListingKey } from './price-snapshots.repository';

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
    const { rows } = await this.db.query<{ product_id: string; marketplace: string }>(
      `SELECT b.product_id, b.marketplace FROM pricing.demo_history_backfills b
         JOIN unnest($1::text[], $2::text[]) AS k(product_id, marketplace)
           ON b.product_id = k.product_id AND b.marketplace = k.marketplace`,
      [keys.map((k) => k.productId), keys.map((k) => k.marketplace)],
    );
    return new Set(rows.map((r) => `${r.marketplace}:${r.product_id}`));
  }

  /** Listings of these marketplaces pricing holds a price of, not backfilled yet (the start-up sweep). */
  async seenNotBackfilled(marketplaces: readonly string[], limit: number): Promise<ListingKey[]> {
    const { rows } = await this.db.query<{ product_id: string; marketplace: string }>(
      `SELECT c.product_id, c.marketplace FROM pricing.current_prices c
        WHERE c.marketplace = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM pricing.demo_history_backfills b
                           WHERE b.product_id = c.product_id AND b.marketplace = c.marketplace)
        ORDER BY c.marketplace, c.product_id LIMIT $2`,
      [marketplaces, limit],
    );
    return rows.map((r) => ({ productId: r.product_id, marketplace: r.marketplace }));
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
      const claimed = await tx.query<{ product_id: string; marketplace: string; first_at: Date | null }>(
        `WITH claimed AS (
           INSERT INTO pricing.demo_history_backfills (product_id, marketplace, seed, points, until_at, backfilled_at)
           SELECT k.product_id, k.marketplace, $3, 0, $4, $5
             FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS k(product_id, marketplace, n)
            ORDER BY k.n
           ON CONFLICT DO NOTHING RETURNING product_id, marketplace
         )
         SELECT c.product_id, c.marketplace,
                (SELECT min(h.observed_at) FROM pricing.global_price_history h
                  WHERE h.product_id = c.product_id AND h.marketplace = c.marketplace) AS first_at
           FROM claimed c`,
        [
          ordered.map((k) => k.productId),
          ordered.map((k) => k.marketplace),
          options.seed,
          options.until.toISOString(),
          options.now.toISOString(),
        ],
      );
      if (claimed.rows.length === 0) return { listings: 0, points: 0 };
      const ids: string[] = [];
      const marketplaces: string[] = [];
      const prices: string[] = [];
      const instants: string[] = [];
      const perListing = claimed.rows.map((row) => {
        const key = { productId: row.product_id, marketplace: row.marketplace };
        // The simulated past ends where the listing's real history starts.
        const firstAt = row.first_at ? new Date(row.first_at) : undefined;
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
        await tx.query(
          `INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
           SELECT p.product_id, p.marketplace, p.price, $5, p.at, 'demo'
             FROM unnest($1::text[], $2::text[], $3::numeric[], $4::timestamptz[]) AS p(product_id, marketplace, price, at)`,
          [ids, marketplaces, prices, instants, options.currency],
        );
      await tx.query(
        `UPDATE pricing.demo_history_backfills b SET points = u.points, until_at = u.until_at
           FROM unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[]) AS u(product_id, marketplace, points, until_at)
          WHERE b.product_id = u.product_id AND b.marketplace = u.marketplace`,
        [
          perListing.map((l) => l.key.productId),
          perListing.map((l) => l.key.marketplace),
          perListing.map((l) => l.points),
          perListing.map((l) => l.until.toISOString()),
        ],
      );
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
      const claimed = await tx.query(
        `INSERT INTO pricing.demo_history_backfills (product_id, marketplace, seed, points, until_at, backfilled_at)
         VALUES ($1, $2, $3, 0, $4, $5) ON CONFLICT DO NOTHING RETURNING product_id`,
        [
          key.productId,
          key.marketplace,
          options.seed,
          options.until.toISOString(),
          options.now.toISOString(),
        ],
      );
      if (claimed.rows.length === 0) return 0;
      // The simulated past ends where the listing's real history starts.
      const first = await tx.query<{ first_at: Date | null }>(
        `SELECT min(observed_at) AS first_at FROM pricing.global_price_history
          WHERE product_id = $1 AND marketplace = $2`,
        [key.productId, key.marketplace],
      );
      const firstAt = first.rows[0]?.first_at ? new Date(first.rows[0].first_at) : undefined;
      const until = firstAt && firstAt < options.until ? firstAt : options.until;
      const points = options.points(until).filter((p) => p.at < until && p.price > 0);
      if (points.length > 0)
        await tx.query(
          `INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
           SELECT $1, $2, p.price, $3, p.at, 'demo'
             FROM unnest($4::numeric[], $5::timestamptz[]) AS p(price, at)`,
          [
            key.productId,
            key.marketplace,
            options.currency,
            points.map((p) => p.price.toFixed(2)),
            points.map((p) => p.at.toISOString()),
          ],
        );
      await tx.query(
        `UPDATE pricing.demo_history_backfills SET points = $3, until_at = $4
          WHERE product_id = $1 AND marketplace = $2`,
        [key.productId, key.marketplace, points.length, until.toISOString()],
      );
      return points.length;
    });
  }
}
