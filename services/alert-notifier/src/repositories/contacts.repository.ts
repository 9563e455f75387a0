import { Injectable } from '@nestjs/common';
import { DEFAULT_DIGEST_PREFERENCES, type DigestDelivery } from '@pt/domain';
import type { Queryable } from '@pt/platform';

/** What the notifier knows of a user: the auth.user-changed projection plus the §3 preference. */
export interface ContactRow {
  userId: string;
  email: string | null;
  emailConfirmed: boolean;
  name: string | null;
  deleted: boolean;
  notifications: boolean;
  /** Instant emails or one daily digest at `digestHour` (0–23) local time in `timeZone`. */
  delivery: DigestDelivery;
  digestHour: number;
  timeZone: string;
}

/** The delivery part of the preferences: what PUT may change besides `notifications`. */
export interface DeliveryChange {
  delivery?: DigestDelivery;
  digestHour?: number;
  timeZone?: string;
}

/** A ContactRow's columns (the notifications repository reads a contact with its claim). */
export const CONTACT_COLUMNS = `user_id AS "userId", email, email_confirmed AS "emailConfirmed", name, deleted, notifications,
  delivery, digest_hour AS "digestHour", time_zone AS "timeZone"`;
const T = 'alert_notifier.contacts';

@Injectable()
export class ContactsRepository {
  async find(db: Queryable, userId: string): Promise<ContactRow | undefined> {
    const { rows } = await db.query<ContactRow>(`SELECT ${CONTACT_COLUMNS} FROM ${T} WHERE user_id = $1`, [
      userId,
    ]);
    return rows[0];
  }

  async findMany(db: Queryable, userIds: readonly string[]): Promise<Map<string, ContactRow>> {
    if (userIds.length === 0) return new Map();
    const { rows } = await db.query<ContactRow>(
      `SELECT ${CONTACT_COLUMNS} FROM ${T} WHERE user_id = ANY($1::text[])`,
      [[...new Set(userIds)]],
    );
    return new Map(rows.map((r) => [r.userId, r]));
  }

  /**
   * Applies one auth.user-changed. Fields absent from the event keep their value; a deleted user
   * stays deleted (a late "updated" must not bring the address back).
   */
  async applyUserChange(
    db: Queryable,
    change: { userId: string; email?: string; name?: string; confirmed?: boolean; deleted?: boolean },
    now: Date,
  ): Promise<void> {
    await db.query(
      `INSERT INTO ${T} (user_id, email, email_confirmed, name, deleted, updated_at)
       VALUES ($1, $2, COALESCE($3, false), $4, COALESCE($5, false), $6)
       ON CONFLICT (user_id) DO UPDATE SET
         email = CASE WHEN ${T}.deleted OR EXCLUDED.deleted THEN NULL ELSE COALESCE($2, ${T}.email) END,
         email_confirmed = CASE WHEN ${T}.deleted THEN false ELSE COALESCE($3, ${T}.email_confirmed) END,
         name = CASE WHEN ${T}.deleted OR EXCLUDED.deleted THEN NULL ELSE COALESCE($4, ${T}.name) END,
         deleted = ${T}.deleted OR COALESCE($5, false),
         updated_at = $6`,
      [
        change.userId,
        change.deleted ? null : (change.email ?? null),
        change.confirmed ?? null,
        change.deleted ? null : (change.name ?? null),
        change.deleted ?? null,
        now,
      ],
    );
  }

  /**
   * A signed-in user's verified address, used only while auth has not told us about the user yet
   * (a user who can sign in is confirmed, §4). Never overrides what auth.user-changed said.
   */
  async seedFromSignIn(db: Queryable, userId: string, email: string, now: Date): Promise<void> {
    await db.query(
      `INSERT INTO ${T} (user_id, email, email_confirmed, updated_at) VALUES ($1, $2, true, $3)
       ON CONFLICT (user_id) DO NOTHING`,
      [userId, email, now],
    );
  }

  async setNotifications(db: Queryable, userId: string, notifications: boolean, now: Date): Promise<void> {
    await db.query(
      `INSERT INTO ${T} (user_id, notifications, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET notifications = $2, updated_at = $3`,
      [userId, notifications, now],
    );
  }

  /** The delivery fields; those not given keep their value. */
  async setDelivery(db: Queryable, userId: string, change: DeliveryChange, now: Date): Promise<void> {
    await db.query(
      `INSERT INTO ${T} (user_id, delivery, digest_hour, time_zone, updated_at)
       VALUES ($1, COALESCE($2::text, $6::text), COALESCE($3::smallint, $7::smallint),
         COALESCE($4::text, $8::text), $5)
       ON CONFLICT (user_id) DO UPDATE SET
         delivery = COALESCE($2::text, ${T}.delivery),
         digest_hour = COALESCE($3::smallint, ${T}.digest_hour),
         time_zone = COALESCE($4::text, ${T}.time_zone),
         updated_at = $5`,
      [
        userId,
        change.delivery ?? null,
        change.digestHour ?? null,
        change.timeZone ?? null,
        now,
        DEFAULT_DIGEST_PREFERENCES.delivery,
        DEFAULT_DIGEST_PREFERENCES.digestHour,
        DEFAULT_DIGEST_PREFERENCES.timeZone,
      ],
    );
  }
}
