import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, DEFAULT_JWT_ISSUER, Lru, type VerifiedUser } from '@pt/platform';

export interface AccessTokenVerifierOptions {
  /**
   * The auth service's JWKS (`…/auth/v1/.well-known/jwks.json`). A function when the address is
   * known only after start-up (the embedded host listens on a port picked at random).
   */
  jwksUrl: string | URL | (() => string | URL);
  /** `iss` the tokens must carry: AUTH_JWT_ISSUER, or the auth service's default. */
  issuer?: string;
  /**
   * How long a token that verified is taken as verified without checking its signature again
   * (never past its `exp`), and how many such tokens are kept. A signature check (ES256) costs
   * more than the rest of a proxied request; a browser sends the same token on every call.
   * Revocation is not cached: the gateway checks it on every request.
   */
  cache?: { maxAgeMs: number; maxEntries: number };
  now?: () => number;
}

/** A verified token stays verified for 30 s; 10,000 tokens are a few MB. */
export const VERIFIED_TOKEN_CACHE = { maxAgeMs: 30_000, maxEntries: 10_000 };

export class InvalidAccessTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidAccessTokenError';
  }
}

export interface AccessTokenVerifier {
  verify(token: string): Promise<VerifiedUser>;
  /** The user and the token's `exp` (seconds), which bounds what the gateway forwards. */
  verifyWithExpiry(token: string): Promise<{ user: VerifiedUser; expiresAt: number }>;
  /**
   * The user of a token that verified recently and has not expired, without verifying anything:
   * undefined for any other token. Never a proof of identity, only a hint (see recalledUser).
   */
  recall(token: string): VerifiedUser | undefined;
}

/**
 * Verifies access tokens against the auth service's JWKS: ES256 only (no `alg: none`, no HMAC
 * confusion), issuer, audience and expiry checked. Keys are fetched once and cached; an unknown
 * `kid` refetches (rate limited by jose), so a key rotation needs no gateway restart.
 */
export function createAccessTokenVerifier({
  jwksUrl,
  issuer = DEFAULT_JWT_ISSUER,
  cache = VERIFIED_TOKEN_CACHE,
  now = Date.now,
}: AccessTokenVerifierOptions): AccessTokenVerifier {
  const verified = new Lru<string, { user: VerifiedUser; expiresAt: number }>(
    cache.maxEntries,
    cache.maxAgeMs,
    now,
  );
  let keySet: JWTVerifyGetKey | undefined;
  const keys: JWTVerifyGetKey = (header, token) => {
    keySet ??= createRemoteJWKSet(new URL(String(typeof jwksUrl === 'function' ? jwksUrl() : jwksUrl)), {
      timeoutDuration: 5000,
    });
    return keySet(header, token);
  };
  const verifySignature = async (token: string): Promise<{ user: VerifiedUser; expiresAt: number }> => {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: ['ES256'],
        issuer,
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'exp'],
        currentDate: new Date(now()),
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw new InvalidAccessTokenError('invalid JWT: token is expired');
      if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) {
        throw new InvalidAccessTokenError('invalid JWT: unable to parse or verify signature');
      }
      throw error;
    }
    if (typeof payload.sub !== 'string' || !payload.sub)
      throw new InvalidAccessTokenError('invalid JWT: missing subject');
    const user: VerifiedUser = { id: payload.sub, role: payload.role === 'admin' ? 'admin' : 'user' };
    if (typeof payload.email === 'string') user.email = payload.email;
    if (typeof payload.session_id === 'string') user.sessionId = payload.session_id;
    return { user, expiresAt: payload.exp as number };
  };
  const verifyWithExpiry = async (token: string): Promise<{ user: VerifiedUser; expiresAt: number }> => {
    const known = verified.get(token);
    if (known && known.expiresAt * 1000 > now())
      return { user: { ...known.user }, expiresAt: known.expiresAt };
    if (known) verified.delete(token); // expired since: verify again, which says so
    const result = await verifySignature(token);
    verified.set(token, { user: { ...result.user }, expiresAt: result.expiresAt });
    return result;
  };
  return {
    verifyWithExpiry,
    recall(token) {
      const known = verified.get(token);
      return known && known.expiresAt * 1000 > now() ? { ...known.user } : undefined;
    },
    async verify(token) {
      return (await verifyWithExpiry(token)).user;
    },
  };
}
