import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { argon2id, hash as argon2Hash, verify as argon2Verify } from 'argon2';
import { AUTH_CONFIG } from '../tokens';
import type { AuthConfig } from '../config';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashing with argon2id and a pepper: the pepper is argon2's `secret` input, kept in
 * configuration and never in the database, so a stolen users table alone cannot be cracked
 * offline.
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private readonly secret: Buffer;
  private dummyHash?: Promise<string>;

  constructor(@Inject(AUTH_CONFIG) config: Pick<AuthConfig, 'pepper'>) {
    this.secret = Buffer.from(config.pepper, 'utf8');
  }

  onModuleInit(): void {
    void this.dummy();
  }

  hash(password: string): Promise<string> {
    return argon2Hash(password, { ...ARGON2_OPTIONS, secret: this.secret });
  }

  /** False for a wrong password and for a hash that cannot be read (never throws on bad input). */
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2Verify(hash, password, { secret: this.secret });
    } catch {
      return false;
    }
  }

  /**
   * Spends the time of one verification when there is no hash to check (unknown email, social-only
   * account), so response times do not tell which emails have accounts.
   */
  async verifyDummy(password: string): Promise<false> {
    await this.verify(await this.dummy(), password);
    return false;
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.hash('dummy password that never matches anything');
    return this.dummyHash;
  }
}
