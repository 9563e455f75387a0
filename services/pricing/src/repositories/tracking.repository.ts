import { Inject, Injectable } from '@nestjs/common';
import { advisoryLockId, DATABASE, type Database, type Queryable } from '@pt/platform';
import type { ListingKey } from './price-snapshots.repository';

export interface ReasonRow extends ListingKey {
  reason: 'wishlist' | 'alert';
  ownerId: string;
  targetPrice?: number;
}

/** pricing.tracked_products and their reference-counted reasons (tracking_reasons). */
@Injectable()
export class TrackingRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** One tracking change per listing at a time, whatever consumer instance handles it. */
  async lockListing(tx: Queryable, key: ListingKey): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [
      advisoryLockId(`pricing:tracking:${key.marketplace}:${key.productId}`),
    ]);
  }

  /** Adds (or refreshes) a reason; true when the listing was not tracked before. */
  async addReason(tx: Queryable, row: ReasonRow, now: Date): Promise<boolean> {
    const created = await tx.query(
      `INSERT INTO pricing.tracked_products (product_id, marketplace, tracked_since) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING product_id`,
      [row.productId, row.marketplace, now.toISOString()],
    );
    await tx.query(
      `INSERT INTO pricing.tracking_reasons (product_id, marketplace, reason, owner_id, target_price, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (product_id, marketplace, reason, owner_id) DO UPDATE
         SET target_price = EXCLUDED.target_price, updated_at = EXCLUDED.updated_at`,
      [row.productId, row.marketplace, row.reason, row.ownerId, row.targetPrice ?? null, now.toISOString()],
    );
    return created.rows.length > 0;
  }

  /**
   * Removes a reason; when none is left the listing stops being tracked (its poll state goes with
   * it by cascade, its price history stays). Returns whether it is still tracked.
   */
  async removeReason(tx: Queryable, row: Omit<ReasonRow, 'targetPrice'>): Promise<boolean> {
    await tx.query(
      `DELETE FROM pricing.tracking_reasons WHERE product_id = $1 AND marketplace = $2 AND reason = $3 AND owner_id = $4`,
      [row.productId, row.marketplace, row.reason, row.ownerId],
    );
    const removed = await tx.query(
      `DELETE FROM pricing.tracked_products t
        WHERE t.product_id = $1 AND t.marketplace = $2
          AND NOT EXISTS (SELECT 1 FROM pricing.tracking_reasons r WHERE r.product_id = t.product_id AND r.marketplace = t.marketplace)
       RETURNING t.product_id`,
      [row.productId, row.marketplace],
    );
    if (removed.rows.length > 0) return false;
    const still = await tx.query(
      `SELECT 1 FROM pricing.tracked_products WHERE product_id = $1 AND marketplace = $2`,
      [row.productId, row.marketplace],
    );
    return still.rows.length > 0;
  }

  /** Alert targets per listing (the hourly-refresh rule needs them). */
  async alertTargets(keys: ListingKey[], q: Queryable = this.db): Promise<Map<string, number[]>> {
    const targets = new Map<string, number[]>();
    if (keys.length === 0) return targets;
    const { rows } = await q.query<{ product_id: string; marketplace: string; target_price: number }>(
      `SELECT r.product_id, r.marketplace, r.target_price
         FROM pricing.tracking_reasons r
         JOIN unnest($1::text[], $2::text[]) AS k(product_id, marketplace)
           ON r.product_id = k.product_id AND r.marketplace = k.marketplace
        WHERE r.reason = 'alert' AND r.target_price IS NOT NULL`,
      [keys.map((k) => k.productId), keys.map((k) => k.marketplace)],
    );
    for (const r of rows) {
      const id = `${r.marketplace}:${r.product_id}`;
      targets.set(id, [...(targets.get(id) ?? []), Number(r.target_price)]);
    }
    return targets;
  }

  async reasons(key: ListingKey, q: Queryable = this.db): Promise<ReasonRow[]> {
    const { rows } = await q.query<{
      reason: 'wishlist' | 'alert';
      owner_id: string;
      target_price: number | null;
    }>(
      `SELECT reason, owner_id, target_price FROM pricing.tracking_reasons WHERE product_id = $1 AND marketplace = $2 ORDER BY reason, owner_id`,
      [key.productId, key.marketplace],
    );
    return rows.map((r) => ({
      ...key,
      reason: r.reason,
      ownerId: r.owner_id,
      ...(r.target_price === null ? {} : { targetPrice: Number(r.target_price) }),
    }));
  }

  async isTracked(key: ListingKey, q: Queryable = this.db): Promise<boolean> {
    const { rows } = await q.query(
      `SELECT 1 FROM pricing.tracked_products WHERE product_id = $1 AND marketplace = $2`,
      [key.productId, key.marketplace],
    );
    return rows.length > 0;
  }
}
