import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database, type Queryable } from '@pt/platform';

export interface UserRow {
  id: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, email, encrypted_password, email_confirmed_at, confirmation_sent_at, app_metadata,
  user_metadata, last_sign_in_at, created_at, updated_at`;

/** auth.users. Every method takes the connection so use cases can run it inside their transaction. */
@Injectable()
export class UsersRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  async findByEmail(email: string, q: Queryable = this.db): Promise<UserRow | undefined> {
    const { rows } = await q.query<UserRow>(`SELECT ${COLUMNS} FROM auth.users WHERE email = $1`, [email]);
    return rows[0];
  }

  async findById(id: string, q: Queryable = this.db): Promise<UserRow | undefined> {
    const { rows } = await q.query<UserRow>(`SELECT ${COLUMNS} FROM auth.users WHERE id = $1`, [id]);
    return rows[0];
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
    const { rows } = await q.query<UserRow>(
      `INSERT INTO auth.users (id, email, encrypted_password, email_confirmed_at, app_metadata, user_metadata, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $7)
       ON CONFLICT (email) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        user.id,
        user.email,
        user.encrypted_password,
        user.email_confirmed_at,
        JSON.stringify(user.app_metadata),
        JSON.stringify(user.user_metadata),
        now,
      ],
    );
    return rows[0];
  }

  /** The row, locked for the rest of the transaction (a repeat signup against a confirmation). */
  async findByEmailForUpdate(email: string, q: Queryable): Promise<UserRow | undefined> {
    const { rows } = await q.query<UserRow>(`SELECT ${COLUMNS} FROM auth.users WHERE email = $1 FOR UPDATE`, [
      email,
    ]);
    return rows[0];
  }

  async setPassword(id: string, encryptedPassword: string, now: Date, q: Queryable = this.db): Promise<void> {
    await q.query(`UPDATE auth.users SET encrypted_password = $2, updated_at = $3 WHERE id = $1`, [
      id,
      encryptedPassword,
      now,
    ]);
  }

  /** Sets email_confirmed_at once; returns the row only when this call confirmed it. */
  async confirm(id: string, now: Date, q: Queryable = this.db): Promise<UserRow | undefined> {
    const { rows } = await q.query<UserRow>(
      `UPDATE auth.users SET email_confirmed_at = $2, updated_at = $2
       WHERE id = $1 AND email_confirmed_at IS NULL RETURNING ${COLUMNS}`,
      [id, now],
    );
    return rows[0];
  }

  async markConfirmationSent(id: string, now: Date, q: Queryable = this.db): Promise<void> {
    await q.query(`UPDATE auth.users SET confirmation_sent_at = $2 WHERE id = $1`, [id, now]);
  }

  async updateUserMetadata(
    id: string,
    userMetadata: Record<string, unknown>,
    now: Date,
    q: Queryable = this.db,
  ): Promise<UserRow | undefined> {
    const { rows } = await q.query<UserRow>(
      `UPDATE auth.users SET user_metadata = $2::jsonb, updated_at = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, JSON.stringify(userMetadata), now],
    );
    return rows[0];
  }

  async updateAppMetadata(
    id: string,
    appMetadata: Record<string, unknown>,
    now: Date,
    q: Queryable = this.db,
  ): Promise<void> {
    await q.query(`UPDATE auth.users SET app_metadata = $2::jsonb, updated_at = $3 WHERE id = $1`, [
      id,
      JSON.stringify(appMetadata),
      now,
    ]);
  }

  async clearPassword(id: string, now: Date, q: Queryable = this.db): Promise<void> {
    await q.query(`UPDATE auth.users SET encrypted_password = NULL, updated_at = $2 WHERE id = $1`, [
      id,
      now,
    ]);
  }

  async touchSignIn(id: string, now: Date, q: Queryable = this.db): Promise<void> {
    await q.query(`UPDATE auth.users SET last_sign_in_at = $2 WHERE id = $1`, [id, now]);
  }

  /** Deletes the user; identities, sessions, refresh and one-time tokens go with it (ON DELETE CASCADE). */
  async delete(id: string, q: Queryable = this.db): Promise<boolean> {
    const { rowCount } = await q.query(`DELETE FROM auth.users WHERE id = $1`, [id]);
    return rowCount > 0;
  }
}
