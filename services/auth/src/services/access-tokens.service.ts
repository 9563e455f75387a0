import { Inject, Injectable } from '@nestjs/common';
import { createLocalJWKSet, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, CLOCK, DEFAULT_JWT_ISSUER, type Clock, type UserRole } from '@pt/platform';
import { AUTH_CONFIG } from '../tokens';
import type { AuthConfig } from '../config';
import { AuthError } from '../http/auth-error';
import { JWT_ALG, SigningKeysService } from './signing-keys.service';

/** The claims of an access token (Supabase's set, with `role` = admin for ADMIN_EMAILS). */
export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  aud: string;
  role: UserRole;
  email: string;
  session_id: string;
  exp: number;
  iat: number;
  iss: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  aal: 'aal1';
  amr: { method: string; timestamp: number }[];
  is_anonymous: false;
}

export interface TokenSubject {
  userId: string;
  email: string;
  role: UserRole;
  sessionId: string;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  /** How the session was established: password, oauth, otp (email link). */
  method: string;
  authenticatedAt: Date;
}

/** Signs and verifies ES256 access tokens (1 hour by default). */
@Injectable()
export class AccessTokensService {
  readonly issuer: string;
  readonly ttlS: number;

  constructor(
    @Inject(AUTH_CONFIG) config: Pick<AuthConfig, 'issuer' | 'accessTokenTtlS'>,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly keys: SigningKeysService,
  ) {
    this.issuer = config.issuer ?? DEFAULT_JWT_ISSUER;
    this.ttlS = config.accessTokenTtlS;
  }

  async sign(subject: TokenSubject): Promise<{ token: string; expiresAt: number }> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const expiresAt = iat + this.ttlS;
    const { kid, privateKey } = this.keys.current();
    const token = await new SignJWT({
      email: subject.email,
      role: subject.role,
      session_id: subject.sessionId,
      app_metadata: subject.appMetadata,
      user_metadata: subject.userMetadata,
      aal: 'aal1',
      amr: [{ method: subject.method, timestamp: Math.floor(subject.authenticatedAt.getTime() / 1000) }],
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: JWT_ALG, kid, typ: 'JWT' })
      .setSubject(subject.userId)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(expiresAt)
      .sign(privateKey);
    return { token, expiresAt };
  }

  /** The claims of a valid token; bad_jwt (401) for anything else, expired included. */
  async verify(token: string): Promise<AccessTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, createLocalJWKSet(this.keys.jwks()), {
        algorithms: [JWT_ALG],
        issuer: this.issuer,
        audience: ACCESS_TOKEN_AUDIENCE,
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'exp', 'iat', 'session_id'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string')
        throw new Error('missing claims');
      return payload as AccessTokenClaims;
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw AuthError.badJwt(
        expired
          ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
          : undefined,
      );
    }
  }
}
