import { Injectable } from '@nestjs/common';
import { ALERT_BASES, type AlertBasis, type AlertReason } from '@pt/domain';
import { sql, typedQueries, type Queryable, type Selectable } from '@pt/platform';
import { checked } from './checked';
import { contactJson, toContact, type ContactRecord, type ContactRow } from './contacts.repository';
import { CROSSING_COLUMNS, toCrossing } from './notifications.repository';
import type { ContactsTable, DB, DigestsTable, NotificationsTable } from './schema';
import { LeasedRows } from './send-lease';

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

/** A digest as claimed; its day as text (YYYY-MM-DD), the user's local day it covers. */
type DigestRecord = Pick<Selectable<DigestsTable>, 'id' | 'user_id' | 'created_at'> & { digest_day: string };

/**
 * Daily digests: one row per (user, local day), and the crossings each one carries. Sent under the
 * lease of a price-drop notification (send-lease.ts).
 */
@Injectable()
export class DigestsRepository extends LeasedRows {
  protected readonly table = T;

  /** Users with crossings no digest has taken yet, earliest first. */
  async findWaitingUsers(db: Queryable, limit: number): Promise<WaitingDigestUser[]> {
    const { rows } = await sql<
      Pick<Selectable<NotificationsTable>, 'user_id'> &
        Pick<Selectable<ContactsTable>, 'digest_hour' | 'time_zone'> & { earliest_day: string }
    >`
      SELECT n.user_id, min(n.digest_day)::text AS earliest_day, c.digest_hour, c.time_zone
        FROM alert_notifier.notifications n JOIN alert_notifier.contacts c ON c.user_id = n.user_id
       WHERE n.status = 'digest' AND n.digest_id IS NULL
       GROUP BY n.user_id, c.digest_hour, c.time_zone
       ORDER BY 2 LIMIT ${limit}`.execute(typedQueries<DB>(db));
    return rows.map((r) => ({
      userId: r.user_id,
      earliestDay: r.earliest_day,
      digestHour: r.digest_hour,
      timeZone: r.time_zone,
    }));
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
    const { rows } = await sql<Pick<Selectable<DigestsTable>, 'id'>>`
      WITH d AS (
        INSERT INTO alert_notifier.digests (id, user_id, digest_day, created_at)
        VALUES (${id}, ${userId}, ${day}::date, ${now})
        ON CONFLICT (user_id, digest_day) DO NOTHING RETURNING id
      ), taken AS (
        UPDATE alert_notifier.notifications n SET digest_id = d.id FROM d
         WHERE n.user_id = ${userId} AND n.status = 'digest' AND n.digest_id IS NULL
           AND n.digest_day <= ${day}::date
        RETURNING n.id
      )
      SELECT d.id, (SELECT count(*)::int FROM taken) AS items FROM d`.execute(typedQueries<DB>(db));
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
    const { rows } = await sql<DigestRecord & { contact: ContactRecord | null }>`
      WITH claimed AS (
        ${this.claimStatement({ id, now, leaseMs, holder })}
        RETURNING id, user_id, digest_day::text AS digest_day, created_at
      )
      SELECT claimed.*, ${contactJson('claimed.user_id')} AS contact FROM claimed`.execute(
      typedQueries<DB>(db),
    );
    const row = rows[0];
    if (!row) return undefined;
    const digest = { id: row.id, userId: row.user_id, digestDay: row.digest_day, createdAt: row.created_at };
    return { digest, ...(row.contact ? { contact: toContact(row.contact) } : {}) };
  }

  /** The crossings a digest carries, oldest first, with whether their alert is still on. */
  async items(db: Queryable, digestId: string): Promise<DigestItemRow[]> {
    const rows = await typedQueries<DB>(db)
      .selectFrom('alert_notifier.notifications as n')
      .leftJoin('alert_notifier.alerts as a', 'a.id', 'n.alert_id')
      .select((eb) => [
        ...CROSSING_COLUMNS,
        'n.alert_id',
        'n.basis',
        'n.shipping',
        eb.fn.coalesce('a.is_active', eb.lit(false)).as('alert_active'),
      ])
      .where('n.digest_id', '=', digestId)
      .orderBy('n.created_at')
      .orderBy('n.id')
      .execute();
    return rows.map((r) => ({
      ...toCrossing(r),
      alertId: r.alert_id,
      alertActive: r.alert_active,
      basis: checked(ALERT_BASES, r.basis, 'notifications.basis'),
      shipping: r.shipping,
    }));
  }

  async markHandedOff(db: Queryable, id: string, holder: string, now: Date): Promise<void> {
    await typedQueries<DB>(db)
      .updateTable(T)
      .set({ handed_off_at: now })
      .where('id', '=', id)
      .where('claimed_by', '=', holder)
      .execute();
  }

  /** The digest and the crossings it listed are sent (one message id for all). */
  async markSent(db: Queryable, id: string, messageId: string, now: Date): Promise<void> {
    await sql`
      WITH d AS (
        UPDATE alert_notifier.digests
           SET status = 'sent', message_id = ${messageId}, sent_at = ${now}, lease_until = NULL, last_error = NULL
         WHERE id = ${id} RETURNING id
      )
      UPDATE alert_notifier.notifications n SET status = 'sent', message_id = ${messageId}, sent_at = ${now}
        FROM d
       WHERE n.digest_id = d.id AND n.status = 'digest'`.execute(typedQueries<DB>(db));
  }

  /** Crossings a digest leaves out (their alert was switched off since): skipped with `reason`. */
  async skipItems(db: Queryable, ids: readonly string[], reason: string): Promise<void> {
    if (ids.length === 0) return;
    await typedQueries<DB>(db)
      .updateTable(N)
      .set({ status: 'skipped', skip_reason: reason })
      .where(sql<boolean>`id = ANY(${[...ids]}::uuid[])`)
      .execute();
  }

  /** Nothing to send (emails switched off meanwhile, or every alert off): the digest and its items. */
  async markSkipped(db: Queryable, id: string, reason: string): Promise<void> {
    await sql`
      WITH d AS (
        UPDATE alert_notifier.digests SET status = 'skipped', skip_reason = ${reason}, lease_until = NULL
         WHERE id = ${id} RETURNING id
      )
      UPDATE alert_notifier.notifications n SET status = 'skipped', skip_reason = ${reason} FROM d
       WHERE n.digest_id = d.id AND n.status = 'digest'`.execute(typedQueries<DB>(db));
  }
}
