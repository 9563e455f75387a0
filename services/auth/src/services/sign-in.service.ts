import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@pt/platform';
import { canSignIn } from '@pt/domain';
import { AuthError } from '../http/auth-error';
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
   */
  async withPassword(
    rawEmail: string,
    password: string,
    meta: ClientMeta & { ip: string },
  ): Promise<SessionView> {
    const email = normaliseEmail(rawEmail);
    await this.limits.request('signInPerIp', meta.ip);
    if (!email || !password) throw AuthError.validation('Missing email or password');
    // No account can have a malformed address: refused before any lookup (NUL never reaches SQL).
    assertValidEmail(email);
    await this.limits.request('signInPerAccount', email);
    if (password.length > PASSWORD_MAX_LENGTH) {
      await this.hasher.verifyDummy(password.slice(0, PASSWORD_MAX_LENGTH));
      throw AuthError.invalidCredentials();
    }
    const user = await this.users.findByEmail(email);
    const matches = user?.encrypted_password
      ? await this.hasher.verify(user.encrypted_password, password)
      : await this.hasher.verifyDummy(password);
    if (!user || !matches) throw AuthError.invalidCredentials();
    if (!canSignIn({ email_confirmed_at: iso(user.email_confirmed_at) })) throw AuthError.emailNotConfirmed();
    await this.limits.reset('signInPerAccount', email);
    return this.db.transaction((tx) => this.sessions.start(tx, user, 'password', meta));
  }
}
