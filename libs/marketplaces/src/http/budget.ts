import type { RateLimitDecision, RateLimiter } from '@pt/platform';
import { fairShareLimits, type FairShareLimits } from './fair-share';
import type { Spender } from './spender';

/**
 * Who spends a marketplace call (ARCHITECTURE §6): the pricing pollers, which keep
 * tracked listings fresh, or interactive traffic (searches and pages a shopper opens).
 */
export type QuotaShare = 'poller' | 'interactive';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Defaults of MARKETPLACE_POLLER_SHARE and MARKETPLACE_INTERACTIVE_BURST. */
export const DEFAULT_POLLER_SHARE = 0.3;
export const DEFAULT_INTERACTIVE_BURST = 0.25;

export interface BudgetSplit {
  /** The credential's whole daily quota (EBAY_CALLS_PER_DAY / ALIEXPRESS_CALLS_PER_DAY). */
  perDay: number;
  /** Calls reserved for the pollers each UTC day. */
  poller: number;
  /** Calls interactive traffic may make each UTC day (the rest of the quota). */
  interactive: number;
  /** The interactive token bucket's size: what a rush may spend at once before the refill paces it. */
  burst: number;
}

/**
 * The quota split: `pollerShare` of it is reserved for the pollers, the rest is interactive and
 * refills evenly over the day, of which at most `burstShare` can be spent at once.
 */
export function splitBudget(perDay: number, pollerShare: number, burstShare: number): BudgetSplit {
  const poller = Math.min(perDay, Math.round(perDay * pollerShare));
  const interactive = perDay - poller;
  const burst = interactive === 0 ? 0 : Math.max(1, Math.round(interactive * burstShare));
  return { perDay, poller, interactive, burst };
}

export interface ShareUsage {
  /** Calls spent by this share today (UTC). */
  used: number;
  /** What this share may spend today. */
  limit: number;
}

export interface BudgetUsage {
  quotaPerDay: number;
  poller: ShareUsage;
  interactive: ShareUsage & { burst: number; refillPerHour: number };
}

const utcDay = (at: number): string => new Date(at).toISOString().slice(0, 10);
const msToNextUtcDay = (at: number): number => DAY_MS - (at % DAY_MS);

/**
 * One marketplace credential's daily budget, shared by every process through the rate limiter
 * (Redis in distributed mode; the embedded host's one in-process limiter otherwise):
 * - the poller share is a counter per UTC day: the pollers' own queue limiter paces them, this
 *   only guarantees that what is reserved for them is there whatever shoppers do;
 * - the interactive share is a token bucket of `burst` tokens refilling at interactive/day, and
 *   never more than `interactive` calls in one UTC day. A flood spends the burst and then gets
 *   one call per refill, instead of spending the day's quota in seconds and locking everyone out
 *   until tomorrow;
 * - a call made for a spender (a shopper's request) also comes out of that
 *   client's and its neighbourhood's own buckets, and unless the spender is reserved (signed in
 *   with tracked items) it must leave the reserved floor of the burst and of the day untouched.
 */
export class CredentialBudget {
  private readonly now: () => number;
  private readonly fair: FairShareLimits;

  constructor(
    private readonly limiter: RateLimiter,
    /** credentialKey(marketplace, credential): no secret in Redis. */
    private readonly key: string,
    readonly split: BudgetSplit,
    now?: () => number,
  ) {
    this.now = now ?? Date.now;
    this.fair = fairShareLimits(split);
  }

  /** Counts one call against `share` (for `spender`, when a shopper's request makes it), or refuses it. */
  async take(share: QuotaShare, spender?: Spender): Promise<RateLimitDecision> {
    const now = this.now();
    const day = utcDay(now);
    // The day's counters outlive the day a little, so a read just after midnight is not confused.
    const counterMs = msToNextUtcDay(now) + 60_000;
    const refusedUntilTomorrow = { allowed: false, remaining: 0, retryAfterMs: msToNextUtcDay(now) };
    if (share === 'poller') {
      if (this.split.poller === 0) return refusedUntilTomorrow;
      const counted = await this.limiter.hit(this.usedKey('poller', day), this.split.poller, counterMs);
      return counted.allowed ? counted : refusedUntilTomorrow;
    }
    if (this.split.interactive === 0) return refusedUntilTomorrow;
    const general = spender !== undefined && !spender.reserved;
    if (spender) {
      // The client's own share first: a refusal there costs the shared budget nothing.
      const own = await this.limiter.take(`${this.key}:client:${spender.client}`, this.fair.client);
      if (!own.allowed) return own;
      if (spender.group !== spender.client) {
        const group = await this.limiter.take(`${this.key}:group:${spender.group}`, this.fair.group);
        if (!group.allowed) return group;
      }
    }
    if (general) {
      const usedToday = await this.limiter.peek(this.usedKey('interactive', day));
      if (usedToday >= this.split.interactive - this.fair.reservedDaily) return refusedUntilTomorrow;
    }
    const bucket = await this.limiter.take(
      `${this.key}:interactive`,
      { capacity: this.split.burst, refillPerMs: this.split.interactive / DAY_MS },
      1,
      general ? this.fair.reservedBurst : 0,
    );
    if (!bucket.allowed) return bucket;
    const counted = await this.limiter.hit(
      this.usedKey('interactive', day),
      this.split.interactive,
      counterMs,
    );
    return counted.allowed ? bucket : refusedUntilTomorrow;
  }

  /** Calls spent per share today (refused attempts are not spent calls, so the count is capped). */
  async usage(): Promise<BudgetUsage> {
    const day = utcDay(this.now());
    const [poller, interactive] = await Promise.all([
      this.limiter.peek(this.usedKey('poller', day)),
      this.limiter.peek(this.usedKey('interactive', day)),
    ]);
    return {
      quotaPerDay: this.split.perDay,
      poller: { used: Math.min(poller, this.split.poller), limit: this.split.poller },
      interactive: {
        used: Math.min(interactive, this.split.interactive),
        limit: this.split.interactive,
        burst: this.split.burst,
        refillPerHour: Math.round((this.split.interactive / 24) * 100) / 100,
      },
    };
  }

  private usedKey(share: QuotaShare, day: string): string {
    return `${this.key}:used:${share}:${day}`;
  }
}
