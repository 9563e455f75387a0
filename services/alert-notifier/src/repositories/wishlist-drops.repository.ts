import { Injectable } from '@nestjs/common';
import type { MarketplaceId } from '@pt/domain';
import { typedQueries, type Queryable } from '@pt/platform';
import type { DB } from './schema';

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
    const typed = typedQueries<DB>(db);
    await typed
      .insertInto(T)
      .values({
        id: drop.id,
        user_id: drop.userId,
        item_id: drop.itemId,
        product_id: drop.productId,
        marketplace: drop.marketplace,
        product_title: drop.productTitle,
        old_price: drop.oldPrice,
        new_price: drop.newPrice,
        currency: drop.currency,
        observed_at: drop.observedAt,
      })
      .onConflict((c) => c.column('id').doNothing())
      .execute();
    await typed
      .deleteFrom(T)
      .where('user_id', '=', drop.userId)
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom(T)
          .select('id')
          .where('user_id', '=', drop.userId)
          .orderBy('observed_at', 'desc')
          .orderBy('id')
          .limit(keep),
      )
      .execute();
  }

  async listByUser(db: Queryable, userId: string, limit: number): Promise<WishlistDropRow[]> {
    const rows = await typedQueries<DB>(db)
      .selectFrom(T)
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('observed_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      itemId: r.item_id,
      productId: r.product_id,
      // Written from wishlist events, which name marketplaces this build knows.
      marketplace: r.marketplace as MarketplaceId,
      productTitle: r.product_title,
      oldPrice: r.old_price,
      newPrice: r.new_price,
      currency: r.currency,
      observedAt: r.observed_at,
    }));
  }

  async deleteByUser(db: Queryable, userId: string): Promise<void> {
    await typedQueries<DB>(db).deleteFrom(T).where('user_id', '=', userId).execute();
  }
}
