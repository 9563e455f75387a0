import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database, type Queryable } from '@pt/platform';

/** A listing: the unit of dedupe, locking, polling and ordering. */
export interface ListingKey {
  productId: string;
  marketplace: string;
}

export interface CurrentPrice extends ListingKey {
  price: number;
  currency: string;
  recordedAt: Date;
  available: boolean;
}

/** A listing's row as the recorder sees it: its latest snapshot, if any yet. */
export interface CurrentState extends ListingKey {
  snapshot: { price: number; currency: string; recordedAt: Date } | null;
  available: boolean;
}

export interface SnapshotRow extends ListingKey {
  price: number;
  currency: string;
  observedAt: Date;
  source: string;
}

export interface PersonalRow extends SnapshotRow {
  userId: string;
  eventId: string;
}

export const listingId = (key: ListingKey): string => `${key.marketplace}:${key.productId}`;

/**
 * Writes of the recorder: global snapshots, personal rows and the current price per listing, in
 * set-based statements (one per table per batch) so a batch of observations costs a handful of
 * round trips. Every method takes the caller's transaction.
 */
@Injectable()
export class PriceSnapshotsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Locks the listings' current_prices rows for the rest of the transaction and returns them: whoever
   * holds a listing's row decides alone, so concurrent recorders never both store a snapshot inside
   * the window. Rows are locked in key order, so two batches cannot deadlock on each other. A
   * listing without a row gets an empty one first (ON CONFLICT waits for a concurrent creator).
   */
  async lockCurrent(tx: Queryable, keys: ListingKey[]): Promise<Map<string, CurrentState>> {
    const sorted = [...keys].sort((a, b) => compare(a.productId, b.productId) || compare(a.marketplace, b.marketplace));
    const found = await this.selectForUpdate(tx, sorted);
    const missing = sorted.filter((k) => !found.has(listingId(k)));
    if (missing.length > 0) {
      await tx.query(
        `INSERT INTO pricing.current_prices (product_id, marketplace)
         SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
        [missing.map((k) => k.productId), missing.map((k) => k.marketplace)],
      );
      for (const [id, row] of await this.selectForUpdate(tx, missing)) found.set(id, row);
    }
    return found;
  }

  private async selectForUpdate(tx: Queryable, keys: ListingKey[]): Promise<Map<string, CurrentState>> {
    const { rows } = await tx.query<{
      product_id: string;
      marketplace: string;
      price: number | null;
      currency: string | null;
      recorded_at: Date | null;
      available: boolean;
    }>(
      `SELECT c.product_id, c.marketplace, c.price, c.currency, c.recorded_at, c.available
         FROM pricing.current_prices c
         JOIN unnest($1::text[], $2::text[]) AS k(product_id, marketplace)
           ON c.product_id = k.product_id AND c.marketplace = k.marketplace
        ORDER BY c.product_id, c.marketplace
          FOR UPDATE OF c`,
      [keys.map((k) => k.productId), keys.map((k) => k.marketplace)],
    );
    return new Map(
      rows.map((r) => [
        listingId({ productId: r.product_id, marketplace: r.marketplace }),
        {
          productId: r.product_id,
          marketplace: r.marketplace,
          snapshot:
            r.price === null || r.currency === null || r.recorded_at === null
              ? null
              : { price: Number(r.price), currency: r.currency, recordedAt: new Date(r.recorded_at) },
          available: r.available,
        },
      ]),
    );
  }

  async insertGlobal(tx: Queryable, rows: SnapshotRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
       SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[], $4::text[], $5::timestamptz[], $6::text[])`,
      snapshotColumns(rows),
    );
  }

  async insertPersonal(tx: Queryable, rows: PersonalRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO pricing.price_history (product_id, marketplace, price, currency, observed_at, user_id, event_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[], $4::text[], $5::timestamptz[], $6::text[], $7::uuid[])
       ON CONFLICT (event_id) DO NOTHING`,
      [...snapshotColumns(rows).slice(0, 5), rows.map((r) => r.userId), rows.map((r) => r.eventId)],
    );
  }

  /** The latest stored snapshot becomes the listing's current price (its row is locked and exists). */
  async updateCurrent(tx: Queryable, rows: SnapshotRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.query(
      `UPDATE pricing.current_prices c
          SET price = t.price, currency = t.currency, recorded_at = t.recorded_at, available = true, unavailable_since = NULL
         FROM unnest($1::text[], $2::text[], $3::numeric[], $4::text[], $5::timestamptz[]) AS t(product_id, marketplace, price, currency, recorded_at)
        WHERE c.product_id = t.product_id AND c.marketplace = t.marketplace`,
      snapshotColumns(rows).slice(0, 5),
    );
  }

  /** A deduplicated observation of a listing marked unavailable shows it is back on sale. */
  async markAvailable(tx: Queryable, keys: ListingKey[]): Promise<void> {
    if (keys.length === 0) return;
    await tx.query(
      `UPDATE pricing.current_prices c SET available = true, unavailable_since = NULL
         FROM unnest($1::text[], $2::text[]) AS k(product_id, marketplace)
        WHERE c.product_id = k.product_id AND c.marketplace = k.marketplace AND NOT c.available`,
      [keys.map((k) => k.productId), keys.map((k) => k.marketplace)],
    );
  }

  /** A listing its marketplace no longer knows: marked, never deleted (its history stays). */
  async markUnavailable(keys: ListingKey[], at: Date, q: Queryable = this.db): Promise<void> {
    if (keys.length === 0) return;
    await q.query(
      `UPDATE pricing.current_prices c SET available = false, unavailable_since = COALESCE(c.unavailable_since, $3)
         FROM unnest($1::text[], $2::text[]) AS k(product_id, marketplace)
        WHERE c.product_id = k.product_id AND c.marketplace = k.marketplace`,
      [keys.map((k) => k.productId), keys.map((k) => k.marketplace), at.toISOString()],
    );
  }
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function snapshotColumns(rows: SnapshotRow[]): unknown[] {
  return [
    rows.map((r) => r.productId),
    rows.map((r) => r.marketplace),
    rows.map((r) => r.price),
    rows.map((r) => r.currency),
    rows.map((r) => r.observedAt.toISOString()),
    rows.map((r) => r.source),
  ];
}
