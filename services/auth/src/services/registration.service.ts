import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { addressKey, CLOCK, DATABASE, type Clock, type Database, type Queryable } from '@pt/platform';
import { AUTH_CONFIG } from '../tokens';
import type { AuthConfig } from '../config';
import { AuthError } from '../http/auth-error';
import { IdentitiesRepository, type IdentityRow } from '../repositories/identities.repository';
import { OneTimeTokensRepository } from '../repositories/one-time-tokens.repository';
import { UsersRepository, type UserRow } from '../repositories/users.repository';
import { LinkRequestsRepository } from '../repositories/link-requests.repository';
import { recordEmailRequested, recordUserChanged } from './auth-events';
import { EmailLinksService } from './email-links.service';
import { LinkRequestsProcessor } from './link-requests.processor';
import { PasswordHasher } from './password-hasher.service';
import { assertAcceptablePassword } from './password-policy';
import { RateLimitsService } from './rate-limits.service';
import { hashSecret } from './secrets';
import { SessionsService, type ClientMeta, type SessionView } from './sessions.service';
import { userView, type UserView } from './user-view';
import { normaliseEmail, validateSignupFields, validEmail } from './validation';

export interface SignupInput {
  email: string;
  password: string;
  data: Record<string, unknown>;
  redirectTo?: string;
}

export interface RequestContext extends ClientMeta {
  ip: string;
  /** Public base URL of this API (OAuth redirect_uri). */
  externalUrl: string;
}

export type EmailOtpType = 'signup' | 'recovery';

/** Sign-up, the confirmation and recovery emails (and resends) and their verification. */
@Injectable()
export class RegistrationService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly users: UsersRepository,
    private readonly identities: IdentitiesRepository,
    private readonly tokens: OneTimeTokensRepository,
    private readonly hasher: PasswordHasher,
    private readonly limits: RateLimitsService,
    private readonly sessions: SessionsService,
    private readonly links: EmailLinksService,
    private readonly linkRequests: LinkRequestsRepository,
    private readonly processor: LinkRequestsProcessor,
  ) {}

  /**
   * Creates an unconfirmed user and requests the confirmation email; no session until confirmed.
   *
   * Every address gets the same answer, in status, body shape and timing: a new
   * one, one still waiting for its confirmation, one already confirmed, and one that got an email
   * less than a minute ago. Only the mailbox learns the difference: a confirmed address gets a
   * "someone tried to register" email instead of a link, and over the per-address email limit
   * nothing is sent.
   *
   * A repeat signup of an unconfirmed account leaves it unchanged (as GoTrue does) and sends a new
   * link; but when it comes with another password than the stored one, two people claim the
   * address and at most one controls the mailbox, so neither password may survive confirmation
   * (pre-account hijacking): the stored password is dropped. Whoever confirms from
   * the mailbox is signed in by the link and is sent a recovery link to choose a password.
   */
  async signup(input: SignupInput, ctx: RequestContext): Promise<UserView> {
    await this.limits.request('signupPerIp', addressKey(ctx.ip));
    const email = normaliseEmail(input.email);
    const userMetadata = validateSignupFields(email, input.data);
    await assertAcceptablePassword(input.password);
    const existing = await this.users.findByEmail(email);
    // One hash and one verification on every path, so timing tells no path apart.
    const encrypted = await this.hasher.hash(input.password);
    const samePassword =
      existing && !existing.email_confirmed_at && existing.encrypted_password
        ? await this.hasher.verify(existing.encrypted_password, input.password)
        : await this.hasher.verifyDummy(input.password);
    const now = this.clock.now();
    const created = await this.db.transaction(async (tx) => {
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
        await this.signupAgain(tx, email, samePassword, input.redirectTo, now);
        return undefined;
      }
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
      if (await this.limits.emailAllowed(email))
        return this.links.request(tx, user, 'signup', input.redirectTo, now);
      return user;
    });
    if (created)
      return userView(created, await this.identities.listByUser(created.id), this.config.adminEmails);
    return this.lookalikeView(email, userMetadata, now);
  }

  /** A signup for a taken address: see `signup`. Locks the row against a concurrent confirmation. */
  private async signupAgain(
    tx: Queryable,
    email: string,
    samePassword: boolean,
    redirectTo: string | undefined,
    now: Date,
  ): Promise<void> {
    const user = await this.users.findByEmailForUpdate(email, tx);
    if (!user) return;
    const emailDue = await this.limits.emailAllowed(email);
    if (user.email_confirmed_at) {
      if (emailDue) await recordEmailRequested(tx, user, { kind: 'signup-attempt' }, now);
      return;
    }
    if (user.encrypted_password && !samePassword) {
      await this.users.clearPassword(user.id, now, tx);
      await recordUserChanged(tx, user, 'updated', now);
    }
    if (emailDue) await this.links.request(tx, user, 'signup', redirectTo, now);
  }

  /**
   * What a new signup answers, for an address that is taken: a user that looks just created (a
   * random id that matches nothing, the submitted data, an email identity).
   */
  private lookalikeView(email: string, userMetadata: Record<string, unknown>, now: Date): UserView {
    const id = randomUUID();
    const row: UserRow = {
      id,
      email,
      encrypted_password: null,
      email_confirmed_at: null,
      confirmation_sent_at: now,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: userMetadata,
      last_sign_in_at: null,
      created_at: now,
      updated_at: now,
    };
    const identity: IdentityRow = {
      id: randomUUID(),
      user_id: id,
      provider: 'email',
      provider_id: id,
      identity_data: { sub: id, email, email_verified: false },
      // As IdentitiesRepository.insert stamps a new identity: a null here told taken addresses apart.
      last_sign_in_at: now,
      created_at: now,
      updated_at: now,
    };
    return userView(row, [identity], this.config.adminEmails);
  }

  /**
   * Sends the confirmation email again. Unknown and already confirmed addresses get the same
   * answer as pending ones (and count against the same per-address limit): nothing to enumerate.
   * The request is only queued here, the same work for every address; the
   * processor makes the link when the address is pending.
   */
  async resend(rawEmail: string, redirectTo: string | undefined, ctx: RequestContext): Promise<void> {
    await this.limits.request('resendPerIp', addressKey(ctx.ip));
    const email = validEmail(rawEmail);
    await this.limits.email(email);
    await this.queueLink(email, 'resend', redirectTo);
  }

  /**
   * POST /recover: a recovery link to the address when it has an account. Same answer, the same
   * per-address and per-IP limits and the same work (one queued row) whether it has one or not.
   */
  async recover(rawEmail: string, redirectTo: string | undefined, ctx: RequestContext): Promise<void> {
    await this.limits.request('recoverPerIp', addressKey(ctx.ip));
    const email = validEmail(rawEmail);
    await this.limits.email(email, 'recovery');
    await this.queueLink(email, 'recovery', redirectTo);
  }

  private async queueLink(email: string, kind: 'resend' | 'recovery', redirectTo: string | undefined) {
    await this.linkRequests.enqueue({
      email,
      kind,
      redirectTo: redirectTo ?? null,
      requestedAt: this.clock.now(),
    });
    this.processor.nudge();
  }

  /**
   * Consumes a mailed token of the given type and starts a session. A confirmation confirms the
   * address; so does a recovery (the link proves the mailbox), whose session is in the
   * password-recovery state (amr `recovery`); a recovery that confirms also drops the password
   * set at signup. Used, expired or of another type: otp_expired.
   */
  async verify(type: EmailOtpType, token: string, ctx: RequestContext): Promise<SessionView> {
    await this.limits.request('verifyPerIp', addressKey(ctx.ip));
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const tokenType = type === 'recovery' ? 'recovery' : 'confirmation';
      const found = await this.tokens.consume(hashSecret(token), tokenType, tx);
      if (!found || new Date(found.expires_at).getTime() < now.getTime()) throw AuthError.otpExpired();
      let user = await this.users.findById(found.user_id, tx);
      if (!user) throw AuthError.otpExpired();
      const confirmed = await this.users.confirm(user.id, now, tx);
      if (confirmed) {
        user = confirmed;
        // Confirmed through "forgot password": whoever signed up never proved the mailbox (it may
        // be a squatter), so their password must not outlive the confirmation.
        // The owner is in the recovery session and chooses one with PUT /user.
        if (type === 'recovery' && user.encrypted_password) {
          await this.users.clearPassword(user.id, now, tx);
          user = { ...user, encrypted_password: null, updated_at: now };
        }
        await recordUserChanged(tx, user, 'confirmed', now);
        // A contested signup lost its password: the owner, who just proved the mailbox, chooses one.
        if (type === 'signup' && !user.encrypted_password)
          await this.links.request(tx, user, 'recovery', undefined, now);
      }
      return this.sessions.start(tx, user, type === 'recovery' ? 'recovery' : 'otp', ctx);
    });
  }
}
