import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database, type Queryable } from '@pt/platform';
import type { PricePoint } from '../services/price-insights';
import type { CurrentPrice, ListingKey } from './price-snapshots.repository';

interface PointRow {
  observed_at: Date;
  price: number;
  currency: string;
}

const toPoint =
  (source: PricePoint['source']) =>
  (r: PointRow): PricePoint => ({
    at: new Date(r.observed_at),
    price: Number(r.price),
    currency: r.currency,
    source,
  });

/** A global snapshot with the listing it belongs to (the §7 debug read). */
type GlobalPointRow = PointRow & { product_id: string; marketplace: string; source: string };

/** Reads of spec §7 get_combined_price_history: global snapshots and one user's own. */
@Injectable()
export class PriceHistoryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Global snapshots since `since` (the whole history when null). */
  async globalPoints(key: ListingKey, since: Date | null): Promise<PricePoint[]> {
    const { rows } = await this.db.query<PointRow & { source: string }>(
      `SELECT observed_at, price, currency, source FROM pricing.global_price_history
        WHERE product_id = $1 AND marketplace = $2 AND ($3::timestamptz IS NULL OR observed_at >= $3)
        ORDER BY observed_at, id`,
      [key.productId, key.marketplace, since?.toISOString() ?? null],
    );
    // A demo listing's simulated past says so (the web app labels it as demo data).
    return rows.map((r) => toPoint(r.source === 'demo' ? 'demo' : 'global')(r));
  }

  async personalPoints(key: ListingKey, userId: string, since: Date | null): Promise<PricePoint[]> {
    const { rows } = await this.db.query<PointRow>(
      `SELECT observed_at, price, currency FROM pricing.price_history
        WHERE user_id = $1 AND product_id = $2 AND marketplace = $3
          AND ($4::timestamptz IS NULL OR observed_at >= $4)
        ORDER BY observed_at, id`,
      [userId, key.productId, key.marketplace, since?.toISOString() ?? null],
    );
    return rows.map(toPoint('personal'));
  }

  /**
   * When the listing's history in `currency` starts and ends, over the global snapshots and the
   * user's own rows; nulls without any.
   */
  async bounds(
    key: ListingKey,
    currency: string,
    userId?: string,
  ): Promise<{ firstAt: Date | null; lastAt: Date | null }> {
    const { rows } = await this.db.query<{ first_at: Date | null; last_at: Date | null }>(
      `SELECT min(observed_at) AS first_at, max(observed_at) AS last_at FROM (
         SELECT observed_at FROM pricing.global_price_history
          WHERE product_id = $1 AND marketplace = $2 AND currency = $3
         UNION ALL
         SELECT observed_at FROM pricing.price_history
          WHERE $4::text IS NOT NULL AND user_id = $4 AND product_id = $1 AND marketplace = $2 AND currency = $3
       ) h`,
      [key.productId, key.marketplace, currency, userId ?? null],
    );
    const r = rows[0];
    return {
      firstAt: r?.first_at ? new Date(r.first_at) : null,
      lastAt: r?.last_at ? new Date(r.last_at) : null,
    };
  }

  /** The listing's latest snapshot; undefined until one was stored. */
  async current(key: ListingKey, q: Queryable = this.db): Promise<CurrentPrice | undefined> {
    const { rows } = await q.query<{
      price: number;
      currency: string;
      recorded_at: Date;
      available: boolean;
    }>(
      `SELECT price, currency, recorded_at, available FROM pricing.current_prices
        WHERE product_id = $1 AND marketplace = $2 AND recorded_at IS NOT NULL`,
      [key.productId, key.marketplace],
    );
    const r = rows[0];
    return r
      ? {
          ...key,
          price: Number(r.price),
          currency: r.currency,
          recordedAt: new Date(r.recorded_at),
          available: r.available,
        }
      : undefined;
  }

  /**
   * Spec §7's debug read: the newest `limit` global snapshots of any of the listings, newest first
   * (by product_id as the spec selects, so every marketplace's rows of that id are candidates).
   */
  async latestGlobal(candidates: readonly ListingKey[], limit: number): Promise<GlobalPointRow[]> {
    if (candidates.length === 0) return [];
    const { rows } = await this.db.query<GlobalPointRow>(
      `SELECT g.product_id, g.marketplace, g.price, g.currency, g.observed_at, g.source
         FROM pricing.global_price_history g
         JOIN unnest($1::text[], $2::text[]) AS k(product_id, marketplace)
           ON g.product_id = k.product_id AND g.marketplace = k.marketplace
        ORDER BY g.observed_at DESC, g.id DESC LIMIT $3`,
      [candidates.map((k) => k.productId), candidates.map((k) => k.marketplace), limit],
    );
    return rows;
  }

  /** Of several candidate listings (an id whose marketplace is ambiguous), the one with the newest price. */
  async newestOf(candidates: ListingKey[]): Promise<ListingKey | undefined> {
    if (candidates.length === 0) return undefined;
    const { rows } = await this.db.query<{ product_id: string; marketplace: string }>(
      `SELECT c.product_id, c.marketplace FROM pricing.current_prices c
         JOIN unnest($1::text[], $2::text[]) AS k(product_id, marketplace)
           ON c.product_id = k.product_id AND c.marketplace = k.marketplace
        WHERE c.recorded_at IS NOT NULL
        ORDER BY c.recorded_at DESC LIMIT 1`,
      [candidates.map((k) => k.productId), candidates.map((k) => k.marketplace)],
    );
    return rows[0] ? { productId: rows[0].product_id, marketplace: rows[0].marketplace } : undefined;
  }
}
