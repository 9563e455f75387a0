import { Inject, Injectable } from '@nestjs/common';
import type { MarketplaceId } from '@pt/domain';
import { DATABASE, type Database, type Queryable } from '@pt/platform';

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

type Raw = Record<string, unknown>;
const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

const toItem = (r: Raw): ItemRow => ({
  id: String(r.id),
  wishlistId: String(r.wishlist_id),
  userId: String(r.user_id),
  productId: String(r.product_id),
  marketplace: r.marketplace as MarketplaceId,
  addedAt: new Date(r.added_at as string),
  trackingSince: new Date(r.tracking_since as string),
  notes: strOrNull(r.notes),
  priceAlert: Boolean(r.price_alert),
  targetPrice: numOrNull(r.target_price),
  position: num(r.position),
  title: String(r.title),
  price: num(r.price),
  currency: String(r.currency),
  image: strOrNull(r.image),
  url: strOrNull(r.url),
  source: strOrNull(r.source),
  shipping: strOrNull(r.shipping),
  rating: numOrNull(r.rating),
  reviews: numOrNull(r.reviews),
  priceWhenAdded: num(r.price_when_added),
  lowestPrice: num(r.lowest_price),
  highestPrice: num(r.highest_price),
  currentSavings: num(r.current_savings),
  potentialSavings: num(r.potential_savings),
  priceObservedAt: new Date(r.price_observed_at as string),
});

const ORDER = 'ORDER BY position, added_at, id';

export interface PricePoint {
  observedAt: Date;
  price: number;
}

/** wishlist.wishlist_items and their price points; every query is scoped by user or list. */
@Injectable()
export class WishlistItemsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async itemsOfUser(userId: string, q: Queryable = this.db): Promise<ItemRow[]> {
    const { rows } = await q.query<Raw>(`SELECT * FROM wishlist.wishlist_items WHERE user_id = $1 ${ORDER}`, [
      userId,
    ]);
    return rows.map(toItem);
  }

  async itemsOfList(wishlistId: string, q: Queryable = this.db): Promise<ItemRow[]> {
    const { rows } = await q.query<Raw>(
      `SELECT * FROM wishlist.wishlist_items WHERE wishlist_id = $1 ${ORDER}`,
      [wishlistId],
    );
    return rows.map(toItem);
  }

  async find(userId: string, id: string, q: Queryable = this.db): Promise<ItemRow | undefined> {
    const { rows } = await q.query<Raw>(
      `SELECT * FROM wishlist.wishlist_items WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return rows[0] ? toItem(rows[0]) : undefined;
  }

  async findInList(
    wishlistId: string,
    productId: string,
    q: Queryable = this.db,
  ): Promise<ItemRow | undefined> {
    const { rows } = await q.query<Raw>(
      `SELECT * FROM wishlist.wishlist_items WHERE wishlist_id = $1 AND product_id = $2`,
      [wishlistId, productId],
    );
    return rows[0] ? toItem(rows[0]) : undefined;
  }

  /** Items of a listing, locked: price events for one listing apply one at a time. */
  async lockByListing(tx: Queryable, productId: string): Promise<ItemRow[]> {
    const { rows } = await tx.query<Raw>(
      `SELECT * FROM wishlist.wishlist_items WHERE product_id = $1 ORDER BY id FOR UPDATE`,
      [productId],
    );
    return rows.map(toItem);
  }

  async count(tx: Queryable, wishlistId: string): Promise<number> {
    const { rows } = await tx.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM wishlist.wishlist_items WHERE wishlist_id = $1`,
      [wishlistId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async nextPosition(tx: Queryable, wishlistId: string): Promise<number> {
    const { rows } = await tx.query<{ next: number | string }>(
      `SELECT COALESCE(MAX(position) + 1, 0) AS next FROM wishlist.wishlist_items WHERE wishlist_id = $1`,
      [wishlistId],
    );
    return Number(rows[0]?.next ?? 0);
  }

  async insert(tx: Queryable, item: ItemRow): Promise<void> {
    await tx.query(
      `INSERT INTO wishlist.wishlist_items (
         id, wishlist_id, user_id, product_id, marketplace, added_at, tracking_since, notes, price_alert,
         target_price, position, title, price, currency, image, url, source, shipping, rating, reviews,
         price_when_added, lowest_price, highest_price, current_savings, potential_savings, price_observed_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26)`,
      [
        item.id,
        item.wishlistId,
        item.userId,
        item.productId,
        item.marketplace,
        item.addedAt.toISOString(),
        item.trackingSince.toISOString(),
        item.notes,
        item.priceAlert,
        item.targetPrice,
        item.position,
        item.title,
        item.price,
        item.currency,
        item.image,
        item.url,
        item.source,
        item.shipping,
        item.rating,
        item.reviews,
        item.priceWhenAdded,
        item.lowestPrice,
        item.highestPrice,
        item.currentSavings,
        item.potentialSavings,
        item.priceObservedAt.toISOString(),
      ],
    );
  }

  /** Writes the mutable fields of an item (list, note, alert, position, price and summary). */
  async update(tx: Queryable, item: ItemRow): Promise<void> {
    await tx.query(
      `UPDATE wishlist.wishlist_items SET
         wishlist_id = $2, notes = $3, price_alert = $4, target_price = $5, position = $6, price = $7,
         currency = $8, price_when_added = $9, lowest_price = $10, highest_price = $11,
         current_savings = $12, potential_savings = $13, price_observed_at = $14, tracking_since = $15
       WHERE id = $1`,
      [
        item.id,
        item.wishlistId,
        item.notes,
        item.priceAlert,
        item.targetPrice,
        item.position,
        item.price,
        item.currency,
        item.priceWhenAdded,
        item.lowestPrice,
        item.highestPrice,
        item.currentSavings,
        item.potentialSavings,
        item.priceObservedAt.toISOString(),
        item.trackingSince.toISOString(),
      ],
    );
  }

  async delete(tx: Queryable, userId: string, id: string): Promise<void> {
    await tx.query(`DELETE FROM wishlist.wishlist_items WHERE id = $1 AND user_id = $2`, [id, userId]);
  }

  /** Positions become 0..n-1 in the given order (one statement: all or nothing). */
  async setOrder(tx: Queryable, wishlistId: string, orderedIds: readonly string[]): Promise<void> {
    if (orderedIds.length === 0) return;
    await tx.query(
      `UPDATE wishlist.wishlist_items i SET position = o.position
         FROM (SELECT id, (ord - 1)::int AS position FROM unnest($2::uuid[]) WITH ORDINALITY AS t(id, ord)) o
        WHERE i.id = o.id AND i.wishlist_id = $1`,
      [wishlistId, orderedIds],
    );
  }

  /** Adds a price point; false when one of that time is already there (a redelivered price). */
  async addPrice(tx: Queryable, itemId: string, point: PricePoint): Promise<boolean> {
    const { rows } = await tx.query(
      `INSERT INTO wishlist.wishlist_item_prices (item_id, observed_at, price) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING item_id`,
      [itemId, point.observedAt.toISOString(), point.price],
    );
    return rows.length > 0;
  }

  async clearPrices(tx: Queryable, itemId: string): Promise<void> {
    await tx.query(`DELETE FROM wishlist.wishlist_item_prices WHERE item_id = $1`, [itemId]);
  }

  /** Price points per item, oldest first. */
  async prices(itemIds: readonly string[], q: Queryable = this.db): Promise<Map<string, PricePoint[]>> {
    const byItem = new Map<string, PricePoint[]>();
    if (itemIds.length === 0) return byItem;
    const { rows } = await q.query<{ item_id: string; observed_at: Date | string; price: number | string }>(
      `SELECT item_id, observed_at, price FROM wishlist.wishlist_item_prices
        WHERE item_id = ANY($1::uuid[]) ORDER BY item_id, observed_at`,
      [itemIds],
    );
    for (const r of rows) {
      const list = byItem.get(r.item_id) ?? [];
      list.push({ observedAt: new Date(r.observed_at), price: Number(r.price) });
      byItem.set(r.item_id, list);
    }
    return byItem;
  }
}
