import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, DEFAULT_JWT_ISSUER, type VerifiedUser } from '@pt/platform';

export interface AccessTokenVerifierOptions {
  /**
   * The auth service's JWKS (`…/auth/v1/.well-known/jwks.json`). A function when the address is
   * known only after start-up (the embedded host listens on a port picked at random).
   */
  jwksUrl: string | URL | (() => string | URL);
  /** `iss` the tokens must carry: AUTH_JWT_ISSUER, or the auth service's default. */
  issuer?: string;
}

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
}

/**
 * Verifies access tokens against the auth service's JWKS: ES256 only (no `alg: none`, no HMAC
 * confusion), issuer, audience and expiry checked. Keys are fetched once and cached; an unknown
 * `kid` refetches (rate limited by jose), so a key rotation needs no gateway restart.
 */
export function createAccessTokenVerifier({
  jwksUrl,
  issuer = DEFAULT_JWT_ISSUER,
}: AccessTokenVerifierOptions): AccessTokenVerifier {
  let keySet: JWTVerifyGetKey | undefined;
  const keys: JWTVerifyGetKey = (header, token) => {
    keySet ??= createRemoteJWKSet(new URL(String(typeof jwksUrl === 'function' ? jwksUrl() : jwksUrl)), {
      timeoutDuration: 5000,
    });
    return keySet(header, token);
  };
  const verifyWithExpiry = async (token: string): Promise<{ user: VerifiedUser; expiresAt: number }> => {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: ['ES256'],
        issuer,
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'exp'],
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
  return {
    verifyWithExpiry,
    async verify(token) {
      return (await verifyWithExpiry(token)).user;
    },
  };
}
