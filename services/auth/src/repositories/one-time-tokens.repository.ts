import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, typedQueries, type Database, type Queryable, type Selectable } from '@pt/platform';
import type { DB, OneTimeTokensTable } from './schema';

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
    const typed = typedQueries<DB>(q);
    await typed
      .deleteFrom('auth.one_time_tokens')
      .where('user_id', '=', token.userId)
      .where('token_type', '=', token.type)
      .execute();
    await typed
      .insertInto('auth.one_time_tokens')
      .values({
        token_hash: token.hash,
        user_id: token.userId,
        token_type: token.type,
        expires_at: token.expiresAt,
        created_at: now,
      })
      .execute();
  }

  /** Deletes and returns the token: a second use finds nothing. Expired tokens are consumed too. */
  async consume(
    hash: string,
    type: OneTimeTokenType,
    q: Queryable,
  ): Promise<Pick<Selectable<OneTimeTokensTable>, 'user_id' | 'expires_at'> | undefined> {
    return typedQueries<DB>(q)
      .deleteFrom('auth.one_time_tokens')
      .where('token_hash', '=', hash)
      .where('token_type', '=', type)
      .returning(['user_id', 'expires_at'])
      .executeTakeFirst();
  }
}
