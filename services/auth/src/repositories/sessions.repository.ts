import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, typedQueries, type Database, type Queryable, type Selectable } from '@pt/platform';
import type { DB, RefreshTokensTable, SessionsTable } from './schema';

/**
 * A session as the service reads it: `auth_method` is how it was signed in (`password`, `oauth`,
 * `otp`, `recovery`; null for older sessions), `created_at` when (refreshes never move it).
 */
export type SessionRow = Pick<
  Selectable<SessionsTable>,
  'id' | 'user_id' | 'auth_method' | 'created_at' | 'refreshed_at'
>;

/** A refresh token with the user of its session. */
export type RefreshTokenRow = Pick<
  Selectable<RefreshTokensTable>,
  'id' | 'session_id' | 'parent_id' | 'revoked_at' | 'created_at'
> &
  Pick<Selectable<SessionsTable>, 'user_id'>;

/** auth.sessions and their refresh-token chains (auth.refresh_tokens). */
@Injectable()
export class SessionsRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  async insertSession(
    session: { id: string; userId: string; authMethod: string; userAgent?: string; ip?: string },
    now: Date,
    q: Queryable = this.db,
  ): Promise<void> {
    await typedQueries<DB>(q)
      .insertInto('auth.sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        auth_method: session.authMethod,
        user_agent: session.userAgent ?? null,
        ip: session.ip ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  async findSession(id: string, q: Queryable = this.db): Promise<SessionRow | undefined> {
    return typedQueries<DB>(q)
      .selectFrom('auth.sessions')
      .select(['id', 'user_id', 'auth_method', 'created_at', 'refreshed_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async touchRefreshed(id: string, now: Date, q: Queryable = this.db): Promise<void> {
    await typedQueries<DB>(q)
      .updateTable('auth.sessions')
      .set({ refreshed_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes a session and, by cascade, every refresh token of its family; the ids deleted. */
  async deleteSession(id: string, q: Queryable = this.db): Promise<string[]> {
    const rows = await typedQueries<DB>(q)
      .deleteFrom('auth.sessions')
      .where('id', '=', id)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Deletes the user's sessions (but one, when given); the ids deleted. */
  async deleteUserSessions(
    userId: string,
    exceptSessionId: string | null,
    q: Queryable = this.db,
  ): Promise<string[]> {
    let query = typedQueries<DB>(q).deleteFrom('auth.sessions').where('user_id', '=', userId);
    if (exceptSessionId !== null) query = query.where('id', '<>', exceptSessionId);
    const rows = await query.returning('id').execute();
    return rows.map((row) => row.id);
  }

  async insertRefreshToken(
    token: { sessionId: string; hash: string; parentId: number | null },
    now: Date,
    q: Queryable = this.db,
  ): Promise<number> {
    const row = await typedQueries<DB>(q)
      .insertInto('auth.refresh_tokens')
      .values({
        session_id: token.sessionId,
        token_hash: token.hash,
        parent_id: token.parentId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * The token with this hash, locked for the rest of the transaction so two concurrent refreshes
   * with the same token take turns (the second then sees it revoked).
   */
  async findRefreshTokenForUpdate(hash: string, q: Queryable): Promise<RefreshTokenRow | undefined> {
    return typedQueries<DB>(q)
      .selectFrom('auth.refresh_tokens as t')
      .innerJoin('auth.sessions as s', 's.id', 't.session_id')
      .select(['t.id', 't.session_id', 's.user_id', 't.parent_id', 't.revoked_at', 't.created_at'])
      .where('t.token_hash', '=', hash)
      .forUpdate('t')
      .executeTakeFirst();
  }

  async revokeRefreshToken(id: number, now: Date, q: Queryable = this.db): Promise<void> {
    await typedQueries<DB>(q)
      .updateTable('auth.refresh_tokens')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
