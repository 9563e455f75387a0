import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, DATABASE, type Clock, type Database, type Queryable } from '@pt/platform';
import { AUTH_CONFIG } from '../tokens';
import type { AuthConfig } from '../config';
import { AuthError } from '../http/auth-error';
import { IdentitiesRepository } from '../repositories/identities.repository';
import { OneTimeTokensRepository } from '../repositories/one-time-tokens.repository';
import { UsersRepository, type UserRow } from '../repositories/users.repository';
import { recordEmailRequested, recordUserChanged } from './auth-events';
import { PasswordHasher } from './password-hasher.service';
import { assertAcceptablePassword } from './password-policy';
import { RateLimitsService } from './rate-limits.service';
import { safeRedirect } from './redirects';
import { hashSecret, randomSecret } from './secrets';
import { SessionsService, type ClientMeta, type SessionView } from './sessions.service';
import { userView, type UserView } from './user-view';
import { normaliseEmail, validateSignupFields, validEmail } from './validation';

/** Confirmation links work for 24 hours (issue 6). */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

export interface SignupInput {
  email: string;
  password: string;
  data: Record<string, unknown>;
  redirectTo?: string;
}

export interface RequestContext extends ClientMeta {
  ip: string;
  /** Public base URL of this API, for the link in the email. */
  externalUrl: string;
}

/** Sign-up, the confirmation email (and its resend) and the confirmation itself. */
@Injectable()
export class RegistrationService {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly users: UsersRepository,
    private readonly identities: IdentitiesRepository,
    private readonly tokens: OneTimeTokensRepository,
    private readonly hasher: PasswordHasher,
    private readonly limits: RateLimitsService,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Creates an unconfirmed user and requests the confirmation email; no session until confirmed.
   *
   * A signup for an address whose account is still unconfirmed is a new signup, as in GoTrue:
   * nobody has proved they own the address yet, so whoever signed up first (possibly someone
   * squatting it, "pre-account hijacking") must not keep their password once the owner confirms.
   * The password hash and user_metadata are replaced, a new confirmation goes out (earlier links
   * stop working) and the answer is the same as for a new signup — still one email per address per
   * window (over the limit it is the rate-limit error, and nothing changes). A confirmed account
   * answers user_already_exists.
   */
  async signup(input: SignupInput, ctx: RequestContext): Promise<UserView> {
    await this.limits.request('signupPerIp', ctx.ip);
    const email = normaliseEmail(input.email);
    const userMetadata = validateSignupFields(email, input.data);
    assertAcceptablePassword(input.password);
    // Hashed before looking at the table, so a taken email costs the same time as a free one.
    const encrypted = await this.hasher.hash(input.password);
    const now = this.clock.now();
    const signedUp = await this.db.transaction(async (tx) => {
      const user = await this.users.insert(
        {
          id: randomUUID(),
          email,
          encrypted_password: encrypted,
          email_confirmed_at: null,
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: userMetadata,
        },
        now,
        tx,
      );
      if (!user) {
        // Taken: a pending account is signed up again (locked, so a concurrent confirmation
        // either happened before — user_already_exists — or waits for this to commit).
        const pending = await this.users.replaceUnconfirmedSignup(email, encrypted, userMetadata, now, tx);
        if (!pending) return undefined;
        // Over the limit, the replacement rolls back with the transaction.
        await this.limits.email(email);
        await recordUserChanged(tx, pending, 'updated', now);
        return this.requestConfirmation(tx, pending, 'signup', input.redirectTo, ctx, now);
      }
      // Counted only when an email is really due (a confirmed address is answered without one);
      // over the limit, the new user rolls back with the transaction.
      await this.limits.email(email);
      await this.identities.insert(
        {
          id: randomUUID(),
          user_id: user.id,
          provider: 'email',
          provider_id: user.id,
          identity_data: { sub: user.id, email, email_verified: false },
        },
        now,
        tx,
      );
      await recordUserChanged(tx, user, 'created', now);
      return this.requestConfirmation(tx, user, 'signup', input.redirectTo, ctx, now);
    });
    if (!signedUp) throw AuthError.userAlreadyExists();
    return userView(signedUp, await this.identities.listByUser(signedUp.id), this.config.adminEmails);
  }

  /**
   * Sends the confirmation email again. Unknown and already confirmed addresses get the same
   * answer as pending ones (and count against the same per-address limit): nothing to enumerate.
   */
  async resend(rawEmail: string, redirectTo: string | undefined, ctx: RequestContext): Promise<void> {
    await this.limits.request('resendPerIp', ctx.ip);
    const email = validEmail(rawEmail);
    await this.limits.email(email);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const user = await this.users.findByEmail(email, tx);
      if (!user || user.email_confirmed_at) return;
      await this.requestConfirmation(tx, user, 'resend', redirectTo, ctx, now);
    });
  }

  /** Consumes a confirmation token, confirms the email and starts a session. */
  async confirm(token: string, ctx: RequestContext): Promise<SessionView> {
    await this.limits.request('verifyPerIp', ctx.ip);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const found = await this.tokens.consume(hashSecret(token), 'confirmation', tx);
      if (!found || new Date(found.expires_at).getTime() < now.getTime()) throw AuthError.otpExpired();
      let user = await this.users.findById(found.user_id, tx);
      if (!user) throw AuthError.otpExpired();
      const confirmed = await this.users.confirm(user.id, now, tx);
      if (confirmed) {
        user = confirmed;
        await recordUserChanged(tx, user, 'confirmed', now);
      }
      return this.sessions.start(tx, user, 'otp', ctx);
    });
  }

  private async requestConfirmation(
    tx: Queryable,
    user: UserRow,
    kind: 'signup' | 'resend',
    redirectTo: string | undefined,
    ctx: RequestContext,
    now: Date,
  ): Promise<UserRow> {
    const token = randomSecret();
    const expiresAt = new Date(now.getTime() + CONFIRMATION_TTL_MS);
    await this.tokens.replace(
      { hash: hashSecret(token), userId: user.id, type: 'confirmation', expiresAt },
      now,
      tx,
    );
    await this.users.markConfirmationSent(user.id, now, tx);
    const link = new URL(`${ctx.externalUrl}/verify`);
    link.searchParams.set('token', token);
    link.searchParams.set('type', 'signup');
    link.searchParams.set('redirect_to', safeRedirect(redirectTo, this.config));
    await recordEmailRequested(tx, user, kind, link.toString(), now);
    return { ...user, confirmation_sent_at: now };
  }
}
