import { Injectable } from '@nestjs/common';
import type { AlertBasis, AlertReason } from '@pt/domain';
import type { Queryable } from '@pt/platform';
import { CONTACT_COLUMNS, type ContactRow } from './contacts.repository';
import * as sendLease from './send-lease';

/** A user with crossings waiting for a digest, and where their digest hour is. */
export interface WaitingDigestUser {
  userId: string;
  /** The earliest local day (YYYY-MM-DD) among the waiting crossings. */
  earliestDay: string;
  digestHour: number;
  timeZone: string;
}

export interface DigestRow {
  id: string;
  userId: string;
  digestDay: string;
  createdAt: Date;
}

/** One crossing as a digest lists it. */
export interface DigestItemRow {
  id: string;
  alertId: string;
  marketplace: string;
  productId: string;
  productTitle: string;
  oldPrice: number;
  newPrice: number;
  targetPrice: number;
  currency: string;
  createdAt: Date;
  alertActive: boolean;
  /** Migration 010: the alert's basis and the listing's shipping at the crossing (null = unknown). */
  basis: AlertBasis;
  shipping: number | null;
  /** Why it fired (migration 007); NULL on crossings recorded before kinds. */
  reason: AlertReason | null;
}

const T = 'alert_notifier.digests';
const N = 'alert_notifier.notifications';
const DIGEST_COLUMNS = `id, user_id AS "userId", digest_day::text AS "digestDay", created_at AS "createdAt"`;

/** The send lease of a digest, as for a price-drop notification (send-lease.ts). */
const CLAIM = sendLease.claimStatement(T);

/** Daily digests: one row per (user, local day), and the crossings each one carries. */
@Injectable()
export class DigestsRepository {
  /** Users with crossings no digest has taken yet, earliest first. */
  async findWaitingUsers(db: Queryable, limit: number): Promise<WaitingDigestUser[]> {
    const { rows } = await db.query<WaitingDigestUser>(
      `SELECT n.user_id AS "userId", min(n.digest_day)::text AS "earliestDay",
         c.digest_hour AS "digestHour", c.time_zone AS "timeZone"
       FROM ${N} n JOIN alert_notifier.contacts c ON c.user_id = n.user_id
       WHERE n.status = 'digest' AND n.digest_id IS NULL
       GROUP BY n.user_id, c.digest_hour, c.time_zone
       ORDER BY 2 LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({ ...r, digestHour: Number(r.digestHour) }));
  }

  /**
   * Claims the digest of (user, day) with every waiting crossing of that day or before, in one
   * statement: the unique key lets one claimer win (a racing tick, a second instance, a redelivered
   * job find the row taken and take nothing). Returns the new digest's id, or undefined when that
   * day's digest was already claimed; crossings it could not take wait for the next day's.
   */
  async claimDay(
    db: Queryable,
    id: string,
    userId: string,
    day: string,
    now: Date,
  ): Promise<string | undefined> {
    const { rows } = await db.query<{ id: string; items: number }>(
      `WITH d AS (
         INSERT INTO ${T} (id, user_id, digest_day, created_at) VALUES ($1, $2, $3::date, $4)
         ON CONFLICT (user_id, digest_day) DO NOTHING RETURNING id
       ), taken AS (
         UPDATE ${N} n SET digest_id = d.id FROM d
         WHERE n.user_id = $2 AND n.status = 'digest' AND n.digest_id IS NULL AND n.digest_day <= $3::date
         RETURNING n.id
       )
       SELECT d.id, (SELECT count(*)::int FROM taken) AS items FROM d`,
      [id, userId, day, now],
    );
    return rows[0]?.id;
  }

  /** The send lease, with the recipient read in the same statement. */
  async claimForSending(
    db: Queryable,
    id: string,
    now: Date,
    leaseMs: number,
    holder: string,
  ): Promise<{ digest: DigestRow; contact?: ContactRow } | undefined> {
    const { rows } = await db.query<DigestRow & { contact: ContactRow | null }>(
      `WITH claimed AS (${CLAIM} RETURNING ${DIGEST_COLUMNS})
       SELECT claimed.*, (SELECT row_to_json(c) FROM (SELECT ${CONTACT_COLUMNS} FROM alert_notifier.contacts
         WHERE user_id = claimed."userId") c) AS contact
       FROM claimed`,
      [id, now, leaseMs, holder],
    );
    const row = rows[0];
    if (!row) return undefined;
    const { contact, ...digest } = row;
    return { digest, ...(contact ? { contact } : {}) };
  }

  /** The crossings a digest carries, oldest first, with whether their alert is still on. */
  async items(db: Queryable, digestId: string): Promise<DigestItemRow[]> {
    const { rows } = await db.query<DigestItemRow>(
      `SELECT n.id, n.alert_id AS "alertId", n.marketplace, n.product_id AS "productId",
         n.product_title AS "productTitle", n.old_price AS "oldPrice", n.new_price AS "newPrice",
         n.target_price AS "targetPrice", n.currency, n.created_at AS "createdAt",
         COALESCE(a.is_active, false) AS "alertActive", n.basis, n.shipping, n.reason
       FROM ${N} n LEFT JOIN alert_notifier.alerts a ON a.id = n.alert_id
       WHERE n.digest_id = $1 ORDER BY n.created_at, n.id`,
      [digestId],
    );
    return rows.map((r) => ({
      ...r,
      oldPrice: Number(r.oldPrice),
      newPrice: Number(r.newPrice),
      targetPrice: Number(r.targetPrice),
      shipping: r.shipping === null || r.shipping === undefined ? null : Number(r.shipping),
    }));
  }

  async markHandedOff(db: Queryable, id: string, holder: string, now: Date): Promise<void> {
    await db.query(`UPDATE ${T} SET handed_off_at = $3 WHERE id = $1 AND claimed_by = $2`, [id, holder, now]);
  }

  /** The digest and the crossings it listed are sent (one message id for all). */
  async markSent(db: Queryable, id: string, messageId: string, now: Date): Promise<void> {
    await db.query(
      `WITH d AS (
         UPDATE ${T} SET status = 'sent', message_id = $2, sent_at = $3, lease_until = NULL, last_error = NULL
         WHERE id = $1 RETURNING id
       )
       UPDATE ${N} SET status = 'sent', message_id = $2, sent_at = $3 FROM d
       WHERE ${N}.digest_id = d.id AND ${N}.status = 'digest'`,
      [id, messageId, now],
    );
  }

  /** Crossings a digest leaves out (their alert was switched off since): skipped with `reason`. */
  async skipItems(db: Queryable, ids: readonly string[], reason: string): Promise<void> {
    if (ids.length === 0) return;
    await db.query(`UPDATE ${N} SET status = 'skipped', skip_reason = $2 WHERE id = ANY($1::uuid[])`, [
      [...ids],
      reason,
    ]);
  }

  /** Nothing to send (emails switched off meanwhile, or every alert off): the digest and its items. */
  async markSkipped(db: Queryable, id: string, reason: string): Promise<void> {
    await db.query(
      `WITH d AS (
         UPDATE ${T} SET status = 'skipped', skip_reason = $2, lease_until = NULL WHERE id = $1 RETURNING id
       )
       UPDATE ${N} SET status = 'skipped', skip_reason = $2 FROM d
       WHERE ${N}.digest_id = d.id AND ${N}.status = 'digest'`,
      [id, reason],
    );
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

  /** Digests claimed but never queued (the process died in between) or whose sender's lease ran out. */
  async findStranded(db: Queryable, olderThan: Date, now: Date, limit: number): Promise<string[]> {
    return sendLease.findStranded(db, T, olderThan, now, limit);
  }

  async countByStatus(db: Queryable): Promise<Record<string, number>> {
    return sendLease.countByStatus(db, T);
  }

  async listFailed(db: Queryable, limit: number): Promise<sendLease.FailedSend[]> {
    return sendLease.listFailed(db, T, limit);
  }

  /** Failed digests back to pending; their crossings stayed with them ('digest'), so they go too. */
  async requeueFailed(db: Queryable): Promise<string[]> {
    return sendLease.requeueFailed(db, T);
  }
}
