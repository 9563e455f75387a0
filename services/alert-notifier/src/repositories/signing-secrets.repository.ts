import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pt/platform';

@Injectable()
export class SigningSecretsRepository {
  /** The secret for a purpose: created once (first writer wins), then read by every instance. */
  async getOrCreate(db: Queryable, purpose: string): Promise<string> {
    await db.query(
      `INSERT INTO alert_notifier.signing_secrets (purpose, secret) VALUES ($1, $2) ON CONFLICT (purpose) DO NOTHING`,
      [purpose, randomBytes(32).toString('base64url')],
    );
    const { rows } = await db.query<{ secret: string }>(
      `SELECT secret FROM alert_notifier.signing_secrets WHERE purpose = $1`,
      [purpose],
    );
    const secret = rows[0]?.secret;
    if (!secret) throw new Error(`no signing secret for ${purpose}`);
    return secret;
  }
}
