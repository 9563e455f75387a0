import { Injectable } from '@nestjs/common';
import type { AlertBasis, AlertKind, AlertReason, BasisReason } from '@pt/domain';
import type { Queryable } from '@pt/platform';
import { CONTACT_COLUMNS, type ContactRow } from './contacts.repository';
import * as sendLease from './send-lease';

/** `digest`: waiting for the user's daily digest, which sends it with others. */
export type NotificationStatus = 'pending' | 'sending' | 'sent' | 'skipped' | 'failed' | 'digest';

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

const COLUMNS = `id, alert_id AS "alertId", crossing, user_id AS "userId", listing_key AS "listingKey",
  product_id AS "productId", marketplace, product_title AS "productTitle",
  product_image AS "productImage", product_url AS "productUrl", old_price AS "oldPrice",
  new_price AS "newPrice", target_price AS "targetPrice", currency, status, attempts,
  created_at AS "createdAt", kind, reason, basis, shipping`;
const T = 'alert_notifier.notifications';

const CLAIM = sendLease.claimStatement(T);

const toRow = (row: NotificationRow): NotificationRow => ({
  ...row,
  oldPrice: Number(row.oldPrice),
  newPrice: Number(row.newPrice),
  targetPrice: Number(row.targetPrice),
  attempts: Number(row.attempts),
  basis: row.basis ?? 'item',
  shipping: row.shipping === null || row.shipping === undefined ? null : Number(row.shipping),
});

@Injectable()
export class NotificationsRepository {
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
  ): Promise<{ id: string; status: string }[]> {
    if (items.length === 0) return [];
    const params: unknown[] = [];
    const values = items.map(({ n, status, skipReason, digestDay }) => {
      const row = [
        n.id,
        n.alertId,
        n.crossing,
        n.userId,
        n.listingKey,
        n.productId,
        n.marketplace,
        n.productTitle,
        n.productImage,
        n.productUrl,
        n.oldPrice,
        n.newPrice,
        n.targetPrice,
        n.currency,
        status,
        skipReason ?? null,
        n.createdAt,
        n.kind ?? 'target',
        n.reason ? JSON.stringify(n.reason) : null,
        digestDay ?? null,
        n.basis ?? 'item',
        n.shipping ?? null,
      ];
      const start = params.length;
      params.push(...row);
      return `(${row.map((_, i) => `$${start + i + 1}`).join(', ')})`;
    });
    const { rows } = await db.query<{ id: string; status: string }>(
      `INSERT INTO ${T} (id, alert_id, crossing, user_id, listing_key, product_id, marketplace,
         product_title, product_image, product_url, old_price, new_price, target_price, currency,
         status, skip_reason, created_at, kind, reason, digest_day, basis, shipping)
       VALUES ${values.join(', ')}
       ON CONFLICT (alert_id, crossing) DO NOTHING RETURNING id, status`,
      params,
    );
    return rows;
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
    const { rows } = await db.query<NotificationRow>(`${CLAIM} RETURNING ${COLUMNS}`, [
      id,
      now,
      leaseMs,
      holder,
    ]);
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
    const { rows } = await db.query<
      NotificationRow & { contact: ContactRow | null; alertActive: boolean | null }
    >(
      `WITH claimed AS (${CLAIM} RETURNING ${COLUMNS})
       SELECT claimed.*, a.is_active AS "alertActive",
         (SELECT row_to_json(c) FROM (SELECT ${CONTACT_COLUMNS} FROM alert_notifier.contacts
           WHERE user_id = claimed."userId") c) AS contact
       FROM claimed
       LEFT JOIN alert_notifier.alerts a ON a.id = claimed."alertId"`,
      [id, now, leaseMs, holder],
    );
    const row = rows[0];
    if (!row) return undefined;
    const { contact, alertActive, ...notification } = row;
    return {
      notification: toRow(notification),
      ...(contact ? { contact } : {}),
      alertActive: alertActive === true,
    };
  }

  /**
   * The user's fired alerts, newest first, whatever became of their email (a crossing the user was
   * not emailed about still fired), with where the alert came from.
   */
  async listFiredByUser(db: Queryable, userId: string, limit: number): Promise<FiredAlertRow[]> {
    const { rows } = await db.query<FiredAlertRow>(
      `SELECT n.id, n.marketplace, n.product_id AS "productId", n.product_title AS "productTitle",
         n.old_price AS "oldPrice", n.new_price AS "newPrice", n.target_price AS "targetPrice",
         n.currency, n.created_at AS "createdAt", a.source, n.reason
       FROM ${T} n JOIN alert_notifier.alerts a ON a.id = n.alert_id
       WHERE n.user_id = $1 ORDER BY n.created_at DESC, n.id LIMIT $2`,
      [userId, limit],
    );
    return rows.map((r) => ({
      ...r,
      oldPrice: Number(r.oldPrice),
      newPrice: Number(r.newPrice),
      targetPrice: Number(r.targetPrice),
    }));
  }

  /** The mail goes to SMTP now: from here on it may have been sent (see claim). */
  async markHandedOff(db: Queryable, id: string, now: Date): Promise<void> {
    await db.query(`UPDATE ${T} SET handed_off_at = $2 WHERE id = $1`, [id, now]);
  }

  async markSent(db: Queryable, id: string, messageId: string, now: Date): Promise<void> {
    await db.query(
      `UPDATE ${T} SET status = 'sent', message_id = $2, sent_at = $3, lease_until = NULL, last_error = NULL
       WHERE id = $1`,
      [id, messageId, now],
    );
  }

  async markSkipped(db: Queryable, id: string, reason: string): Promise<void> {
    await db.query(`UPDATE ${T} SET status = 'skipped', skip_reason = $2, lease_until = NULL WHERE id = $1`, [
      id,
      reason,
    ]);
  }

  async markAttemptFailed(
    db: Queryable,
    id: string,
    holder: string,
    error: string,
    final: boolean,
  ): Promise<void> {
    await sendLease.markAttemptFailed(db, T, { id, holder, error, final });
  }

  /** Pending rows older than `olderThan` (their job was lost) and rows whose sender's lease ran out. */
  async findStranded(db: Queryable, olderThan: Date, now: Date, limit: number): Promise<string[]> {
    return sendLease.findStranded(db, T, olderThan, now, limit);
  }

  async countByStatus(db: Queryable): Promise<Record<string, number>> {
    return sendLease.countByStatus(db, T);
  }

  async listFailed(db: Queryable, limit: number): Promise<sendLease.FailedSend[]> {
    return sendLease.listFailed(db, T, limit);
  }

  /** An admin's retry of failed emails: back to pending; returns the ids to enqueue. */
  async requeueFailed(db: Queryable): Promise<string[]> {
    return sendLease.requeueFailed(db, T);
  }
}
