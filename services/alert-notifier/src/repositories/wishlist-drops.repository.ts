import { Injectable } from '@nestjs/common';
import type { MarketplaceId } from '@pt/domain';
import type { Queryable } from '@pt/platform';

export interface WishlistDropRow {
  id: string;
  userId: string;
  itemId: string;
  productId: string;
  marketplace: MarketplaceId;
  productTitle: string;
  oldPrice: number;
  newPrice: number;
  currency: string;
  observedAt: Date;
}

const T = 'alert_notifier.wishlist_drops';

/** Wishlist items' price drops, per user, for the private feed. */
@Injectable()
export class WishlistDropsRepository {
  /** Adds the drop (once per event id) and keeps only the user's newest `keep`. */
  async add(db: Queryable, drop: WishlistDropRow, keep: number): Promise<void> {
    await db.query(
      `INSERT INTO ${T} (id, user_id, item_id, product_id, marketplace, product_title, old_price, new_price, currency, observed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
      [
        drop.id,
        drop.userId,
        drop.itemId,
        drop.productId,
        drop.marketplace,
        drop.productTitle,
        drop.oldPrice,
        drop.newPrice,
        drop.currency,
        drop.observedAt,
      ],
    );
    await db.query(
      `DELETE FROM ${T} WHERE user_id = $1 AND id NOT IN (
         SELECT id FROM ${T} WHERE user_id = $1 ORDER BY observed_at DESC, id LIMIT $2)`,
      [drop.userId, keep],
    );
  }

  async listByUser(db: Queryable, userId: string, limit: number): Promise<WishlistDropRow[]> {
    const { rows } = await db.query<WishlistDropRow>(
      `SELECT id, user_id AS "userId", item_id AS "itemId", product_id AS "productId", marketplace,
         product_title AS "productTitle", old_price AS "oldPrice", new_price AS "newPrice", currency,
         observed_at AS "observedAt"
       FROM ${T} WHERE user_id = $1 ORDER BY observed_at DESC, id LIMIT $2`,
      [userId, limit],
    );
    return rows.map((r) => ({ ...r, oldPrice: Number(r.oldPrice), newPrice: Number(r.newPrice) }));
  }

  async deleteByUser(db: Queryable, userId: string): Promise<void> {
    await db.query(`DELETE FROM ${T} WHERE user_id = $1`, [userId]);
  }
}
