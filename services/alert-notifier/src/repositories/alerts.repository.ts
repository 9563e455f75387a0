import { Injectable } from '@nestjs/common';
import type { AlertSource } from '@pt/contracts';
import type { AlertBasis, AlertKind, AlertReason, AlertScope } from '@pt/domain';
import type { Queryable } from '@pt/platform';

/** One alert as stored (alert_notifier.alerts). */
export interface AlertRow {
  id: string;
  userId: string;
  listingKey: string;
  productId: string;
  marketplace: string;
  source: AlertSource;
  wishlistId: string | null;
  productTitle: string;
  productImage: string | null;
  productUrl: string | null;
  targetPrice: number;
  currentPrice: number;
  currency: string;
  sourceCurrency: string | null;
  isActive: boolean;
  browserNotifications: boolean;
  armed: boolean;
  crossings: number;
  createdAt: Date;
  updatedAt: Date;
  /** When it was last switched on: created, or turned back on (see migration 004). */
  activatedAt: Date;
  /** Migration 007: the kind and its parameter (percent and basePrice, or days). */
  kind: AlertKind;
  percent: number | null;
  days: number | null;
  basePrice: number | null;
  /** Migration 010: item or landed price, and the listing's last known shipping (alert's currency). */
  basis: AlertBasis;
  currentShipping: number | null;
  /** Migration 011: its own listing, or the listing and its matches (alert_members). */
  scope: AlertScope;
}

/** An alert with its last crossing, as the API lists it. */
export interface AlertWithLastFired extends AlertRow {
  lastFiredAt: Date | null;
  lastReason: AlertReason | null;
  /** Since when pricing reports the listing gone (migration 009's table); null while on sale. */
  unavailableSince: Date | null;
}

export type NewAlert = Omit<AlertRow, 'crossings' | 'updatedAt' | 'activatedAt'>;

const COLUMNS = `id, user_id AS "userId", listing_key AS "listingKey", product_id AS "productId",
  marketplace, source, wishlist_id AS "wishlistId", product_title AS "productTitle",
  product_image AS "productImage", product_url AS "productUrl", target_price AS "targetPrice",
  current_price AS "currentPrice", currency, source_currency AS "sourceCurrency",
  is_active AS "isActive", browser_notifications AS "browserNotifications", armed, crossings,
  created_at AS "createdAt", updated_at AS "updatedAt", activated_at AS "activatedAt", kind, percent,
  days, base_price AS "basePrice", basis, current_shipping AS "currentShipping", scope`;

const T = 'alert_notifier.alerts';

/** numeric columns as numbers whatever the adapter's parsers do (PGlite in-memory returns text). */
const toRow = (row: AlertRow): AlertRow => ({
  ...row,
  targetPrice: Number(row.targetPrice),
  currentPrice: Number(row.currentPrice),
  crossings: Number(row.crossings),
  percent: row.percent === null || row.percent === undefined ? null : Number(row.percent),
  days: row.days === null || row.days === undefined ? null : Number(row.days),
  basePrice: row.basePrice === null || row.basePrice === undefined ? null : Number(row.basePrice),
  basis: row.basis ?? 'item',
  scope: row.scope ?? 'listing',
  currentShipping:
    row.currentShipping === null || row.currentShipping === undefined ? null : Number(row.currentShipping),
});

/** SQL of the alerts table; every call runs on the caller's connection or transaction. */
@Injectable()
export class AlertsRepository {
  async listByUser(db: Queryable, userId: string): Promise<AlertRow[]> {
    const { rows } = await db.query<AlertRow>(
      `SELECT ${COLUMNS} FROM ${T} WHERE user_id = $1 ORDER BY created_at DESC, id`,
      [userId],
    );
    return rows.map(toRow);
  }

  /** The user's alerts (or one of them) with their last crossing's time and reason, newest first. */
  async listViews(db: Queryable, userId: string, id?: string): Promise<AlertWithLastFired[]> {
    const { rows } = await db.query<AlertWithLastFired>(
      `SELECT a.*, n.created_at AS "lastFiredAt", n.reason AS "lastReason",
              CASE WHEN NOT la.available THEN coalesce(la.unavailable_since, la.changed_at) END
                AS "unavailableSince"
         FROM (SELECT ${COLUMNS} FROM ${T} WHERE user_id = $1 AND ($2::uuid IS NULL OR id = $2)) a
         LEFT JOIN LATERAL (SELECT created_at, reason FROM alert_notifier.notifications n
                             WHERE n.alert_id = a.id ORDER BY n.crossing DESC LIMIT 1) n ON true
         LEFT JOIN alert_notifier.listing_availability la ON la.listing_key = a."listingKey"
        ORDER BY a."createdAt" DESC, a.id`,
      [userId, id ?? null],
    );
    return rows.map((r) => ({ ...r, ...toRow(r) }));
  }

  /** The user's alert, or undefined (another user's id looks exactly like a missing one). */
  /** The user's alerts on other listings (a new alert for this listing replaces its own). */
  async countOthers(db: Queryable, userId: string, listingKey: string): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${T} WHERE user_id = $1 AND listing_key <> $2`,
      [userId, listingKey],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async findForUser(db: Queryable, userId: string, id: string, lock = false): Promise<AlertRow | undefined> {
    const { rows } = await db.query<AlertRow>(
      `SELECT ${COLUMNS} FROM ${T} WHERE id = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [id, userId],
    );
    return rows[0] && toRow(rows[0]);
  }

  async findById(db: Queryable, id: string, lock = false): Promise<AlertRow | undefined> {
    const { rows } = await db.query<AlertRow>(
      `SELECT ${COLUMNS} FROM ${T} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] && toRow(rows[0]);
  }

  async findByListing(db: Queryable, userId: string, listingKey: string): Promise<AlertRow | undefined> {
    const { rows } = await db.query<AlertRow>(
      `SELECT ${COLUMNS} FROM ${T} WHERE user_id = $1 AND listing_key = $2 FOR UPDATE`,
      [userId, listingKey],
    );
    return rows[0] && toRow(rows[0]);
  }

  /**
   * The active alerts of a listing, locked in id order: two consumers evaluating the same price
   * change serialise here, and the second sees the first one's armed/met state. Any-marketplace
   * alerts are evaluated on their group (AlertMembersRepository.lockActiveByMember).
   */
  async lockActiveByListing(db: Queryable, listingKey: string): Promise<AlertRow[]> {
    const { rows } = await db.query<AlertRow>(
      `SELECT ${COLUMNS} FROM ${T} WHERE listing_key = $1 AND is_active AND scope = 'listing'
        ORDER BY id FOR UPDATE`,
      [listingKey],
    );
    return rows.map(toRow);
  }

  /**
   * The active any-marketplace alerts one of whose members is the listing, locked in id order like
   * lockActiveByListing: changes of two members at once take turns on the alert row, and the
   * second reads the members as the first left them.
   */
  async lockActiveByMember(db: Queryable, listingKey: string): Promise<AlertRow[]> {
    const { rows } = await db.query<AlertRow>(
      `SELECT ${COLUMNS} FROM ${T}
        WHERE is_active AND scope = 'any_marketplace'
          AND id IN (SELECT alert_id FROM alert_notifier.alert_members WHERE listing_key = $1)
        ORDER BY id FOR UPDATE`,
      [listingKey],
    );
    return rows.map(toRow);
  }

  async insert(db: Queryable, alert: NewAlert): Promise<AlertRow> {
    const { rows } = await db.query<AlertRow>(
      `INSERT INTO ${T} (id, user_id, listing_key, product_id, marketplace, source, wishlist_id,
         product_title, product_image, product_url, target_price, current_price, currency,
         source_currency, is_active, browser_notifications, armed, created_at, updated_at, activated_at,
         kind, percent, days, base_price, basis, current_shipping, scope)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18, $18,
         $19, $20, $21, $22, $23, $24, $25)
       RETURNING ${COLUMNS}`,
      [
        alert.id,
        alert.userId,
        alert.listingKey,
        alert.productId,
        alert.marketplace,
        alert.source,
        alert.wishlistId,
        alert.productTitle,
        alert.productImage,
        alert.productUrl,
        alert.targetPrice,
        alert.currentPrice,
        alert.currency,
        alert.sourceCurrency,
        alert.isActive,
        alert.browserNotifications,
        alert.armed,
        alert.createdAt,
        alert.kind,
        alert.percent,
        alert.days,
        alert.basePrice,
        alert.basis,
        alert.currentShipping,
        alert.scope,
      ],
    );
    return toRow(rows[0] as AlertRow);
  }

  async update(
    db: Queryable,
    id: string,
    changes: Pick<
      AlertRow,
      'targetPrice' | 'isActive' | 'armed' | 'kind' | 'percent' | 'days' | 'basePrice' | 'basis'
    >,
    now: Date,
  ): Promise<AlertRow> {
    const { rows } = await db.query<AlertRow>(
      `UPDATE ${T} SET target_price = $2, is_active = $3, armed = $4, updated_at = $5,
         activated_at = CASE WHEN $3 AND NOT is_active THEN $5 ELSE activated_at END,
         kind = $6, percent = $7, days = $8, base_price = $9, basis = $10
       WHERE id = $1
       RETURNING ${COLUMNS}`,
      [
        id,
        changes.targetPrice,
        changes.isActive,
        changes.armed,
        now,
        changes.kind,
        changes.percent,
        changes.days,
        changes.basePrice,
        changes.basis,
      ],
    );
    return toRow(rows[0] as AlertRow);
  }

  /** After a price change: the new price, the armed side, and one more crossing when it fired. */
  async recordEvaluation(
    db: Queryable,
    id: string,
    result: { currentPrice: number; sourceCurrency: string; armed: boolean; fired: boolean },
    now: Date,
  ): Promise<number> {
    const { rows } = await db.query<{ crossings: number }>(
      `UPDATE ${T} SET current_price = $2, source_currency = $3, armed = $4,
         crossings = crossings + CASE WHEN $5::boolean THEN 1 ELSE 0 END, updated_at = $6
       WHERE id = $1 RETURNING crossings`,
      [id, result.currentPrice, result.sourceCurrency, result.armed, result.fired, now],
    );
    return Number(rows[0]?.crossings ?? 0);
  }

  /**
   * recordEvaluation for many alerts of one listing in one statement (a price change touches every
   * alert of the listing). Returns each alert's crossing count after the update.
   */
  async recordEvaluations(
    db: Queryable,
    results: { id: string; currentPrice: number; armed: boolean; fired: boolean; shipping?: number }[],
    sourceCurrency: string,
    now: Date,
  ): Promise<Map<string, number>> {
    if (results.length === 0) return new Map();
    const { rows } = await db.query<{ id: string; crossings: number }>(
      `UPDATE ${T} a SET current_price = u.price, source_currency = $5, armed = u.armed,
         crossings = a.crossings + CASE WHEN u.fired THEN 1 ELSE 0 END, updated_at = $6,
         current_shipping = coalesce(u.shipping, a.current_shipping)
       FROM unnest($1::uuid[], $2::numeric[], $3::boolean[], $4::boolean[], $7::numeric[])
            AS u(id, price, armed, fired, shipping)
       WHERE a.id = u.id RETURNING a.id, a.crossings`,
      [
        results.map((r) => r.id),
        results.map((r) => r.currentPrice),
        results.map((r) => r.armed),
        results.map((r) => r.fired),
        sourceCurrency,
        now,
        results.map((r) => r.shipping ?? null),
      ],
    );
    return new Map(rows.map((r) => [r.id, Number(r.crossings)]));
  }

  async setActive(db: Queryable, id: string, isActive: boolean, now: Date): Promise<void> {
    await db.query(`UPDATE ${T} SET is_active = $2, updated_at = $3 WHERE id = $1`, [id, isActive, now]);
  }

  async delete(db: Queryable, id: string): Promise<void> {
    await db.query(`DELETE FROM ${T} WHERE id = $1`, [id]);
  }

  async deleteByUser(db: Queryable, userId: string): Promise<AlertRow[]> {
    const { rows } = await db.query<AlertRow>(`DELETE FROM ${T} WHERE user_id = $1 RETURNING ${COLUMNS}`, [
      userId,
    ]);
    return rows.map(toRow);
  }

  async findWishlistAlert(db: Queryable, userId: string, listingKey: string): Promise<AlertRow | undefined> {
    const { rows } = await db.query<AlertRow>(
      `SELECT ${COLUMNS} FROM ${T} WHERE user_id = $1 AND listing_key = $2 AND source = 'wishlist' FOR UPDATE`,
      [userId, listingKey],
    );
    return rows[0] && toRow(rows[0]);
  }
}
