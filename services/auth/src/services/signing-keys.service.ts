import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type JWK,
  type KeyLike,
} from 'jose';
import { CLOCK, DATABASE, LOGGER, type Clock, type Database, type Logger } from '@pt/platform';
import { AUTH_CONFIG } from '../tokens';
import type { AuthConfig } from '../config';
import { SigningKeysRepository, type SigningKeyRow } from '../repositories/signing-keys.repository';
import { derivedKey } from './secrets';
import { encryptionKeyOf, isSealed, openJwk, sealJwk } from './key-encryption';
import { PepperCheck } from './pepper-check.service';

export const JWT_ALG = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: KeyLike;
}

/** The private JWK parsed from AUTH_JWT_PRIVATE_KEY (JWK JSON or PKCS#8 PEM). */
export async function parseConfiguredKey(value: string): Promise<JWK> {
  const trimmed = value.trim();
  if (trimmed.startsWith('{')) {
    const jwk = JSON.parse(trimmed) as JWK;
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d)
      throw new Error('AUTH_JWT_PRIVATE_KEY must be a private EC P-256 JWK (ES256)');
    return jwk;
  }
  const key = await importPKCS8(trimmed.replace(/\\n/g, '\n'), JWT_ALG, { extractable: true });
  return exportJWK(key);
}

export function publicPart(jwk: JWK): JWK {
  const { kty, crv, x, y } = jwk;
  return { kty, crv, x, y };
}

/**
 * The ES256 key that signs access tokens and the public keys the JWKS endpoint publishes. The key
 * comes from configuration, or is generated once (under a lock, so replicas starting together
 * agree) and kept in auth.signing_keys.
 */
@Injectable()
export class SigningKeysService implements OnModuleInit {
  private signing?: SigningKey;
  private publicJwks: JWK[] = [];

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(AUTH_CONFIG)
    private readonly config: Pick<AuthConfig, 'privateKey' | 'keyEncryptionKey' | 'pepper'>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly keys: SigningKeysRepository,
    private readonly pepper: PepperCheck,
  ) {}

  async onModuleInit(): Promise<void> {
    // A wrong pepper first: it would otherwise fail here as an undecryptable key, naming the other
    // variable, when the key is derived from the pepper.
    await this.pepper.verify();
    const privateJwk = this.config.privateKey
      ? await parseConfiguredKey(this.config.privateKey)
      : await this.storedOrGenerated();
    const kid = privateJwk.kid ?? (await calculateJwkThumbprint(publicPart(privateJwk)));
    this.signing = { kid, privateKey: (await importJWK(privateJwk, JWT_ALG)) as KeyLike };
    const others = this.config.privateKey
      ? []
      : (await this.keys.list())
          .filter((row) => row.kid !== kid)
          .map((row) => ({ ...row.public_jwk, kid: row.kid }));
    this.publicJwks = [
      { ...publicPart(privateJwk), kid, alg: JWT_ALG, use: 'sig' },
      ...others.map((jwk) => ({ ...jwk, alg: JWT_ALG, use: 'sig' })),
    ];
  }

  /** A stored key, decrypted; one kept in the clear by an earlier version is encrypted in place. */
  private async privateOf(
    row: SigningKeyRow,
    conn: Parameters<SigningKeysRepository['list']>[0],
  ): Promise<JWK> {
    if (isSealed(row.private_jwk))
      return openJwk(row.private_jwk, this.encryptionKey(), row.kid, this.encryptionKeyVariable());
    await this.keys.replacePrivate(row.kid, sealJwk(row.private_jwk, this.encryptionKey(), row.kid), conn);
    this.logger.info({ kid: row.kid }, 'encrypted the stored access-token signing key');
    return row.private_jwk;
  }

  current(): SigningKey {
    if (!this.signing) throw new Error('signing keys are not loaded yet');
    return this.signing;
  }

  /** The JWKS document: public keys only. */
  jwks(): { keys: JWK[] } {
    return { keys: this.publicJwks };
  }

  /**
   * The key that encrypts generated keys at rest: AUTH_KEY_ENCRYPTION_KEY, or
   * outside production one derived from the pepper (production refuses to start without either
   * AUTH_JWT_PRIVATE_KEY or AUTH_KEY_ENCRYPTION_KEY).
   */
  private encryptionKey(): Buffer {
    return this.config.keyEncryptionKey
      ? encryptionKeyOf(this.config.keyEncryptionKey)
      : derivedKey(this.config.pepper, 'auth signing-key encryption v1');
  }

  /** The variable the encryption key comes from, for the message when it does not open a key. */
  private encryptionKeyVariable(): string {
    return this.config.keyEncryptionKey ? 'AUTH_KEY_ENCRYPTION_KEY' : 'AUTH_PASSWORD_PEPPER';
  }

  private async storedOrGenerated(): Promise<JWK> {
    return this.db.withLock('auth:signing-keys', async (conn) => {
      const existing = await this.keys.list(conn);
      if (existing[0]) return { ...(await this.privateOf(existing[0], conn)), kid: existing[0].kid };
      const { privateKey } = await generateKeyPair(JWT_ALG, { extractable: true });
      const privateJwk = await exportJWK(privateKey);
      const kid = await calculateJwkThumbprint(publicPart(privateJwk));
      await this.keys.insert(
        {
          kid,
          private_jwk: sealJwk(privateJwk, this.encryptionKey(), kid),
          public_jwk: publicPart(privateJwk),
        },
        this.clock.now(),
        conn,
      );
      this.logger.info({ kid }, 'generated the access-token signing key');
      return { ...privateJwk, kid };
    });
  }
}
