import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { typedQueries, type Queryable } from '@pt/platform';
import type { DB } from './schema';

@Injectable()
export class SigningSecretsRepository {
  /** The secret for a purpose: created once (first writer wins), then read by every instance. */
  async getOrCreate(db: Queryable, purpose: string): Promise<string> {
    const typed = typedQueries<DB>(db);
    await typed
      .insertInto('alert_notifier.signing_secrets')
      .values({ purpose, secret: randomBytes(32).toString('base64url') })
      .onConflict((c) => c.column('purpose').doNothing())
      .execute();
    const row = await typed
      .selectFrom('alert_notifier.signing_secrets')
      .select('secret')
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    if (!row) throw new Error(`no signing secret for ${purpose}`);
    return row.secret;
  }
}
