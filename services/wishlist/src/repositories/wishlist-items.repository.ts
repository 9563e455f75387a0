import { Inject, Injectable } from '@nestjs/common';
import type { MarketplaceId } from '@pt/domain';
import { DATABASE, sql, typedQueries, type Database, type Queryable, type Selectable } from '@pt/platform';
import type { DB, WishlistItemsTable } from './schema';

/** One stored item: the §3 columns, the product snapshot and the §9 summary. */
export interface ItemRow {
  id: string;
  wishlistId: string;
  userId: string;
  /** The listing key "marketplace:listingId". */
  productId: string;
  marketplace: MarketplaceId;
  addedAt: Date;
  trackingSince: Date;
  notes: string | null;
  priceAlert: boolean;
  targetPrice: number | null;
  position: number;
  title: string;
  price: number;
  currency: string;
  image: string | null;
  url: string | null;
  source: string | null;
  shipping: string | null;
  rating: number | null;
  reviews: number | null;
  priceWhenAdded: number;
  lowestPrice: number;
  highestPrice: number;
  currentSavings: number;
  potentialSavings: number;
  priceObservedAt: Date;
}

const toItem = (r: Selectable<WishlistItemsTable>): ItemRow => ({
  id: r.id,
  wishlistId: r.wishlist_id,
  userId: r.user_id,
  productId: r.product_id,
  // Written from a MarketplaceId by insert below; the column itself is plain text.
  marketplace: r.marketplace as MarketplaceId,
  addedAt: r.added_at,
  trackingSince: r.tracking_since,
  notes: r.notes,
  priceAlert: r.price_alert,
  targetPrice: r.target_price,
  position: r.position,
  title: r.title,
  price: r.price,
  currency: r.currency,
  image: r.image,
  url: r.url,
  source: r.source,
  shipping: r.shipping,
  rating: r.rating,
  reviews: r.reviews,
  priceWhenAdded: r.price_when_added,
  lowestPrice: r.lowest_price,
  highestPrice: r.highest_price,
  currentSavings: r.current_savings,
  potentialSavings: r.potential_savings,
  priceObservedAt: r.price_observed_at,
});

export interface PricePoint {
  observedAt: Date;
  price: number;
}

/** wishlist.wishlist_items and their price points; every query is scoped by user or list. */
@Injectable()
export class WishlistItemsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The items in display order: by position, then oldest first, then by id (a stable order). */
  private items(q: Queryable) {
    return typedQueries<DB>(q)
      .selectFrom('wishlist.wishlist_items')
      .selectAll()
      .orderBy('position')
      .orderBy('added_at')
      .orderBy('id');
  }

  async itemsOfUser(userId: string, q: Queryable = this.db): Promise<ItemRow[]> {
    const rows = await this.items(q).where('user_id', '=', userId).execute();
    return rows.map(toItem);
  }

  async itemsOfList(wishlistId: string, q: Queryable = this.db): Promise<ItemRow[]> {
    const rows = await this.items(q).where('wishlist_id', '=', wishlistId).execute();
    return rows.map(toItem);
  }

  async find(userId: string, id: string, q: Queryable = this.db): Promise<ItemRow | undefined> {
    const row = await typedQueries<DB>(q)
      .selectFrom('wishlist.wishlist_items')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? toItem(row) : undefined;
  }

  async findInList(
    wishlistId: string,
    productId: string,
    q: Queryable = this.db,
  ): Promise<ItemRow | undefined> {
    const row = await typedQueries<DB>(q)
      .selectFrom('wishlist.wishlist_items')
      .selectAll()
      .where('wishlist_id', '=', wishlistId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return row ? toItem(row) : undefined;
  }

  /** Items of a listing, locked: price events for one listing apply one at a time. */
  async lockByListing(tx: Queryable, productId: string): Promise<ItemRow[]> {
    const rows = await typedQueries<DB>(tx)
      .selectFrom('wishlist.wishlist_items')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.map(toItem);
  }

  async count(tx: Queryable, wishlistId: string): Promise<number> {
    const row = await typedQueries<DB>(tx)
      .selectFrom('wishlist.wishlist_items')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('wishlist_id', '=', wishlistId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async nextPosition(tx: Queryable, wishlistId: string): Promise<number> {
    const row = await typedQueries<DB>(tx)
      .selectFrom('wishlist.wishlist_items')
      .select(sql`COALESCE(MAX(position) + 1, 0)`.as('next'))
      .where('wishlist_id', '=', wishlistId)
      .executeTakeFirst();
    return Number(row?.next ?? 0);
  }

  async insert(tx: Queryable, item: ItemRow): Promise<void> {
    await typedQueries<DB>(tx)
      .insertInto('wishlist.wishlist_items')
      .values({
        id: item.id,
        wishlist_id: item.wishlistId,
        user_id: item.userId,
        product_id: item.productId,
        marketplace: item.marketplace,
        added_at: item.addedAt.toISOString(),
        tracking_since: item.trackingSince.toISOString(),
        notes: item.notes,
        price_alert: item.priceAlert,
        target_price: item.targetPrice,
        position: item.position,
        title: item.title,
        price: item.price,
        currency: item.currency,
        image: item.image,
        url: item.url,
        source: item.source,
        shipping: item.shipping,
        rating: item.rating,
        reviews: item.reviews,
        price_when_added: item.priceWhenAdded,
        lowest_price: item.lowestPrice,
        highest_price: item.highestPrice,
        current_savings: item.currentSavings,
        potential_savings: item.potentialSavings,
        price_observed_at: item.priceObservedAt.toISOString(),
      })
      .execute();
  }

  /** Writes the mutable fields of an item (list, note, alert, position, price and summary). */
  async update(tx: Queryable, item: ItemRow): Promise<void> {
    await typedQueries<DB>(tx)
      .updateTable('wishlist.wishlist_items')
      .set({
        wishlist_id: item.wishlistId,
        notes: item.notes,
        price_alert: item.priceAlert,
        target_price: item.targetPrice,
        position: item.position,
        price: item.price,
        currency: item.currency,
        price_when_added: item.priceWhenAdded,
        lowest_price: item.lowestPrice,
        highest_price: item.highestPrice,
        current_savings: item.currentSavings,
        potential_savings: item.potentialSavings,
        price_observed_at: item.priceObservedAt.toISOString(),
        tracking_since: item.trackingSince.toISOString(),
      })
      .where('id', '=', item.id)
      .execute();
  }

  async delete(tx: Queryable, userId: string, id: string): Promise<void> {
    await typedQueries<DB>(tx)
      .deleteFrom('wishlist.wishlist_items')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Positions become 0..n-1 in the given order (one statement: all or nothing). */
  async setOrder(tx: Queryable, wishlistId: string, orderedIds: readonly string[]): Promise<void> {
    if (orderedIds.length === 0) return;
    await sql`
      UPDATE wishlist.wishlist_items i SET position = o.position
        FROM (SELECT id, (ord - 1)::int AS position
                FROM unnest(${orderedIds}::uuid[]) WITH ORDINALITY AS t(id, ord)) o
       WHERE i.id = o.id AND i.wishlist_id = ${wishlistId}`.execute(typedQueries<DB>(tx));
  }

  /** Adds a price point; false when one of that time is already there (a redelivered price). */
  async addPrice(tx: Queryable, itemId: string, point: PricePoint): Promise<boolean> {
    const rows = await typedQueries<DB>(tx)
      .insertInto('wishlist.wishlist_item_prices')
      .values({ item_id: itemId, observed_at: point.observedAt.toISOString(), price: point.price })
      .onConflict((c) => c.doNothing())
      .returning('item_id')
      .execute();
    return rows.length > 0;
  }

  async clearPrices(tx: Queryable, itemId: string): Promise<void> {
    await typedQueries<DB>(tx)
      .deleteFrom('wishlist.wishlist_item_prices')
      .where('item_id', '=', itemId)
      .execute();
  }

  /** Price points per item, oldest first. */
  async prices(itemIds: readonly string[], q: Queryable = this.db): Promise<Map<string, PricePoint[]>> {
    const byItem = new Map<string, PricePoint[]>();
    if (itemIds.length === 0) return byItem;
    const rows = await typedQueries<DB>(q)
      .selectFrom('wishlist.wishlist_item_prices')
      .select(['item_id', 'observed_at', 'price'])
      .where(sql<boolean>`item_id = ANY(${itemIds}::uuid[])`)
      .orderBy('item_id')
      .orderBy('observed_at')
      .execute();
    for (const r of rows) {
      const list = byItem.get(r.item_id) ?? [];
      list.push({ observedAt: r.observed_at, price: r.price });
      byItem.set(r.item_id, list);
    }
    return byItem;
  }
}
