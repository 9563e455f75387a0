import { Inject, Injectable } from '@nestjs/common';
import { AUTH_CONFIG } from '../tokens';
import { failureDelayMs, type AuthConfig } from '../config';
import { AuthError } from '../http/auth-error';
import { PasswordHasher } from './password-hasher.service';
import { PASSWORD_MAX_LENGTH } from './password-policy';
import { RateLimitsService } from './rate-limits.service';

/**
 * How long an attempt may hold its account's slot beyond the failure delay: one argon2
 * verification on a loaded machine takes well under a second, so this only matters when a process
 * dies holding the slot (the account's password sign-in then waits this long, the mailed link does
 * not).
 */
const SLOT_WORK_BUDGET_MS = 5_000;

/**
 * Judges passwords against an account, one attempt at a time per account wherever it comes from.
 * The failure delay is served while the attempt still holds
 * the account's slot, so guesses in parallel are judged no faster than guesses in series: a
 * second attempt while one is being judged is refused (429, Retry-After), never queued, so a
 * flood holds no sockets or memory. Failures count per account from every address. The owner is
 * never locked out for good: a signed-in device keeps refreshing its session and the mailed
 * recovery link signs in without a password; both ignore this slot.
 */
@Injectable()
export class PasswordAttemptsService {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: Pick<AuthConfig, 'failureDelay'>,
    private readonly limits: RateLimitsService,
    private readonly hasher: PasswordHasher,
  ) {}

  /**
   * Whether `password` is the account's (`encrypted` null or undefined: no account or no password,
   * which costs the same dummy verification and answers false). A mismatch is counted on the
   * account and answered after the failure delay.
   */
  async matches(email: string, password: string, encrypted: string | null | undefined): Promise<boolean> {
    const key = `signIn:${email}`;
    const slot = await this.limits.takeSlot(key, this.config.failureDelay.maxMs + SLOT_WORK_BUDGET_MS);
    if (!slot) throw AuthError.requestRateLimit(await this.expectedWaitMs(key));
    try {
      const matches =
        encrypted && password.length <= PASSWORD_MAX_LENGTH
          ? await this.hasher.verify(encrypted, password)
          : await this.hasher.verifyDummy(password.slice(0, PASSWORD_MAX_LENGTH));
      if (!matches) await this.failed(key);
      return matches;
    } finally {
      await slot.release();
    }
  }

  /** Counts a failure on the account (from anywhere) and waits the growing delay. */
  private async failed(key: string): Promise<void> {
    const failures = await this.limits.countFailure(key, this.config.failureDelay.windowMs);
    const delay = failureDelayMs(failures, this.config.failureDelay);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  }

  /** The delay the slot's holder serves if it fails: when the slot is likely free again (≥ 1 s). */
  private async expectedWaitMs(key: string): Promise<number> {
    const failures = await this.limits.failures(key);
    return Math.max(1000, failureDelayMs(failures + 1, this.config.failureDelay));
  }
}
