import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pt/platform';

export interface ActiveFeedToken {
  id: string;
  userId: string;
  createdAt: Date;
}

const T = 'alert_notifier.feed_tokens';

/** Private feed tokens, by their SHA-256 only (the token itself is never stored). */
@Injectable()
export class FeedTokensRepository {
  async findActiveByUser(db: Queryable, userId: string): Promise<ActiveFeedToken | undefined> {
    const { rows } = await db.query<ActiveFeedToken>(
      `SELECT id, user_id AS "userId", created_at AS "createdAt" FROM ${T}
       WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId],
    );
    return rows[0];
  }

  async findActiveByHash(db: Queryable, tokenHash: string): Promise<ActiveFeedToken | undefined> {
    const { rows } = await db.query<ActiveFeedToken>(
      `SELECT id, user_id AS "userId", created_at AS "createdAt" FROM ${T}
       WHERE token_hash = $1 AND revoked_at IS NULL`,
      [tokenHash],
    );
    return rows[0];
  }

  /** Ends the user's active token, if any; true when there was one. */
  async revokeActive(db: Queryable, userId: string, now: Date): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE ${T} SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId, now],
    );
    return (rowCount ?? 0) > 0;
  }

  async insert(db: Queryable, token: { id: string; userId: string; tokenHash: string; createdAt: Date }) {
    await db.query(`INSERT INTO ${T} (id, user_id, token_hash, created_at) VALUES ($1, $2, $3, $4)`, [
      token.id,
      token.userId,
      token.tokenHash,
      token.createdAt,
    ]);
  }

  /** A deleted user's tokens, revoked ones too: nothing of theirs is kept. */
  async deleteByUser(db: Queryable, userId: string): Promise<void> {
    await db.query(`DELETE FROM ${T} WHERE user_id = $1`, [userId]);
  }
}
