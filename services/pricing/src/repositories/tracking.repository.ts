import { Inject, Injectable } from '@nestjs/common';
import { advisoryLockId, DATABASE, sql, typedQueries, type Database, type Queryable } from '@pt/platform';
import type { ListingKey } from './price-snapshots.repository';
import type { DB } from './schema';

export interface ReasonRow extends ListingKey {
  reason: 'wishlist' | 'alert';
  ownerId: string;
  targetPrice?: number;
}

const isReason = (value: string): value is ReasonRow['reason'] => value === 'wishlist' || value === 'alert';

/** pricing.tracked_products and their reference-counted reasons (tracking_reasons). */
@Injectable()
export class TrackingRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** One tracking change per listing at a time, whatever consumer instance handles it. */
  async lockListing(tx: Queryable, key: ListingKey): Promise<void> {
    const lock = advisoryLockId(`pricing:tracking:${key.marketplace}:${key.productId}`);
    await sql`SELECT pg_advisory_xact_lock(${lock}::bigint)`.execute(typedQueries<DB>(tx));
  }

  /** Adds (or refreshes) a reason; true when the listing was not tracked before. */
  async addReason(tx: Queryable, row: ReasonRow, now: Date): Promise<boolean> {
    const typed = typedQueries<DB>(tx);
    const created = await typed
      .insertInto('pricing.tracked_products')
      .values({ product_id: row.productId, marketplace: row.marketplace, tracked_since: now })
      .onConflict((c) => c.doNothing())
      .returning('product_id')
      .execute();
    await typed
      .insertInto('pricing.tracking_reasons')
      .values({
        product_id: row.productId,
        marketplace: row.marketplace,
        reason: row.reason,
        owner_id: row.ownerId,
        target_price: row.targetPrice ?? null,
        updated_at: now,
      })
      .onConflict((c) =>
        c.columns(['product_id', 'marketplace', 'reason', 'owner_id']).doUpdateSet({
          target_price: (eb) => eb.ref('excluded.target_price'),
          updated_at: (eb) => eb.ref('excluded.updated_at'),
        }),
      )
      .execute();
    return created.length > 0;
  }

  /**
   * Removes a reason; when none is left the listing stops being tracked (its poll state goes with
   * it by cascade, its price history stays). Returns whether it is still tracked.
   */
  async removeReason(tx: Queryable, row: Omit<ReasonRow, 'targetPrice'>): Promise<boolean> {
    const typed = typedQueries<DB>(tx);
    await typed
      .deleteFrom('pricing.tracking_reasons')
      .where('product_id', '=', row.productId)
      .where('marketplace', '=', row.marketplace)
      .where('reason', '=', row.reason)
      .where('owner_id', '=', row.ownerId)
      .execute();
    const removed = await typed
      .deleteFrom('pricing.tracked_products as t')
      .where('t.product_id', '=', row.productId)
      .where('t.marketplace', '=', row.marketplace)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('pricing.tracking_reasons as r')
              .select(sql.lit(1).as('one'))
              .whereRef('r.product_id', '=', 't.product_id')
              .whereRef('r.marketplace', '=', 't.marketplace'),
          ),
        ),
      )
      .returning('t.product_id')
      .execute();
    if (removed.length > 0) return false;
    return this.isTracked(row, tx);
  }

  /** Alert targets per listing (the hourly-refresh rule needs them). */
  async alertTargets(keys: ListingKey[], q: Queryable = this.db): Promise<Map<string, number[]>> {
    const targets = new Map<string, number[]>();
    if (keys.length === 0) return targets;
    const { rows } = await sql<{ product_id: string; marketplace: string; target_price: number }>`
      SELECT r.product_id, r.marketplace, r.target_price
        FROM pricing.tracking_reasons r
        JOIN unnest(${keys.map((k) => k.productId)}::text[], ${keys.map((k) => k.marketplace)}::text[])
             AS k(product_id, marketplace)
          ON r.product_id = k.product_id AND r.marketplace = k.marketplace
       WHERE r.reason = 'alert' AND r.target_price IS NOT NULL`.execute(typedQueries<DB>(q));
    for (const r of rows) {
      const id = `${r.marketplace}:${r.product_id}`;
      targets.set(id, [...(targets.get(id) ?? []), r.target_price]);
    }
    return targets;
  }

  async reasons(key: ListingKey, q: Queryable = this.db): Promise<ReasonRow[]> {
    const rows = await typedQueries<DB>(q)
      .selectFrom('pricing.tracking_reasons')
      .select(['reason', 'owner_id', 'target_price'])
      .where('product_id', '=', key.productId)
      .where('marketplace', '=', key.marketplace)
      .orderBy('reason')
      .orderBy('owner_id')
      .execute();
    return rows.flatMap((r) =>
      // The table's CHECK allows only these two; anything else is not a reason this build knows.
      isReason(r.reason)
        ? [
            {
              ...key,
              reason: r.reason,
              ownerId: r.owner_id,
              ...(r.target_price === null ? {} : { targetPrice: r.target_price }),
            },
          ]
        : [],
    );
  }

  async isTracked(key: ListingKey, q: Queryable = this.db): Promise<boolean> {
    const row = await typedQueries<DB>(q)
      .selectFrom('pricing.tracked_products')
      .select('product_id')
      .where('product_id', '=', key.productId)
      .where('marketplace', '=', key.marketplace)
      .executeTakeFirst();
    return row !== undefined;
  }
}
