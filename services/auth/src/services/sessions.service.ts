import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, DATABASE, type Clock, type Database, type Queryable } from '@pt/platform';
import { AUTH_CONFIG } from '../tokens';
import type { AuthConfig } from '../config';
import { AuthError } from '../http/auth-error';
import { IdentitiesRepository } from '../repositories/identities.repository';
import { SessionsRepository, type SessionRow } from '../repositories/sessions.repository';
import { UsersRepository, type UserRow } from '../repositories/users.repository';
import { AccessTokensService, type AccessTokenClaims } from './access-tokens.service';
import { derivedKey, hashSecret, randomSecret, successorSecret } from './secrets';
import { appMetadataOf, roleOf, userView, type UserView } from './user-view';
import { recordSessionsRevoked } from './auth-events';
import type { AuthSessionRevokedPayload } from '@pt/contracts';

/** A session as Supabase Auth returns it. */
export interface SessionView {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserView;
}

export interface ClientMeta {
  ip?: string;
  userAgent?: string;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** The caller of an authenticated endpoint: a valid token whose session still exists. */
export interface Authenticated {
  claims: AccessTokenClaims;
  user: UserRow;
  /** The session the token belongs to: when and how it was signed in. */
  session: SessionRow;
}

type RefreshOutcome =
  | { kind: 'rotated'; user: UserRow; sessionId: string; refreshToken: string }
  | { kind: 'reused' }
  | { kind: 'unknown_successor' };

/** How many rotations within one reuse interval the walk to the current token follows. */
const MAX_CHAIN_WALK = 64;

/**
 * Sessions and their rotating refresh tokens. A refresh token is 256 bits (random for a session's
 * first, keyed-derived after), stored as its SHA-256, and exchanged exactly once for a successor. Presenting an exchanged token again means
 * it leaked (or a client misbehaved): the whole session — every token of the family — is revoked.
 * Only within a short reuse interval (concurrent tabs refreshing together) does an exchanged
 * token still work: it gets the session's current refresh token (as GoTrue does), never a new
 * sibling, so the family stays one chain. Successors are derived from their parent with a
 * server-side key (`successorSecret`), which is what lets the current token be handed out again
 * while only hashes are stored.
 */
@Injectable()
export class SessionsService {
  private readonly successorKey: Buffer;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly users: UsersRepository,
    private readonly identities: IdentitiesRepository,
    private readonly sessions: SessionsRepository,
    private readonly accessTokens: AccessTokensService,
  ) {
    this.successorKey = derivedKey(config.pepper, 'auth refresh-token successor v1');
  }

  /** Starts a session for a user inside the caller's transaction; returns what the client gets. */
  async start(tx: Queryable, user: UserRow, method: string, meta: ClientMeta): Promise<SessionView> {
    const now = this.clock.now();
    const sessionId = randomUUID();
    await this.sessions.insertSession(
      { id: sessionId, userId: user.id, authMethod: method, userAgent: meta.userAgent, ip: meta.ip },
      now,
      tx,
    );
    const refreshToken = randomSecret();
    await this.sessions.insertRefreshToken(
      { sessionId, hash: hashSecret(refreshToken), parentId: null },
      now,
      tx,
    );
    await this.users.touchSignIn(user.id, now, tx);
    const signedIn = { ...user, last_sign_in_at: now };
    return this.view(tx, signedIn, sessionId, refreshToken, method, now);
  }

  async refresh(refreshToken: string): Promise<SessionView> {
    const now = this.clock.now();
    // Rotation and reuse detection in one transaction; a detected reuse commits the revocation
    // before the error goes out (throwing inside would roll it back).
    const outcome = await this.db.transaction<RefreshOutcome>(async (tx) => {
      const token = await this.sessions.findRefreshTokenForUpdate(hashSecret(refreshToken), tx);
      if (!token) throw AuthError.refreshTokenNotFound();
      let next: string;
      if (token.revoked_at) {
        const sinceRevokedMs = now.getTime() - new Date(token.revoked_at).getTime();
        if (sinceRevokedMs > this.config.refreshReuseIntervalS * 1000) {
          const ended = await this.sessions.deleteSession(token.session_id, tx);
          await this.revoked(tx, token.user_id, ended, 'refresh-token-reused', now);
          return { kind: 'reused' };
        }
        // Within the reuse interval (tabs refreshing together): the session's current token, not
        // a new sibling, so every tab converges on the one chain.
        const current = await this.currentSuccessor(tx, token.session_id, refreshToken);
        if (!current) return { kind: 'unknown_successor' };
        next = current;
      } else {
        await this.sessions.revokeRefreshToken(token.id, now, tx);
        next = successorSecret(this.successorKey, refreshToken);
        await this.sessions.insertRefreshToken(
          { sessionId: token.session_id, hash: hashSecret(next), parentId: token.id },
          now,
          tx,
        );
      }
      const user = await this.users.findById(token.user_id, tx);
      if (!user) throw AuthError.refreshTokenNotFound();
      await this.sessions.touchRefreshed(token.session_id, now, tx);
      return { kind: 'rotated', user, sessionId: token.session_id, refreshToken: next };
    });
    if (outcome.kind === 'reused') throw AuthError.refreshTokenAlreadyUsed();
    // A successor minted before the key changed (restart with a new pepper): refused, the session
    // is kept for the tab that holds its current token.
    if (outcome.kind === 'unknown_successor') throw AuthError.refreshTokenAlreadyUsed();
    return this.view(this.db, outcome.user, outcome.sessionId, outcome.refreshToken, 'token_refresh', now);
  }

  /**
   * Walks the chain down from an exchanged token to the session's active one: each successor is
   * derived from its parent (`successorSecret`), so the client's token yields them all. The rows
   * are locked in chain order, like a refresh of each would lock them.
   */
  private async currentSuccessor(
    tx: Queryable,
    sessionId: string,
    exchanged: string,
  ): Promise<string | undefined> {
    let token = exchanged;
    for (let step = 0; step < MAX_CHAIN_WALK; step++) {
      token = successorSecret(this.successorKey, token);
      const row = await this.sessions.findRefreshTokenForUpdate(hashSecret(token), tx);
      if (!row || row.session_id !== sessionId) return undefined;
      if (!row.revoked_at) return token;
    }
    return undefined;
  }

  /** Verifies the bearer token and that its session was not signed out or revoked. */
  async authenticate(accessToken: string | undefined): Promise<Authenticated> {
    if (!accessToken) throw AuthError.noAuthorization();
    const claims = await this.accessTokens.verify(accessToken);
    const session = await this.sessions.findSession(claims.session_id);
    if (!session || session.user_id !== claims.sub) throw AuthError.sessionNotFound();
    const user = await this.users.findById(claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { claims, user, session };
  }

  /** Ends sessions; their access tokens are refused everywhere within seconds (`auth.session-revoked`). */
  async logout(caller: Authenticated, scope: LogoutScope): Promise<void> {
    const now = this.clock.now();
    const { session_id: sessionId } = caller.claims;
    await this.db.transaction(async (tx) => {
      const ended =
        scope === 'local'
          ? await this.sessions.deleteSession(sessionId, tx)
          : await this.sessions.deleteUserSessions(caller.user.id, scope === 'others' ? sessionId : null, tx);
      await this.revoked(tx, caller.user.id, ended, 'sign-out', now);
    });
  }

  /** Every session of the user but `keep` ends (a password change); inside the caller's transaction. */
  async endOtherSessions(
    tx: Queryable,
    userId: string,
    keep: string | null,
    reason: 'password-changed' | 'account-deleted',
  ): Promise<void> {
    const ended = await this.sessions.deleteUserSessions(userId, keep, tx);
    await this.revoked(tx, userId, ended, reason, this.clock.now());
  }

  private revoked(
    tx: Queryable,
    userId: string,
    sessionIds: string[],
    reason: AuthSessionRevokedPayload['reason'],
    now: Date,
  ): Promise<void> {
    return recordSessionsRevoked(tx, userId, sessionIds, reason, this.accessTokens.ttlS, now);
  }

  private async view(
    q: Queryable,
    user: UserRow,
    sessionId: string,
    refreshToken: string,
    method: string,
    now: Date,
  ): Promise<SessionView> {
    const role = roleOf(user.email, this.config.adminEmails);
    const { token, expiresAt } = await this.accessTokens.sign({
      userId: user.id,
      email: user.email,
      role,
      sessionId,
      appMetadata: appMetadataOf(user, role),
      userMetadata: user.user_metadata,
      method,
      authenticatedAt: now,
    });
    const identities = await this.identities.listByUser(user.id, q);
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: this.accessTokens.ttlS,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userView(user, identities, this.config.adminEmails),
    };
  }
}
