import { Inject, Injectable } from '@nestjs/common';
import { advisoryLockId, DATABASE, type Database, type Queryable } from '@pt/platform';

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

export interface SnapshotRow extends ListingKey {
  price: number;
  currency: string;
  observedAt: Date;
  source: string;
}

export interface PersonalRow extends SnapshotRow {
  userId: string;
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
   * Records event ids as processed for `group` (the same table `idempotent()` uses) and returns the
   * ids that were new. Sorted first, so two transactions claiming overlapping ids take the row
   * locks in the same order and cannot deadlock.
   */
  async claimEvents(tx: Queryable, group: string, eventIds: string[]): Promise<Set<string>> {
    if (eventIds.length === 0) return new Set();
    const { rows } = await tx.query<{ event_id: string }>(
      `INSERT INTO pricing.processed_events (consumer_group, event_id)
       SELECT $1, id FROM unnest($2::uuid[]) AS id
       ON CONFLICT DO NOTHING
       RETURNING event_id::text`,
      [group, [...eventIds].sort()],
    );
    return new Set(rows.map((r) => r.event_id));
  }

  /**
   * Serialises recorders per listing for the rest of the transaction: whoever holds a listing's
   * lock reads its current price and decides alone, so concurrent recorders never both store a
   * snapshot inside the window. Ascending lock ids keep batches from deadlocking each other.
   */
  async lockListings(tx: Queryable, keys: ListingKey[]): Promise<void> {
    if (keys.length === 0) return;
    const ids = [...new Set(keys.map((k) => BigInt(advisoryLockId(`pricing:listing:${listingId(k)}`))))]
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map(String);
    await tx.query(`SELECT count(pg_advisory_xact_lock(id)) FROM unnest($1::bigint[]) AS id`, [ids]);
  }

  async currentPrices(tx: Queryable, keys: ListingKey[]): Promise<Map<string, CurrentPrice>> {
    if (keys.length === 0) return new Map();
    const { rows } = await tx.query<{
      product_id: string;
      marketplace: string;
      price: number;
      currency: string;
      recorded_at: Date;
      available: boolean;
    }>(
      `SELECT c.product_id, c.marketplace, c.price, c.currency, c.recorded_at, c.available
         FROM pricing.current_prices c
         JOIN unnest($1::text[], $2::text[]) AS k(product_id, marketplace)
           ON c.product_id = k.product_id AND c.marketplace = k.marketplace`,
      [keys.map((k) => k.productId), keys.map((k) => k.marketplace)],
    );
    return new Map(
      rows.map((r) => [
        listingId({ productId: r.product_id, marketplace: r.marketplace }),
        {
          productId: r.product_id,
          marketplace: r.marketplace,
          price: Number(r.price),
          currency: r.currency,
          recordedAt: new Date(r.recorded_at),
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
      `INSERT INTO pricing.price_history (product_id, marketplace, price, currency, observed_at, user_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[], $4::text[], $5::timestamptz[], $6::text[])`,
      [...snapshotColumns(rows).slice(0, 5), rows.map((r) => r.userId)],
    );
  }

  /** The latest stored snapshot becomes the listing's current price; a stored price means it is on sale. */
  async upsertCurrent(tx: Queryable, rows: SnapshotRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO pricing.current_prices AS c (product_id, marketplace, price, currency, recorded_at, available)
       SELECT product_id, marketplace, price, currency, recorded_at, true
         FROM unnest($1::text[], $2::text[], $3::numeric[], $4::text[], $5::timestamptz[])
           AS t(product_id, marketplace, price, currency, recorded_at)
       ON CONFLICT (product_id, marketplace) DO UPDATE
         SET price = EXCLUDED.price, currency = EXCLUDED.currency, recorded_at = EXCLUDED.recorded_at,
             available = true, unavailable_since = NULL`,
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
