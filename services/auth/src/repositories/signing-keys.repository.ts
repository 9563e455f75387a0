import { Inject, Injectable } from '@nestjs/common';
import type { JWK } from 'jose';
import { DATABASE, typedQueries, type Database, type Queryable, type Selectable } from '@pt/platform';
import type { SealedJwk } from '../services/key-encryption';
import { jsonb, type WithJson } from './json-columns';
import type { DB, SigningKeysTable } from './schema';

/** `private_jwk` is sealed (AES-256-GCM); a plain JWK in rows of earlier versions. */
interface KeyJson {
  private_jwk: JWK | SealedJwk;
  public_jwk: JWK;
}

export type SigningKeyRow = WithJson<Selectable<SigningKeysTable>, KeyJson>;

/** auth.signing_keys: the ES256 key pairs generated at first start (when none is configured). */
@Injectable()
export class SigningKeysRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  /** Newest first: the first one signs, all of them verify. */
  async list(q: Queryable = this.db): Promise<SigningKeyRow[]> {
    return typedQueries<DB>(q)
      .selectFrom('auth.signing_keys')
      .select(['kid', 'private_jwk', 'public_jwk', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('kid')
      .$narrowType<KeyJson>()
      .execute();
  }

  async replacePrivate(kid: string, sealed: SealedJwk, q: Queryable = this.db): Promise<void> {
    await typedQueries<DB>(q)
      .updateTable('auth.signing_keys')
      .set({ private_jwk: jsonb(sealed) })
      .where('kid', '=', kid)
      .execute();
  }

  async insert(key: Omit<SigningKeyRow, 'created_at'>, now: Date, q: Queryable = this.db): Promise<void> {
    await typedQueries<DB>(q)
      .insertInto('auth.signing_keys')
      .values({
        kid: key.kid,
        private_jwk: jsonb(key.private_jwk),
        public_jwk: jsonb(key.public_jwk),
        created_at: now,
      })
      .execute();
  }
}
