import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, typedQueries, type Database, type Queryable, type Selectable } from '@pt/platform';
import { jsonb, type JsonObject, type WithJson } from './json-columns';
import type { DB, IdentitiesTable } from './schema';

export type IdentityRow = WithJson<Selectable<IdentitiesTable>, { identity_data: JsonObject }>;

/** auth.identities: how a user signs in (email, google, facebook, twitter). */
@Injectable()
export class IdentitiesRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  async listByUser(userId: string, q: Queryable = this.db): Promise<IdentityRow[]> {
    return typedQueries<DB>(q)
      .selectFrom('auth.identities')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('provider')
      .$narrowType<{ identity_data: JsonObject }>()
      .execute();
  }

  async findByProvider(
    provider: string,
    providerId: string,
    q: Queryable = this.db,
  ): Promise<IdentityRow | undefined> {
    return typedQueries<DB>(q)
      .selectFrom('auth.identities')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_id', '=', providerId)
      .$narrowType<{ identity_data: JsonObject }>()
      .executeTakeFirst();
  }

  async insert(
    identity: Pick<IdentityRow, 'id' | 'user_id' | 'provider' | 'provider_id' | 'identity_data'>,
    now: Date,
    q: Queryable = this.db,
  ): Promise<void> {
    await typedQueries<DB>(q)
      .insertInto('auth.identities')
      .values({
        id: identity.id,
        user_id: identity.user_id,
        provider: identity.provider,
        provider_id: identity.provider_id,
        identity_data: jsonb(identity.identity_data),
        last_sign_in_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  async touchSignIn(id: string, identityData: JsonObject, now: Date, q: Queryable = this.db): Promise<void> {
    await typedQueries<DB>(q)
      .updateTable('auth.identities')
      .set({ identity_data: jsonb(identityData), last_sign_in_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
}
