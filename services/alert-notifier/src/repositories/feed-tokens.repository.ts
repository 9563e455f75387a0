import { Injectable } from '@nestjs/common';
import { sql, typedQueries, type Queryable } from '@pt/platform';
import type { DB } from './schema';

export interface ActiveFeedToken {
  id: string;
  userId: string;
  createdAt: Date;
}

const T = 'alert_notifier.feed_tokens';

/** Private feed tokens, by their SHA-256 only (the token itself is never stored). */
@Injectable()
export class FeedTokensRepository {
  /** Until the transaction ends: the user's token changes take turns. */
  async lockUser(tx: Queryable, userId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`feed-token:${userId}`}))`.execute(
      typedQueries<DB>(tx),
    );
  }

  async findActiveByUser(db: Queryable, userId: string): Promise<ActiveFeedToken | undefined> {
    return typedQueries<DB>(db)
      .selectFrom(T)
      .select(['id', 'user_id as userId', 'created_at as createdAt'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async findActiveByHash(db: Queryable, tokenHash: string): Promise<ActiveFeedToken | undefined> {
    return typedQueries<DB>(db)
      .selectFrom(T)
      .select(['id', 'user_id as userId', 'created_at as createdAt'])
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  /** Ends the user's active token, if any; true when there was one. */
  async revokeActive(db: Queryable, userId: string, now: Date): Promise<boolean> {
    const result = await typedQueries<DB>(db)
      .updateTable(T)
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async insert(db: Queryable, token: { id: string; userId: string; tokenHash: string; createdAt: Date }) {
    await typedQueries<DB>(db)
      .insertInto(T)
      .values({
        id: token.id,
        user_id: token.userId,
        token_hash: token.tokenHash,
        created_at: token.createdAt,
      })
      .execute();
  }

  /** A deleted user's tokens, revoked ones too: nothing of theirs is kept. */
  async deleteByUser(db: Queryable, userId: string): Promise<void> {
    await typedQueries<DB>(db).deleteFrom(T).where('user_id', '=', userId).execute();
  }
}
