import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { JWK } from 'jose';

/** A private JWK as auth.signing_keys keeps it when generated here: AES-256-GCM, never in the clear. */
export interface SealedJwk {
  enc: 'A256GCM';
  iv: string;
  tag: string;
  data: string;
}

export const isSealed = (value: unknown): value is SealedJwk =>
  typeof value === 'object' && value !== null && (value as { enc?: unknown }).enc === 'A256GCM';

/** The 256-bit key from AUTH_KEY_ENCRYPTION_KEY (any length of secret; hashed to 32 bytes). */
export const encryptionKeyOf = (secret: string): Buffer =>
  createHash('sha256').update(`auth signing-key encryption v1:${secret}`, 'utf8').digest();

/** `kid` is bound as associated data: a sealed key cannot be swapped into another row. */
export function sealJwk(jwk: JWK, key: Buffer, kid: string): SealedJwk {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(kid, 'utf8'));
  const data = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
  return {
    enc: 'A256GCM',
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
}

/** Throws when the key is not the one it was sealed with (or the row was tampered with). */
export function openJwk(
  sealed: SealedJwk,
  key: Buffer,
  kid: string,
  variable = 'AUTH_KEY_ENCRYPTION_KEY',
): JWK {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64url'));
  decipher.setAAD(Buffer.from(kid, 'utf8'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
  try {
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as JWK;
  } catch {
    throw new Error(
      `the stored signing key ${kid} cannot be decrypted: ${variable} is not the one it was stored with`,
    );
  }
}
