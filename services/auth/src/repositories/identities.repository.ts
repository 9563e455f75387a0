import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database, type Queryable } from '@pt/platform';

export interface IdentityRow {
  id: string;
  user_id: string;
  provider: string;
  provider_id: string;
  identity_data: Record<string, unknown>;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, user_id, provider, provider_id, identity_data, last_sign_in_at, created_at, updated_at';

/** auth.identities: how a user signs in (email, google, facebook, twitter). */
@Injectable()
export class IdentitiesRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  async listByUser(userId: string, q: Queryable = this.db): Promise<IdentityRow[]> {
    const { rows } = await q.query<IdentityRow>(
      `SELECT ${COLUMNS} FROM auth.identities WHERE user_id = $1 ORDER BY created_at, provider`,
      [userId],
    );
    return rows;
  }

  async findByProvider(
    provider: string,
    providerId: string,
    q: Queryable = this.db,
  ): Promise<IdentityRow | undefined> {
    const { rows } = await q.query<IdentityRow>(
      `SELECT ${COLUMNS} FROM auth.identities WHERE provider = $1 AND provider_id = $2`,
      [provider, providerId],
    );
    return rows[0];
  }

  async insert(
    identity: Pick<IdentityRow, 'id' | 'user_id' | 'provider' | 'provider_id' | 'identity_data'>,
    now: Date,
    q: Queryable = this.db,
  ): Promise<void> {
    await q.query(
      `INSERT INTO auth.identities (id, user_id, provider, provider_id, identity_data, last_sign_in_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6, $6)`,
      [
        identity.id,
        identity.user_id,
        identity.provider,
        identity.provider_id,
        JSON.stringify(identity.identity_data),
        now,
      ],
    );
  }

  async touchSignIn(
    id: string,
    identityData: Record<string, unknown>,
    now: Date,
    q: Queryable = this.db,
  ): Promise<void> {
    await q.query(
      `UPDATE auth.identities SET identity_data = $2::jsonb, last_sign_in_at = $3, updated_at = $3 WHERE id = $1`,
      [id, JSON.stringify(identityData), now],
    );
  }
}
