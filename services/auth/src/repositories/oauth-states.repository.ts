import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database, type Queryable } from '@pt/platform';

export interface OAuthStateRow {
  provider: string;
  redirect_to: string;
  code_verifier: string | null;
  expires_at: Date;
}

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
    // Abandoned sign-ins would pile up; each insert sweeps the expired ones.
    await q.query(`DELETE FROM auth.oauth_states WHERE expires_at < $1`, [now]);
    await q.query(
      `INSERT INTO auth.oauth_states (state_hash, provider, redirect_to, code_verifier, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [state.hash, state.provider, state.redirectTo, state.codeVerifier, state.expiresAt, now],
    );
  }

  /** Single use: deletes and returns the state. */
  async consume(hash: string, q: Queryable = this.db): Promise<OAuthStateRow | undefined> {
    const { rows } = await q.query<OAuthStateRow>(
      `DELETE FROM auth.oauth_states WHERE state_hash = $1 RETURNING provider, redirect_to, code_verifier, expires_at`,
      [hash],
    );
    return rows[0];
  }
}
