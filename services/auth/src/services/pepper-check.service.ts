import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CLOCK, ConfigError, DATABASE, typedQueries, type Clock, type Database } from '@pt/platform';
import type { DB } from '../repositories/schema';
import { PasswordHasher } from './password-hasher.service';

/** What the canary hashes; never a password (it is public, in this file). */
const CANARY = 'auth pepper check v1';

/** The message a start under the wrong pepper fails with. */
export const WRONG_PEPPER_MESSAGE =
  'is not the pepper the passwords in this database were hashed with (auth.pepper_check): ' +
  'start with the AUTH_PASSWORD_PEPPER kept with this database or its backup; no password would match';

/**
 * Refuses to start when AUTH_PASSWORD_PEPPER is not the one this database's passwords were hashed
 * with: a backup restored under another pepper used to start, and then every
 * sign-in failed as a wrong password. The first start records a canary hash; a database that
 * predates the check gets one from the pepper it is started with.
 */
@Injectable()
export class PepperCheck implements OnModuleInit {
  private verified?: Promise<void>;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
  ) {}

  onModuleInit(): Promise<void> {
    return this.verify();
  }

  /** Resolves once the pepper matches (once per process); throws ConfigError when it does not. */
  verify(): Promise<void> {
    this.verified ??= this.db.withLock('auth:pepper-check', async (conn) => {
      const typed = typedQueries<DB>(conn);
      const row = await typed.selectFrom('auth.pepper_check').select('canary').executeTakeFirst();
      if (row) {
        if (await this.hasher.verify(row.canary, CANARY)) return;
        throw new ConfigError([{ variable: 'AUTH_PASSWORD_PEPPER', message: WRONG_PEPPER_MESSAGE }]);
      }
      await typed
        .insertInto('auth.pepper_check')
        .values({ id: true, canary: await this.hasher.hash(CANARY), created_at: this.clock.now() })
        .onConflict((c) => c.column('id').doNothing())
        .execute();
    });
    return this.verified;
  }
}
