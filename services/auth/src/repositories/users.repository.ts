import { Inject, Injectable } from '@nestjs/common';
import {
  DATABASE,
  typedQueries,
  type Database,
  type Queryable,
  type Selectable,
  type Updateable,
} from '@pt/platform';
import { jsonb, type JsonObject, type WithJson } from './json-columns';
import type { DB, UsersTable } from './schema';

interface UserJson {
  app_metadata: JsonObject;
  user_metadata: JsonObject;
}

export type UserRow = WithJson<Selectable<UsersTable>, UserJson>;

/** auth.users. Every method takes the connection so use cases can run it inside their transaction. */
@Injectable()
export class UsersRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  async findByEmail(email: string, q: Queryable = this.db): Promise<UserRow | undefined> {
    return this.select(q).where('email', '=', email).executeTakeFirst();
  }

  async findById(id: string, q: Queryable = this.db): Promise<UserRow | undefined> {
    return this.select(q).where('id', '=', id).executeTakeFirst();
  }

  /** Inserts unless the email is taken; undefined then (the unique index decides, not a prior read). */
  async insert(
    user: Pick<
      UserRow,
      'id' | 'email' | 'encrypted_password' | 'email_confirmed_at' | 'app_metadata' | 'user_metadata'
    >,
    now: Date,
    q: Queryable = this.db,
  ): Promise<UserRow | undefined> {
    return typedQueries<DB>(q)
      .insertInto('auth.users')
      .values({
        id: user.id,
        email: user.email,
        encrypted_password: user.encrypted_password,
        email_confirmed_at: user.email_confirmed_at,
        app_metadata: jsonb(user.app_metadata),
        user_metadata: jsonb(user.user_metadata),
        created_at: now,
        updated_at: now,
      })
      .onConflict((c) => c.column('email').doNothing())
      .returningAll()
      .$narrowType<UserJson>()
      .executeTakeFirst();
  }

  /** The row, locked for the rest of the transaction (a repeat signup against a confirmation). */
  async findByEmailForUpdate(email: string, q: Queryable): Promise<UserRow | undefined> {
    return this.select(q).where('email', '=', email).forUpdate().executeTakeFirst();
  }

  async setPassword(id: string, encryptedPassword: string, now: Date, q: Queryable = this.db): Promise<void> {
    await this.update(q, id, { encrypted_password: encryptedPassword, updated_at: now });
  }

  /** Sets email_confirmed_at once; returns the row only when this call confirmed it. */
  async confirm(id: string, now: Date, q: Queryable = this.db): Promise<UserRow | undefined> {
    return typedQueries<DB>(q)
      .updateTable('auth.users')
      .set({ email_confirmed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('email_confirmed_at', 'is', null)
      .returningAll()
      .$narrowType<UserJson>()
      .executeTakeFirst();
  }

  async markConfirmationSent(id: string, now: Date, q: Queryable = this.db): Promise<void> {
    await this.update(q, id, { confirmation_sent_at: now });
  }

  async updateUserMetadata(
    id: string,
    userMetadata: JsonObject,
    now: Date,
    q: Queryable = this.db,
  ): Promise<UserRow | undefined> {
    return typedQueries<DB>(q)
      .updateTable('auth.users')
      .set({ user_metadata: jsonb(userMetadata), updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .$narrowType<UserJson>()
      .executeTakeFirst();
  }

  async updateAppMetadata(
    id: string,
    appMetadata: JsonObject,
    now: Date,
    q: Queryable = this.db,
  ): Promise<void> {
    await this.update(q, id, { app_metadata: jsonb(appMetadata), updated_at: now });
  }

  async clearPassword(id: string, now: Date, q: Queryable = this.db): Promise<void> {
    await this.update(q, id, { encrypted_password: null, updated_at: now });
  }

  async touchSignIn(id: string, now: Date, q: Queryable = this.db): Promise<void> {
    await this.update(q, id, { last_sign_in_at: now });
  }

  /** Deletes the user; identities, sessions, refresh and one-time tokens go with it (ON DELETE CASCADE). */
  async delete(id: string, q: Queryable = this.db): Promise<boolean> {
    const result = await typedQueries<DB>(q).deleteFrom('auth.users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Every column: the row type is the table's, so a column a migration adds is read too. */
  private select(q: Queryable) {
    return typedQueries<DB>(q).selectFrom('auth.users').selectAll().$narrowType<UserJson>();
  }

  private async update(q: Queryable, id: string, values: Updateable<UsersTable>): Promise<void> {
    await typedQueries<DB>(q).updateTable('auth.users').set(values).where('id', '=', id).execute();
  }
}
