import { Injectable } from '@nestjs/common';
import { ALERT_SOURCES, type AlertSource } from '@pt/contracts';
import {
  ALERT_BASES,
  ALERT_KINDS,
  ALERT_SCOPES,
  type AlertBasis,
  type AlertKind,
  type AlertReason,
  type AlertScope,
} from '@pt/domain';
import { sql, typedQueries, type Queryable, type Selectable } from '@pt/platform';
import { checked } from './checked';
import type { AlertsTable, DB, ListingAvailabilityTable, NotificationsTable } from './schema';

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

const T = 'alert_notifier.alerts';

/** An alert as stored: every column, as the schema types it. */
type AlertRecord = Selectable<AlertsTable>;

const toRow = (r: AlertRecord): AlertRow => ({
  id: r.id,
  userId: r.user_id,
  listingKey: r.listing_key,
  productId: r.product_id,
  marketplace: r.marketplace,
  source: checked(ALERT_SOURCES, r.source, 'alerts.source'),
  wishlistId: r.wishlist_id,
  productTitle: r.product_title,
  productImage: r.product_image,
  productUrl: r.product_url,
  targetPrice: r.target_price,
  currentPrice: r.current_price,
  currency: r.currency,
  sourceCurrency: r.source_currency,
  isActive: r.is_active,
  browserNotifications: r.browser_notifications,
  armed: r.armed,
  crossings: r.crossings,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  activatedAt: r.activated_at,
  kind: checked(ALERT_KINDS, r.kind, 'alerts.kind'),
  percent: r.percent,
  days: r.days,
  basePrice: r.base_price,
  basis: checked(ALERT_BASES, r.basis, 'alerts.basis'),
  currentShipping: r.current_shipping,
  scope: checked(ALERT_SCOPES, r.scope, 'alerts.scope'),
});

/** An alert with its last crossing and since when its listing is gone (listViews). */
type AlertViewRecord = AlertRecord & {
  last_fired_at: Selectable<NotificationsTable>['created_at'] | null;
  last_reason: Selectable<NotificationsTable>['reason'];
  unavailable_since: Selectable<ListingAvailabilityTable>['unavailable_since'];
};

/** SQL of the alerts table; every call runs on the caller's connection or transaction. */
@Injectable()
export class AlertsRepository {
  async listByUser(db: Queryable, userId: string): Promise<AlertRow[]> {
    const rows = await typedQueries<DB>(db)
      .selectFrom(T)
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(toRow);
  }

  /** The user's alerts (or one of them) with their last crossing's time and reason, newest first. */
  async listViews(db: Queryable, userId: string, id?: string): Promise<AlertWithLastFired[]> {
    const { rows } = await sql<AlertViewRecord>`
      SELECT a.*, n.created_at AS last_fired_at, n.reason AS last_reason,
             CASE WHEN NOT la.available THEN coalesce(la.unavailable_since, la.changed_at) END
               AS unavailable_since
        FROM (SELECT * FROM alert_notifier.alerts
               WHERE user_id = ${userId} AND (${id ?? null}::uuid IS NULL OR id = ${id ?? null}::uuid)) a
        LEFT JOIN LATERAL (SELECT created_at, reason FROM alert_notifier.notifications n
                            WHERE n.alert_id = a.id ORDER BY n.crossing DESC LIMIT 1) n ON true
        LEFT JOIN alert_notifier.listing_availability la ON la.listing_key = a.listing_key
       ORDER BY a.created_at DESC, a.id`.execute(typedQueries<DB>(db));
    return rows.map((r) => ({
      ...toRow(r),
      lastFiredAt: r.last_fired_at,
      // What the evaluation wrote (notifications.insertNew), as JSON.
      lastReason: (r.last_reason ?? null) as AlertReason | null,
      unavailableSince: r.unavailable_since,
    }));
  }

  /** Until the transaction ends: requests for the same user's listing take turns. */
  async lockListing(tx: Queryable, userId: string, listingKey: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`alert:${userId}|${listingKey}`}))`.execute(
      typedQueries<DB>(tx),
    );
  }

  /** The user's alerts on other listings (a new alert for this listing replaces its own). */
  async countOthers(db: Queryable, userId: string, listingKey: string): Promise<number> {
    const row = await typedQueries<DB>(db)
      .selectFrom(T)
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('listing_key', '<>', listingKey)
      .executeTakeFirst();
    return row?.n ?? 0;
  }

  /** The user's alert, or undefined (another user's id looks exactly like a missing one). */
  async findForUser(db: Queryable, userId: string, id: string, lock = false): Promise<AlertRow | undefined> {
    const query = typedQueries<DB>(db)
      .selectFrom(T)
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId);
    const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
    return row && toRow(row);
  }

  async findById(db: Queryable, id: string, lock = false): Promise<AlertRow | undefined> {
    const query = typedQueries<DB>(db).selectFrom(T).selectAll().where('id', '=', id);
    const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
    return row && toRow(row);
  }

  async findByListing(db: Queryable, userId: string, listingKey: string): Promise<AlertRow | undefined> {
    const row = await typedQueries<DB>(db)
      .selectFrom(T)
      .selectAll()
      .where('user_id', '=', userId)
      .where('listing_key', '=', listingKey)
      .forUpdate()
      .executeTakeFirst();
    return row && toRow(row);
  }

  /**
   * The active alerts of a listing, locked in id order: two consumers evaluating the same price
   * change serialise here, and the second sees the first one's armed/met state. Any-marketplace
   * alerts are evaluated on their group (AlertMembersRepository.lockActiveByMember).
   */
  async lockActiveByListing(db: Queryable, listingKey: string): Promise<AlertRow[]> {
    const rows = await typedQueries<DB>(db)
      .selectFrom(T)
      .selectAll()
      .where('listing_key', '=', listingKey)
      .where('is_active', '=', true)
      .where('scope', '=', 'listing')
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.map(toRow);
  }

  /**
   * The active any-marketplace alerts one of whose members is the listing, locked in id order like
   * lockActiveByListing: changes of two members at once take turns on the alert row, and the
   * second reads the members as the first left them.
   */
  async lockActiveByMember(db: Queryable, listingKey: string): Promise<AlertRow[]> {
    const rows = await typedQueries<DB>(db)
      .selectFrom(T)
      .selectAll()
      .where('is_active', '=', true)
      .where('scope', '=', 'any_marketplace')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('alert_notifier.alert_members')
          .select('alert_id')
          .where('listing_key', '=', listingKey),
      )
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.map(toRow);
  }

  async insert(db: Queryable, alert: NewAlert): Promise<AlertRow> {
    const row = await typedQueries<DB>(db)
      .insertInto(T)
      .values({
        id: alert.id,
        user_id: alert.userId,
        listing_key: alert.listingKey,
        product_id: alert.productId,
        marketplace: alert.marketplace,
        source: alert.source,
        wishlist_id: alert.wishlistId,
        product_title: alert.productTitle,
        product_image: alert.productImage,
        product_url: alert.productUrl,
        target_price: alert.targetPrice,
        current_price: alert.currentPrice,
        currency: alert.currency,
        source_currency: alert.sourceCurrency,
        is_active: alert.isActive,
        browser_notifications: alert.browserNotifications,
        armed: alert.armed,
        created_at: alert.createdAt,
        updated_at: alert.createdAt,
        activated_at: alert.createdAt,
        kind: alert.kind,
        percent: alert.percent,
        days: alert.days,
        base_price: alert.basePrice,
        basis: alert.basis,
        current_shipping: alert.currentShipping,
        scope: alert.scope,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRow(row);
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
    const row = await typedQueries<DB>(db)
      .updateTable(T)
      .set({
        target_price: changes.targetPrice,
        is_active: changes.isActive,
        armed: changes.armed,
        updated_at: now,
        // Switched back on: since now (migration 004); is_active here is the row's value before.
        activated_at: sql`CASE WHEN ${changes.isActive}::boolean AND NOT is_active THEN ${now}::timestamptz
                               ELSE activated_at END`,
        kind: changes.kind,
        percent: changes.percent,
        days: changes.days,
        base_price: changes.basePrice,
        basis: changes.basis,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRow(row);
  }

  /** After a price change: the new price, the armed side, and one more crossing when it fired. */
  async recordEvaluation(
    db: Queryable,
    id: string,
    result: { currentPrice: number; sourceCurrency: string; armed: boolean; fired: boolean },
    now: Date,
  ): Promise<number> {
    const row = await typedQueries<DB>(db)
      .updateTable(T)
      .set((eb) => ({
        current_price: result.currentPrice,
        source_currency: result.sourceCurrency,
        armed: result.armed,
        crossings: eb('crossings', '+', result.fired ? 1 : 0),
        updated_at: now,
      }))
      .where('id', '=', id)
      .returning('crossings')
      .executeTakeFirst();
    return row?.crossings ?? 0;
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
    const { rows } = await sql<Pick<AlertRecord, 'id' | 'crossings'>>`
      UPDATE alert_notifier.alerts a
         SET current_price = u.price, source_currency = ${sourceCurrency}, armed = u.armed,
             crossings = a.crossings + CASE WHEN u.fired THEN 1 ELSE 0 END, updated_at = ${now},
             current_shipping = coalesce(u.shipping, a.current_shipping)
        FROM unnest(${results.map((r) => r.id)}::uuid[], ${results.map((r) => r.currentPrice)}::numeric[],
                    ${results.map((r) => r.armed)}::boolean[], ${results.map((r) => r.fired)}::boolean[],
                    ${results.map((r) => r.shipping ?? null)}::numeric[])
             AS u(id, price, armed, fired, shipping)
       WHERE a.id = u.id
      RETURNING a.id, a.crossings`.execute(typedQueries<DB>(db));
    return new Map(rows.map((r) => [r.id, r.crossings]));
  }

  async setActive(db: Queryable, id: string, isActive: boolean, now: Date): Promise<void> {
    await typedQueries<DB>(db)
      .updateTable(T)
      .set({ is_active: isActive, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(db: Queryable, id: string): Promise<void> {
    await typedQueries<DB>(db).deleteFrom(T).where('id', '=', id).execute();
  }

  async deleteByUser(db: Queryable, userId: string): Promise<AlertRow[]> {
    const rows = await typedQueries<DB>(db)
      .deleteFrom(T)
      .where('user_id', '=', userId)
      .returningAll()
      .execute();
    return rows.map(toRow);
  }

  async findWishlistAlert(db: Queryable, userId: string, listingKey: string): Promise<AlertRow | undefined> {
    const row = await typedQueries<DB>(db)
      .selectFrom(T)
      .selectAll()
      .where('user_id', '=', userId)
      .where('listing_key', '=', listingKey)
      .where('source', '=', 'wishlist')
      .forUpdate()
      .executeTakeFirst();
    return row && toRow(row);
  }
}
