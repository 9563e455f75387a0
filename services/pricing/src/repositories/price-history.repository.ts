import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, sql, typedQueries, type Database, type Queryable, type Selectable } from '@pt/platform';
import type { PricePoint } from '../services/price-insights';
import type { CurrentPrice, ListingKey } from './price-snapshots.repository';
import type { DB, GlobalPriceHistoryTable } from './schema';

interface PointRow {
  observed_at: Date;
  price: number;
  currency: string;
}

const toPoint =
  (source: PricePoint['source']) =>
  (r: PointRow): PricePoint => ({ at: r.observed_at, price: r.price, currency: r.currency, source });

/** A global snapshot with the listing it belongs to (the §7 debug read). */
type GlobalPointRow = Omit<Selectable<GlobalPriceHistoryTable>, 'id'>;

/** Reads of spec §7 get_combined_price_history: global snapshots and one user's own. */
@Injectable()
export class PriceHistoryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Global snapshots since `since` (the whole history when null). */
  async globalPoints(key: ListingKey, since: Date | null): Promise<PricePoint[]> {
    let query = typedQueries<DB>(this.db)
      .selectFrom('pricing.global_price_history')
      .select(['observed_at', 'price', 'currency', 'source'])
      .where('product_id', '=', key.productId)
      .where('marketplace', '=', key.marketplace);
    if (since) query = query.where('observed_at', '>=', since);
    const rows = await query.orderBy('observed_at').orderBy('id').execute();
    // A demo listing's simulated past says so (the web app labels it as demo data).
    return rows.map((r) => toPoint(r.source === 'demo' ? 'demo' : 'global')(r));
  }

  async personalPoints(key: ListingKey, userId: string, since: Date | null): Promise<PricePoint[]> {
    let query = typedQueries<DB>(this.db)
      .selectFrom('pricing.price_history')
      .select(['observed_at', 'price', 'currency'])
      .where('user_id', '=', userId)
      .where('product_id', '=', key.productId)
      .where('marketplace', '=', key.marketplace);
    if (since) query = query.where('observed_at', '>=', since);
    const rows = await query.orderBy('observed_at').orderBy('id').execute();
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
    const { rows } = await sql<{ firstAt: Date | null; lastAt: Date | null }>`
      SELECT min(observed_at) AS "firstAt", max(observed_at) AS "lastAt" FROM (
        SELECT observed_at FROM pricing.global_price_history
         WHERE product_id = ${key.productId} AND marketplace = ${key.marketplace} AND currency = ${currency}
        UNION ALL
        SELECT observed_at FROM pricing.price_history
         WHERE ${userId ?? null}::text IS NOT NULL AND user_id = ${userId ?? null}
           AND product_id = ${key.productId} AND marketplace = ${key.marketplace} AND currency = ${currency}
      ) h`.execute(typedQueries<DB>(this.db));
    return rows[0] ?? { firstAt: null, lastAt: null };
  }

  /** The listing's latest snapshot; undefined until one was stored. */
  async current(key: ListingKey, q: Queryable = this.db): Promise<CurrentPrice | undefined> {
    const r = await typedQueries<DB>(q)
      .selectFrom('pricing.current_prices')
      .select(['price', 'currency', 'recorded_at', 'available'])
      .where('product_id', '=', key.productId)
      .where('marketplace', '=', key.marketplace)
      .where('recorded_at', 'is not', null)
      .executeTakeFirst();
    // A row holds its price and currency from its first snapshot on (recorded_at set with them).
    if (!r || r.price === null || r.currency === null || r.recorded_at === null) return undefined;
    return {
      ...key,
      price: r.price,
      currency: r.currency,
      recordedAt: r.recorded_at,
      available: r.available,
    };
  }

  /**
   * Spec §7's debug read: the newest `limit` global snapshots of any of the listings, newest first
   * (by product_id as the spec selects, so every marketplace's rows of that id are candidates).
   */
  async latestGlobal(candidates: readonly ListingKey[], limit: number): Promise<GlobalPointRow[]> {
    if (candidates.length === 0) return [];
    const { rows } = await sql<GlobalPointRow>`
      SELECT g.product_id, g.marketplace, g.price, g.currency, g.observed_at, g.source
        FROM pricing.global_price_history g
        JOIN unnest(${candidates.map((k) => k.productId)}::text[], ${candidates.map((k) => k.marketplace)}::text[])
             AS k(product_id, marketplace)
          ON g.product_id = k.product_id AND g.marketplace = k.marketplace
       ORDER BY g.observed_at DESC, g.id DESC LIMIT ${limit}`.execute(typedQueries<DB>(this.db));
    return rows;
  }

  /** Of several candidate listings (an id whose marketplace is ambiguous), the one with the newest price. */
  async newestOf(candidates: ListingKey[]): Promise<ListingKey | undefined> {
    if (candidates.length === 0) return undefined;
    const { rows } = await sql<ListingKey>`
      SELECT c.product_id AS "productId", c.marketplace FROM pricing.current_prices c
        JOIN unnest(${candidates.map((k) => k.productId)}::text[], ${candidates.map((k) => k.marketplace)}::text[])
             AS k(product_id, marketplace)
          ON c.product_id = k.product_id AND c.marketplace = k.marketplace
       WHERE c.recorded_at IS NOT NULL
       ORDER BY c.recorded_at DESC LIMIT 1`.execute(typedQueries<DB>(this.db));
    return rows[0];
  }
}
