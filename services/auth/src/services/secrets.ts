import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, base64url: refresh tokens, confirmation tokens, OAuth state and PKCE verifiers. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * How secrets are stored and looked up. A plain SHA-256 is enough here (unlike passwords): the
 * input has 256 bits of entropy, so there is nothing to brute-force, and lookups by hash stay
 * indexable.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time string comparison (through fixed-length digests, so lengths leak nothing either). */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(da, db);
}

/** RFC 7636 S256 code challenge of a verifier. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
