import { Inject, Injectable } from '@nestjs/common';
import type { JWK } from 'jose';
import { DATABASE, type Database, type Queryable } from '@pt/platform';
import type { SealedJwk } from '../services/key-encryption';

export interface SigningKeyRow {
  kid: string;
  /** Sealed (AES-256-GCM); a plain JWK in rows of earlier versions. */
  private_jwk: JWK | SealedJwk;
  public_jwk: JWK;
  created_at: Date;
}

/** auth.signing_keys: the ES256 key pairs generated at first start (when none is configured). */
@Injectable()
export class SigningKeysRepository {
  constructor(@Inject(DATABASE) readonly db: Database) {}

  /** Newest first: the first one signs, all of them verify. */
  async list(q: Queryable = this.db): Promise<SigningKeyRow[]> {
    const { rows } = await q.query<SigningKeyRow>(
      `SELECT kid, private_jwk, public_jwk, created_at FROM auth.signing_keys ORDER BY created_at DESC, kid`,
    );
    return rows;
  }

  async replacePrivate(kid: string, sealed: SealedJwk, q: Queryable = this.db): Promise<void> {
    await q.query(`UPDATE auth.signing_keys SET private_jwk = $2::jsonb WHERE kid = $1`, [
      kid,
      JSON.stringify(sealed),
    ]);
  }

  async insert(key: Omit<SigningKeyRow, 'created_at'>, now: Date, q: Queryable = this.db): Promise<void> {
    await q.query(
      `INSERT INTO auth.signing_keys (kid, private_jwk, public_jwk, created_at) VALUES ($1, $2::jsonb, $3::jsonb, $4)`,
      [key.kid, JSON.stringify(key.private_jwk), JSON.stringify(key.public_jwk), now],
    );
  }
}
