import { Inject, Injectable } from '@nestjs/common';
import { addressKey, DATABASE, type Database } from '@pt/platform';
import { canSignIn } from '@pt/domain';
import { AuthError } from '../http/auth-error';
import { UsersRepository } from '../repositories/users.repository';
import { PasswordAttemptsService } from './password-attempts.service';
import { RateLimitsService } from './rate-limits.service';
import { SessionsService, type ClientMeta, type SessionView } from './sessions.service';
import { assertValidEmail, normaliseEmail } from './validation';

const iso = (value: Date | null): string | null => (value ? new Date(value).toISOString() : null);

/** grant_type=password. */
@Injectable()
export class SignInService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly attempts: PasswordAttemptsService,
    private readonly limits: RateLimitsService,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Every failure costs one argon2 verification, found or not, and says only "Invalid login
   * credentials", so neither the answer nor its timing tells whether an account exists. Whether
   * the email is confirmed is told only to whoever knows the password (spec §4: unconfirmed users
   * cannot sign in).
   *
   * Limits: per IP (brute force across accounts), per (account, IP) (brute
   * force on one account from one place, reset by a success), and per account one attempt judged
   * at a time with a growing delay on failures (`PasswordAttemptsService`).
   */
  async withPassword(
    rawEmail: string,
    password: string,
    meta: ClientMeta & { ip: string },
  ): Promise<SessionView> {
    const email = normaliseEmail(rawEmail);
    await this.limits.request('signInPerIp', addressKey(meta.ip));
    if (!email || !password) throw AuthError.validation('Missing email or password');
    // No account can have a malformed address: refused before any lookup (NUL never reaches SQL).
    assertValidEmail(email);
    const accountAndIp = `${email}|${addressKey(meta.ip)}`;
    await this.limits.request('signInPerAccountAndIp', accountAndIp);
    const user = await this.users.findByEmail(email);
    const matches = await this.attempts.matches(email, password, user?.encrypted_password);
    if (!user || !matches) throw AuthError.invalidCredentials();
    if (!canSignIn({ email_confirmed_at: iso(user.email_confirmed_at) })) throw AuthError.emailNotConfirmed();
    await this.limits.reset('signInPerAccountAndIp', accountAndIp);
    return this.db.transaction((tx) => this.sessions.start(tx, user, 'password', meta));
  }
}
