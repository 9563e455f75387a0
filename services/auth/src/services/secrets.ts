import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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

/**
 * The successor of a refresh token: HMAC-SHA-256 of the token under a server-side key, base64url
 * (256 bits, like a random one). Deterministic, so the server can hand an already-rotated token's
 * current successor out again within the reuse interval without storing any token in the clear;
 * without the key (kept in configuration, never in the database) nobody can compute it.
 */
export function successorSecret(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(token, 'utf8').digest('base64url');
}

/** A key for one purpose, derived from a configured secret (domain separation). */
export function derivedKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(purpose, 'utf8').digest();
}
