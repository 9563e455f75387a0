import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, DATABASE, type Clock, type Database } from '@pt/platform';
import { AUTH_CONFIG } from '../tokens';
import type { AuthConfig } from '../config';
import { AuthError } from '../http/auth-error';
import { IdentitiesRepository } from '../repositories/identities.repository';
import { UsersRepository } from '../repositories/users.repository';
import { recordUserChanged } from './auth-events';
import { RateLimitsService } from './rate-limits.service';
import { SessionsService, type Authenticated } from './sessions.service';
import { PasswordAttemptsService } from './password-attempts.service';
import { PasswordHasher } from './password-hasher.service';
import { assertAcceptablePassword } from './password-policy';
import { sessionProvesIdentity } from './reauthentication';
import { userView, type UserView } from './user-view';
import { validateUserMetadata, validEmail } from './validation';

export interface UserUpdate {
  data?: Record<string, unknown>;
  email?: string;
  password?: string;
  /** The proof a password change needs unless the session gives it (`sessionProvesIdentity`). */
  currentPassword?: string;
}

/** GET, PUT and DELETE /user: the signed-in user's own record. */
@Injectable()
export class UsersService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly users: UsersRepository,
    private readonly identities: IdentitiesRepository,
    private readonly limits: RateLimitsService,
    private readonly hasher: PasswordHasher,
    private readonly attempts: PasswordAttemptsService,
    private readonly sessions: SessionsService,
  ) {}

  async get(caller: Authenticated): Promise<UserView> {
    return userView(caller.user, await this.identities.listByUser(caller.user.id), this.config.adminEmails);
  }

  /**
   * Merges `data` into user_metadata as Supabase does (a key set to null is removed), and changes
   * the password (same strength rules as signup; every other session of the user ends),
   * which needs proof beyond the token (`assertMayChangePassword`).
   * Changing the email is not part of the product (spec §7), so it is refused rather than silently
   * ignored.
   */
  async update(caller: Authenticated, update: UserUpdate): Promise<UserView> {
    await this.limits.request('updateUserPerUser', caller.user.id);
    if (update.email !== undefined && validEmail(update.email) !== caller.user.email)
      throw AuthError.validation('Changing the email address is not supported');
    if (update.password !== undefined) {
      await this.assertMayChangePassword(caller, update.currentPassword);
      await this.changePassword(caller, update.password);
    }
    if (!update.data)
      return this.get({ ...caller, user: (await this.users.findById(caller.user.id)) ?? caller.user });
    const merged: Record<string, unknown> = { ...caller.user.user_metadata };
    for (const [key, value] of Object.entries(update.data)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    const metadata = validateUserMetadata(merged);
    const now = this.clock.now();
    const updated = await this.db.transaction(async (tx) => {
      const user = await this.users.updateUserMetadata(caller.user.id, metadata, now, tx);
      if (!user) throw AuthError.userNotFound();
      await recordUserChanged(tx, user, 'updated', now);
      return user;
    });
    return userView(updated, await this.identities.listByUser(updated.id), this.config.adminEmails);
  }

  /**
   * An access token alone does not change the password (a stolen one would own the account):
   * the current password, when given, must match (judged like a sign-in: one at a time per
   * account, failures counted and delayed); without it the session must be a recent sign-in or a
   * recovery link's. GoTrue's mailed reauthentication nonce is not offered: the recovery link is
   * that proof here.
   */
  private async assertMayChangePassword(caller: Authenticated, currentPassword?: string): Promise<void> {
    if (currentPassword !== undefined && currentPassword !== '') {
      const { user } = caller;
      if (!(await this.attempts.matches(user.email, currentPassword, user.encrypted_password)))
        throw AuthError.reauthenticationNotValid();
      return;
    }
    if (!sessionProvesIdentity(caller.session, this.clock.now())) throw AuthError.reauthenticationNeeded();
  }

  private async changePassword(caller: Authenticated, password: string): Promise<void> {
    await assertAcceptablePassword(password);
    const encrypted = await this.hasher.hash(password);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await this.users.setPassword(caller.user.id, encrypted, now, tx);
      await this.sessions.endOtherSessions(tx, caller.user.id, caller.claims.session_id, 'password-changed');
    });
  }

  /** Deletes the account and everything auth keeps about it; other services erase theirs on the event. */
  async delete(caller: Authenticated): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await this.sessions.endOtherSessions(tx, caller.user.id, null, 'account-deleted');
      const user = await this.users.findById(caller.user.id, tx);
      if (!user || !(await this.users.delete(user.id, tx))) throw AuthError.userNotFound();
      await recordUserChanged(tx, user, 'deleted', now);
    });
  }
}
