import { Inject, Injectable } from '@nestjs/common';
import type { JWK } from 'jose';
import { DATABASE, type Database, type Queryable } from '@pt/platform';

export interface SigningKeyRow {
  kid: string;
  private_jwk: JWK;
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

  async insert(key: Omit<SigningKeyRow, 'created_at'>, now: Date, q: Queryable = this.db): Promise<void> {
    await q.query(
      `INSERT INTO auth.signing_keys (kid, private_jwk, public_jwk, created_at) VALUES ($1, $2::jsonb, $3::jsonb, $4)`,
      [key.kid, JSON.stringify(key.private_jwk), JSON.stringify(key.public_jwk), now],
    );
  }
}
