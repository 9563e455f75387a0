import { Inject, Injectable } from '@nestjs/common';
import { RATE_LIMITER, type RateLimiter } from '@pt/platform';
import { AUTH_CONFIG } from '../tokens';
import type { AuthConfig, Limit, RateLimits } from '../config';
import { AuthError } from '../http/auth-error';

/** Rate-limiter keys are persisted in Redis for a window; keep the prefix stable. */
const PREFIX = 'auth';

/**
 * Confirmation-type mails (signup, resend, "someone tried to register") and recovery mails each
 * have their own window per address: a recovery right after signing up is not refused.
 */
export type EmailKind = 'confirmation' | 'recovery';
const emailKey = (address: string, kind: EmailKind) =>
  kind === 'confirmation' ? `email:${address}` : `email:${kind}:${address}`;

/** The auth API's limits per IP and per account, on the shared RateLimiter port. */
@Injectable()
export class RateLimitsService {
  private readonly limits: RateLimits;

  constructor(
    @Inject(AUTH_CONFIG) config: Pick<AuthConfig, 'limits'>,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {
    this.limits = config.limits;
  }

  /** Counts a request; over_request_rate_limit (429) when over. */
  async request(name: Exclude<keyof RateLimits, 'emailPerAddress'>, subject: string): Promise<void> {
    const decision = await this.hit(`${name}:${subject}`, this.limits[name]);
    if (!decision.allowed) throw AuthError.requestRateLimit(decision.retryAfterMs);
  }

  /**
   * Counts a confirmation email to an address; over_email_send_rate_limit (429) when one went out
   * within the window. Keyed by address whether or not it has an account, so the answer does
   * not tell.
   */
  async email(address: string, kind: EmailKind = 'confirmation'): Promise<void> {
    const decision = await this.hit(emailKey(address, kind), this.limits.emailPerAddress);
    if (!decision.allowed) throw AuthError.emailRateLimit(decision.retryAfterMs);
  }

  /**
   * Counts an email to an address like `email`, but answers whether it may go instead of throwing:
   * signup must look the same whether or not a mail goes out.
   */
  async emailAllowed(address: string, kind: EmailKind = 'confirmation'): Promise<boolean> {
    return (await this.hit(emailKey(address, kind), this.limits.emailPerAddress)).allowed;
  }

  /**
   * Counts one failure under `key` in `windowMs` and returns how many there are now. Never
   * refuses: the caller decides what a count means (sign-in failures slow down).
   */
  async countFailure(key: string, windowMs: number): Promise<number> {
    const ceiling = 1_000_000_000;
    const decision = await this.limiter.hit(`${PREFIX}:failures:${key}`, ceiling, windowMs);
    return ceiling - decision.remaining;
  }

  /** Failures counted under `key` (see `countFailure`) in its current window, without counting one. */
  async failures(key: string): Promise<number> {
    return this.limiter.peek(`${PREFIX}:failures:${key}`);
  }

  /**
   * Takes the single slot `key` for at most `holdMs`; `release` gives it back, undefined when
   * someone else holds it. A window of one hit on the shared limiter: every process sees the same
   * holder through Redis, and a holder that dies lets go when the window ends (never for good).
   * Releasing forgets the window, so it must only be called by the one holder.
   */
  async takeSlot(key: string, holdMs: number): Promise<{ release(): Promise<void> } | undefined> {
    const slot = `${PREFIX}:slot:${key}`;
    const decision = await this.limiter.hit(slot, 1, holdMs);
    if (!decision.allowed) return undefined;
    return { release: () => this.limiter.reset(slot) };
  }

  /** Forgets a counter, e.g. an account's failed sign-ins after a successful one. */
  async reset(name: keyof RateLimits, subject: string): Promise<void> {
    await this.limiter.reset(`${PREFIX}:${name}:${subject}`);
  }

  private hit(key: string, { limit, windowMs }: Limit) {
    return this.limiter.hit(`${PREFIX}:${key}`, limit, windowMs);
  }
}
