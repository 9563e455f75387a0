import { Injectable } from '@nestjs/common';
import {
  ALERT_BASES,
  ALERT_KINDS,
  type AlertBasis,
  type AlertKind,
  type AlertReason,
  type BasisReason,
} from '@pt/domain';
import { ALERT_SOURCES } from '@pt/contracts';
import { sql, typedQueries, type Queryable, type Selectable } from '@pt/platform';
import { checked } from './checked';
import { contactJson, toContact, type ContactRecord, type ContactRow } from './contacts.repository';
import type { AlertsTable, DB, NotificationsTable } from './schema';
import { LeasedRows } from './send-lease';

/** `digest`: waiting for the user's daily digest, which sends it with others. */
export const NOTIFICATION_STATUSES = ['pending', 'sending', 'sent', 'skipped', 'failed', 'digest'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** How a new crossing is recorded: emailed now, not emailed, or kept for a local day's digest. */
export interface NewNotificationItem {
  n: NewNotification;
  status: 'pending' | 'skipped' | 'digest';
  skipReason?: string;
  /** The user's local day (YYYY-MM-DD) whose digest carries it; with status `digest` only. */
  digestDay?: string;
}

/** One price-drop email as recorded in the transaction that saw the crossing. */
export interface NotificationRow {
  id: string;
  alertId: string;
  crossing: number;
  userId: string;
  listingKey: string;
  productId: string;
  marketplace: string;
  productTitle: string;
  productImage: string | null;
  productUrl: string | null;
  oldPrice: number;
  newPrice: number;
  targetPrice: number;
  currency: string;
  status: NotificationStatus;
  attempts: number;
  createdAt: Date;
  /** Migration 007: the kind that fired and why; reason is null on rows written before kinds. */
  kind: AlertKind;
  reason: BasisReason | null;
  /** Migration 010: the alert's basis, and the listing's shipping then (alert's currency; null = unknown). */
  basis: AlertBasis;
  shipping: number | null;
}

/** One crossing as a private feed lists it. */
export interface FiredAlertRow {
  id: string;
  marketplace: string;
  productId: string;
  productTitle: string;
  oldPrice: number;
  newPrice: number;
  targetPrice: number;
  currency: string;
  createdAt: Date;
  source: 'standalone' | 'wishlist';
  /** Why it fired (migration 007); null on crossings recorded before kinds (target alerts). */
  reason: BasisReason | null;
}

/** Without a kind, a target alert's crossing (as every crossing was before kinds). */
export type NewNotification = Omit<
  NotificationRow,
  'status' | 'attempts' | 'kind' | 'reason' | 'basis' | 'shipping'
> & {
  kind?: AlertKind;
  reason?: AlertReason | null;
  basis?: AlertBasis;
  shipping?: number | null;
};

/** The columns a NotificationRow is read from. */
const COLUMNS = [
  'id',
  'alert_id',
  'crossing',
  'user_id',
  'listing_key',
  'product_id',
  'marketplace',
  'product_title',
  'product_image',
  'product_url',
  'old_price',
  'new_price',
  'target_price',
  'currency',
  'status',
  'attempts',
  'created_at',
  'kind',
  'reason',
  'basis',
  'shipping',
] as const;
type NotificationRecord = Pick<Selectable<NotificationsTable>, (typeof COLUMNS)[number]>;
const T = 'alert_notifier.notifications';
const columns = () => sql.join(COLUMNS.map((column) => sql.ref(column)));

/** The reason column holds what insertNew wrote: the evaluation's reason, as JSON. */
const asReason = (reason: unknown): BasisReason | null => (reason ?? null) as BasisReason | null;

/** A crossing as the private feed and the digest list it: its columns (notifications as n). */
export const CROSSING_COLUMNS = [
  'n.id',
  'n.marketplace',
  'n.product_id',
  'n.product_title',
  'n.old_price',
  'n.new_price',
  'n.target_price',
  'n.currency',
  'n.created_at',
  'n.reason',
] as const;
type CrossingRecord = Pick<
  Selectable<NotificationsTable>,
  | 'id'
  | 'marketplace'
  | 'product_id'
  | 'product_title'
  | 'old_price'
  | 'new_price'
  | 'target_price'
  | 'currency'
  | 'created_at'
  | 'reason'
>;

export const toCrossing = (r: CrossingRecord) => ({
  id: r.id,
  marketplace: r.marketplace,
  productId: r.product_id,
  productTitle: r.product_title,
  oldPrice: r.old_price,
  newPrice: r.new_price,
  targetPrice: r.target_price,
  currency: r.currency,
  createdAt: r.created_at,
  reason: asReason(r.reason),
});

const toRow = (r: NotificationRecord): NotificationRow => ({
  id: r.id,
  alertId: r.alert_id,
  crossing: r.crossing,
  userId: r.user_id,
  listingKey: r.listing_key,
  productId: r.product_id,
  marketplace: r.marketplace,
  productTitle: r.product_title,
  productImage: r.product_image,
  productUrl: r.product_url,
  oldPrice: r.old_price,
  newPrice: r.new_price,
  targetPrice: r.target_price,
  currency: r.currency,
  status: checked(NOTIFICATION_STATUSES, r.status, 'notifications.status'),
  attempts: r.attempts,
  createdAt: r.created_at,
  kind: checked(ALERT_KINDS, r.kind, 'notifications.kind'),
  reason: asReason(r.reason),
  basis: checked(ALERT_BASES, r.basis, 'notifications.basis'),
  shipping: r.shipping,
});

/** Price-drop emails, one per (alert, crossing), sent under the lease of send-lease.ts. */
@Injectable()
export class NotificationsRepository extends LeasedRows {
  protected readonly table = T;

  /**
   * Records the email of one (alert, crossing). The unique key makes a second insert for the same
   * crossing a no-op: undefined means "already recorded", so nothing more is enqueued.
   */
  async insertOnce(
    db: Queryable,
    n: NewNotification,
    status: 'pending' | 'skipped' = 'pending',
    skipReason?: string,
  ): Promise<string | undefined> {
    return (await this.insertNew(db, [{ n, status, skipReason }]))[0]?.id;
  }

  /**
   * insertOnce for several crossings in one statement. Returns the ids of the rows that were new
   * and pending (the ones to email); a crossing already recorded inserts nothing.
   */
  async insertManyOnce(db: Queryable, items: NewNotificationItem[]): Promise<string[]> {
    return (await this.insertNew(db, items)).filter((r) => r.status === 'pending').map((r) => r.id);
  }

  /** Inserts the crossings not yet recorded; returns the rows that were new. */
  private async insertNew(
    db: Queryable,
    items: NewNotificationItem[],
  ): Promise<Pick<Selectable<NotificationsTable>, 'id' | 'status'>[]> {
    if (items.length === 0) return [];
    return typedQueries<DB>(db)
      .insertInto(T)
      .values(
        items.map(({ n, status, skipReason, digestDay }) => ({
          id: n.id,
          alert_id: n.alertId,
          crossing: n.crossing,
          user_id: n.userId,
          listing_key: n.listingKey,
          product_id: n.productId,
          marketplace: n.marketplace,
          product_title: n.productTitle,
          product_image: n.productImage,
          product_url: n.productUrl,
          old_price: n.oldPrice,
          new_price: n.newPrice,
          target_price: n.targetPrice,
          currency: n.currency,
          status,
          skip_reason: skipReason ?? null,
          created_at: n.createdAt,
          kind: n.kind ?? 'target',
          reason: n.reason ? JSON.stringify(n.reason) : null,
          digest_day: digestDay ?? null,
          basis: n.basis ?? 'item',
          shipping: n.shipping ?? null,
        })),
      )
      .onConflict((c) => c.columns(['alert_id', 'crossing']).doNothing())
      .returning(['id', 'status'])
      .execute();
  }

  /**
   * Takes the right to send: a pending row, one whose previous sender's lease ran out (it died
   * mid-send), or one `holder` (the email job) leased itself in an earlier attempt that failed
   * before handing the mail to SMTP. Only one job holds a row at a time; undefined means another
   * job has it or it is finished.
   */
  async claim(
    db: Queryable,
    id: string,
    now: Date,
    leaseMs: number,
    holder: string,
  ): Promise<NotificationRow | undefined> {
    const { rows } = await sql<NotificationRecord>`
      ${this.claimStatement({ id, now, leaseMs, holder })} RETURNING ${columns()}`.execute(
      typedQueries<DB>(db),
    );
    return rows[0] && toRow(rows[0]);
  }

  /**
   * claim, and in the same statement what the sender needs next: the recipient and whether the
   * alert is still on. One round trip instead of three per email (bench:alerts, embedded PGlite).
   */
  async claimForSending(
    db: Queryable,
    id: string,
    now: Date,
    leaseMs: number,
    holder: string,
  ): Promise<{ notification: NotificationRow; contact?: ContactRow; alertActive: boolean } | undefined> {
    const { rows } = await sql<
      NotificationRecord & {
        contact: ContactRecord | null;
        is_active: Selectable<AlertsTable>['is_active'] | null;
      }
    >`
      WITH claimed AS (${this.claimStatement({ id, now, leaseMs, holder })} RETURNING ${columns()})
      SELECT claimed.*, a.is_active, ${contactJson('claimed.user_id')} AS contact
        FROM claimed
        LEFT JOIN alert_notifier.alerts a ON a.id = claimed.alert_id`.execute(typedQueries<DB>(db));
    const row = rows[0];
    if (!row) return undefined;
    const { contact, is_active, ...notification } = row;
    return {
      notification: toRow(notification),
      ...(contact ? { contact: toContact(contact) } : {}),
      alertActive: is_active === true,
    };
  }

  /**
   * The user's fired alerts, newest first, whatever became of their email (a crossing the user was
   * not emailed about still fired), with where the alert came from.
   */
  async listFiredByUser(db: Queryable, userId: string, limit: number): Promise<FiredAlertRow[]> {
    const rows = await typedQueries<DB>(db)
      .selectFrom('alert_notifier.notifications as n')
      .innerJoin('alert_notifier.alerts as a', 'a.id', 'n.alert_id')
      .select([...CROSSING_COLUMNS, 'a.source'])
      .where('n.user_id', '=', userId)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...toCrossing(r), source: checked(ALERT_SOURCES, r.source, 'alerts.source') }));
  }

  /** The mail goes to SMTP now: from here on it may have been sent (see claim). */
  async markHandedOff(db: Queryable, id: string, now: Date): Promise<void> {
    await typedQueries<DB>(db).updateTable(T).set({ handed_off_at: now }).where('id', '=', id).execute();
  }

  async markSent(db: Queryable, id: string, messageId: string, now: Date): Promise<void> {
    await typedQueries<DB>(db)
      .updateTable(T)
      .set({ status: 'sent', message_id: messageId, sent_at: now, lease_until: null, last_error: null })
      .where('id', '=', id)
      .execute();
  }

  async markSkipped(db: Queryable, id: string, reason: string): Promise<void> {
    await typedQueries<DB>(db)
      .updateTable(T)
      .set({ status: 'skipped', skip_reason: reason, lease_until: null })
      .where('id', '=', id)
      .execute();
  }
}
