import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database, type Queryable } from '@pt/platform';

export interface SessionRow {
  id: string;
  user_id: string;
  /** How it was signed in (`password`, `oauth`, `otp`, `recovery`); null for older sessions. */
  auth_method: string | null;
  /** When it was signed in: refreshes never move it. */
  created_at: Date;
  refreshed_at: Date | null;
}

export interface RefreshTokenRow {
  id: string;
  session_id: string;
  user_id: string;
  parent_id: string | null;
  revoked_at: Date | null;
  created_at: Date;
}

/** auth.sessions and their refresh-token chains (auth.refresh_tokens). */
@Injectable()
export class SessionsRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  async insertSession(
    session: { id: string; userId: string; authMethod: string; userAgent?: string; ip?: string },
    now: Date,
    q: Queryable = this.db,
  ): Promise<void> {
    await q.query(
      `INSERT INTO auth.sessions (id, user_id, auth_method, user_agent, ip, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
      [session.id, session.userId, session.authMethod, session.userAgent ?? null, session.ip ?? null, now],
    );
  }

  async findSession(id: string, q: Queryable = this.db): Promise<SessionRow | undefined> {
    const { rows } = await q.query<SessionRow>(
      `SELECT id, user_id, auth_method, created_at, refreshed_at FROM auth.sessions WHERE id = $1`,
      [id],
    );
    return rows[0];
  }

  async touchRefreshed(id: string, now: Date, q: Queryable = this.db): Promise<void> {
    await q.query(`UPDATE auth.sessions SET refreshed_at = $2, updated_at = $2 WHERE id = $1`, [id, now]);
  }

  /** Deletes a session and, by cascade, every refresh token of its family; the ids deleted. */
  async deleteSession(id: string, q: Queryable = this.db): Promise<string[]> {
    const { rows } = await q.query<{ id: string }>(`DELETE FROM auth.sessions WHERE id = $1 RETURNING id`, [
      id,
    ]);
    return rows.map((row) => row.id);
  }

  /** Deletes the user's sessions (but one, when given); the ids deleted. */
  async deleteUserSessions(
    userId: string,
    exceptSessionId: string | null,
    q: Queryable = this.db,
  ): Promise<string[]> {
    const { rows } = await q.query<{ id: string }>(
      `DELETE FROM auth.sessions WHERE user_id = $1 AND ($2::uuid IS NULL OR id <> $2::uuid) RETURNING id`,
      [userId, exceptSessionId],
    );
    return rows.map((row) => row.id);
  }

  async insertRefreshToken(
    token: { sessionId: string; hash: string; parentId: string | null },
    now: Date,
    q: Queryable = this.db,
  ): Promise<string> {
    const { rows } = await q.query<{ id: string }>(
      `INSERT INTO auth.refresh_tokens (session_id, token_hash, parent_id, created_at) VALUES ($1, $2, $3, $4) RETURNING id::text AS id`,
      [token.sessionId, token.hash, token.parentId, now],
    );
    return rows[0].id;
  }

  /**
   * The token with this hash, locked for the rest of the transaction so two concurrent refreshes
   * with the same token take turns (the second then sees it revoked).
   */
  async findRefreshTokenForUpdate(hash: string, q: Queryable): Promise<RefreshTokenRow | undefined> {
    const { rows } = await q.query<RefreshTokenRow>(
      `SELECT t.id::text AS id, t.session_id, s.user_id, t.parent_id::text AS parent_id, t.revoked_at, t.created_at
       FROM auth.refresh_tokens t JOIN auth.sessions s ON s.id = t.session_id
       WHERE t.token_hash = $1
       FOR UPDATE OF t`,
      [hash],
    );
    return rows[0];
  }

  async revokeRefreshToken(id: string, now: Date, q: Queryable = this.db): Promise<void> {
    await q.query(
      `UPDATE auth.refresh_tokens SET revoked_at = $2 WHERE id = $1::bigint AND revoked_at IS NULL`,
      [id, now],
    );
  }
}
