import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database, type Queryable } from '@pt/platform';

export type OneTimeTokenType = 'confirmation' | 'recovery';

/** auth.one_time_tokens: hashed, single-use, expiring tokens sent by email. */
@Injectable()
export class OneTimeTokensRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  /** Stores a new token and drops the user's earlier ones of that type: only the latest email works. */
  async replace(
    token: { hash: string; userId: string; type: OneTimeTokenType; expiresAt: Date },
    now: Date,
    q: Queryable = this.db,
  ): Promise<void> {
    await q.query(`DELETE FROM auth.one_time_tokens WHERE user_id = $1 AND token_type = $2`, [
      token.userId,
      token.type,
    ]);
    await q.query(
      `INSERT INTO auth.one_time_tokens (token_hash, user_id, token_type, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [token.hash, token.userId, token.type, token.expiresAt, now],
    );
  }

  /** Deletes and returns the token: a second use finds nothing. Expired tokens are consumed too. */
  async consume(
    hash: string,
    type: OneTimeTokenType,
    q: Queryable,
  ): Promise<{ user_id: string; expires_at: Date } | undefined> {
    const { rows } = await q.query<{ user_id: string; expires_at: Date }>(
      `DELETE FROM auth.one_time_tokens WHERE token_hash = $1 AND token_type = $2 RETURNING user_id, expires_at`,
      [hash, type],
    );
    return rows[0];
  }
}
