import { Injectable } from '@nestjs/common';
import { DEFAULT_DIGEST_PREFERENCES, DIGEST_DELIVERIES, type DigestDelivery } from '@pt/domain';
import { sql, typedQueries, type Queryable, type Selectable } from '@pt/platform';
import { checked } from './checked';
import type { ContactsTable, DB } from './schema';

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

/** The columns a ContactRow is read from. */
const CONTACT_COLUMNS = [
  'user_id',
  'email',
  'email_confirmed',
  'name',
  'deleted',
  'notifications',
  'delivery',
  'digest_hour',
  'time_zone',
] as const;

/** A contact as read: its columns as the schema types them. */
export type ContactRecord = Pick<Selectable<ContactsTable>, (typeof CONTACT_COLUMNS)[number]>;

export const toContact = (r: ContactRecord): ContactRow => ({
  userId: r.user_id,
  email: r.email,
  emailConfirmed: r.email_confirmed,
  name: r.name,
  deleted: r.deleted,
  notifications: r.notifications,
  delivery: checked(DIGEST_DELIVERIES, r.delivery, 'contacts.delivery'),
  digestHour: r.digest_hour,
  timeZone: r.time_zone,
});

/**
 * The contact of `userId` (a column of the statement) as one JSON object, NULL when there is none:
 * how the send claims read the recipient in their own statement. Its columns are text, booleans
 * and a smallint, which JSON carries as the database port would return them.
 */
export const contactJson = (userId: string) =>
  sql<ContactRecord | null>`(SELECT row_to_json(c) FROM (
    SELECT ${sql.join(CONTACT_COLUMNS.map((column) => sql.ref(column)))} FROM alert_notifier.contacts
     WHERE user_id = ${sql.ref(userId)}) c)`;

@Injectable()
export class ContactsRepository {
  async find(db: Queryable, userId: string): Promise<ContactRow | undefined> {
    const row = await typedQueries<DB>(db)
      .selectFrom('alert_notifier.contacts')
      .select(CONTACT_COLUMNS)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && toContact(row);
  }

  async findMany(db: Queryable, userIds: readonly string[]): Promise<Map<string, ContactRow>> {
    if (userIds.length === 0) return new Map();
    const rows = await typedQueries<DB>(db)
      .selectFrom('alert_notifier.contacts')
      .select(CONTACT_COLUMNS)
      .where(sql<boolean>`user_id = ANY(${[...new Set(userIds)]}::text[])`)
      .execute();
    return new Map(rows.map((r) => [r.user_id, toContact(r)]));
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
    const email = sql`${change.deleted ? null : (change.email ?? null)}::text`;
    const name = sql`${change.deleted ? null : (change.name ?? null)}::text`;
    const confirmed = sql`${change.confirmed ?? null}::boolean`;
    const deleted = sql`${change.deleted ?? null}::boolean`;
    await sql`
      INSERT INTO alert_notifier.contacts AS c (user_id, email, email_confirmed, name, deleted, updated_at)
      VALUES (${change.userId}, ${email}, COALESCE(${confirmed}, false), ${name}, COALESCE(${deleted}, false), ${now})
      ON CONFLICT (user_id) DO UPDATE SET
        email = CASE WHEN c.deleted OR EXCLUDED.deleted THEN NULL ELSE COALESCE(${email}, c.email) END,
        email_confirmed = CASE WHEN c.deleted THEN false ELSE COALESCE(${confirmed}, c.email_confirmed) END,
        name = CASE WHEN c.deleted OR EXCLUDED.deleted THEN NULL ELSE COALESCE(${name}, c.name) END,
        deleted = c.deleted OR COALESCE(${deleted}, false),
        updated_at = ${now}`.execute(typedQueries<DB>(db));
  }

  /**
   * A signed-in user's verified address, used only while auth has not told us about the user yet
   * (a user who can sign in is confirmed, §4). Never overrides what auth.user-changed said.
   */
  async seedFromSignIn(db: Queryable, userId: string, email: string, now: Date): Promise<void> {
    await typedQueries<DB>(db)
      .insertInto('alert_notifier.contacts')
      .values({ user_id: userId, email, email_confirmed: true, updated_at: now })
      .onConflict((c) => c.column('user_id').doNothing())
      .execute();
  }

  async setNotifications(db: Queryable, userId: string, notifications: boolean, now: Date): Promise<void> {
    await typedQueries<DB>(db)
      .insertInto('alert_notifier.contacts')
      .values({ user_id: userId, notifications, updated_at: now })
      .onConflict((c) => c.column('user_id').doUpdateSet({ notifications, updated_at: now }))
      .execute();
  }

  /** The delivery fields; those not given keep their value. */
  async setDelivery(db: Queryable, userId: string, change: DeliveryChange, now: Date): Promise<void> {
    const delivery = sql`${change.delivery ?? null}::text`;
    const digestHour = sql`${change.digestHour ?? null}::smallint`;
    const timeZone = sql`${change.timeZone ?? null}::text`;
    const defaults = DEFAULT_DIGEST_PREFERENCES;
    await sql`
      INSERT INTO alert_notifier.contacts AS c (user_id, delivery, digest_hour, time_zone, updated_at)
      VALUES (${userId}, COALESCE(${delivery}, ${defaults.delivery}::text),
              COALESCE(${digestHour}, ${defaults.digestHour}::smallint),
              COALESCE(${timeZone}, ${defaults.timeZone}::text), ${now})
      ON CONFLICT (user_id) DO UPDATE SET
        delivery = COALESCE(${delivery}, c.delivery),
        digest_hour = COALESCE(${digestHour}, c.digest_hour),
        time_zone = COALESCE(${timeZone}, c.time_zone),
        updated_at = ${now}`.execute(typedQueries<DB>(db));
  }
}
