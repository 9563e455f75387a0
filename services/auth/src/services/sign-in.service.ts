import { Inject, Injectable } from '@nestjs/common';
import { addressKey, DATABASE, type Database } from '@pt/platform';
import { canSignIn } from '@pt/domain';
import { AuthError } from '../http/auth-error';
import { AUTH_CONFIG } from '../tokens';
import { failureDelayMs, type AuthConfig } from '../config';
import { UsersRepository } from '../repositories/users.repository';
import { PasswordHasher } from './password-hasher.service';
import { PASSWORD_MAX_LENGTH } from './password-policy';
import { RateLimitsService } from './rate-limits.service';
import { SessionsService, type ClientMeta, type SessionView } from './sessions.service';
import { assertValidEmail, normaliseEmail } from './validation';

const iso = (value: Date | null): string | null => (value ? new Date(value).toISOString() : null);

/** grant_type=password. */
@Injectable()
export class SignInService {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: Pick<AuthConfig, 'failureDelay'>,
    @Inject(DATABASE) private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly limits: RateLimitsService,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Every failure costs one argon2 verification, found or not, and says only "Invalid login
   * credentials", so neither the answer nor its timing tells whether an account exists. Whether
   * the email is confirmed is told only to whoever knows the password (spec §4: unconfirmed users
   * cannot sign in).
   *
   * Limits (issue 10 item 4): per IP (brute force across accounts), per (account, IP) (brute
   * force on one account from one place, reset by a success), and per account only a growing
   * delay on failures: nobody can lock the owner out, wherever they fail from.
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
    if (password.length > PASSWORD_MAX_LENGTH) {
      await this.hasher.verifyDummy(password.slice(0, PASSWORD_MAX_LENGTH));
      throw await this.failed(email);
    }
    const user = await this.users.findByEmail(email);
    const matches = user?.encrypted_password
      ? await this.hasher.verify(user.encrypted_password, password)
      : await this.hasher.verifyDummy(password);
    if (!user || !matches) throw await this.failed(email);
    if (!canSignIn({ email_confirmed_at: iso(user.email_confirmed_at) })) throw AuthError.emailNotConfirmed();
    await this.limits.reset('signInPerAccountAndIp', accountAndIp);
    return this.db.transaction((tx) => this.sessions.start(tx, user, 'password', meta));
  }

  /** Counts a failure on the account (from anywhere) and answers it after the growing delay. */
  private async failed(email: string): Promise<AuthError> {
    const failures = await this.limits.countFailure(`signIn:${email}`, this.config.failureDelay.windowMs);
    const delay = failureDelayMs(failures, this.config.failureDelay);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    return AuthError.invalidCredentials();
  }
}
