import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, typedQueries, type Database, type Queryable, type Selectable } from '@pt/platform';
import type { DB, OauthStatesTable } from './schema';

export type OAuthStateRow = Pick<
  Selectable<OauthStatesTable>,
  'provider' | 'redirect_to' | 'code_verifier' | 'expires_at'
>;

/** auth.oauth_states: the `state` of each sign-in in flight at a provider. */
@Injectable()
export class OAuthStatesRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  async insert(
    state: {
      hash: string;
      provider: string;
      redirectTo: string;
      codeVerifier: string | null;
      expiresAt: Date;
    },
    now: Date,
    q: Queryable = this.db,
  ): Promise<void> {
    const typed = typedQueries<DB>(q);
    // Abandoned sign-ins would pile up; each insert sweeps the expired ones.
    await typed.deleteFrom('auth.oauth_states').where('expires_at', '<', now).execute();
    await typed
      .insertInto('auth.oauth_states')
      .values({
        state_hash: state.hash,
        provider: state.provider,
        redirect_to: state.redirectTo,
        code_verifier: state.codeVerifier,
        expires_at: state.expiresAt,
        created_at: now,
      })
      .execute();
  }

  /** Single use: deletes and returns the state. */
  async consume(hash: string, q: Queryable = this.db): Promise<OAuthStateRow | undefined> {
    return typedQueries<DB>(q)
      .deleteFrom('auth.oauth_states')
      .where('state_hash', '=', hash)
      .returning(['provider', 'redirect_to', 'code_verifier', 'expires_at'])
      .executeTakeFirst();
  }
}
