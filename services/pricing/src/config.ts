import { z } from 'zod';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@pt/domain';
import { marketplaceEnvSchema, splitBudget } from '@pt/marketplaces';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(max).default(fallback),
  );

const optionalPositiveInt = z.preprocess(
  emptyToUndefined,
  z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').optional(),
);

/** The pollers' share of each credential's daily quota, from the marketplace variables. */
function pollerShares(env: Record<string, unknown>): { ebay: number; aliexpress: number } {
  const market = marketplaceEnvSchema.safeParse(env);
  const m = market.success ? market.data : marketplaceEnvSchema.parse({});
  const share = (perDay: number) =>
    Math.max(1, splitBudget(perDay, m.MARKETPLACE_POLLER_SHARE, m.MARKETPLACE_INTERACTIVE_BURST).poller);
  return { ebay: share(m.EBAY_CALLS_PER_DAY), aliexpress: share(m.ALIEXPRESS_CALLS_PER_DAY) };
}

/** The pricing service's own variables (both hosts validate them at boot). */
export const pricingEnvShape = {
  /**
   * on: this process runs the pollers (scheduler + marketplace workers) next to the API — the
   * embedded host. off: the API process of distributed mode; `worker.js` runs them instead.
   */
  PRICING_WORKERS: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  /**
   * The pace of the poll queues (calls per day, spread evenly). Default: the pollers' share of the
   * credential's daily quota (MARKETPLACE_POLLER_SHARE of EBAY_CALLS_PER_DAY / ALIEXPRESS_CALLS_PER_DAY).
   * Whatever the pace, the pollers never spend more than that share: the budget refuses.
   */
  PRICING_EBAY_CALLS_PER_DAY: optionalPositiveInt,
  PRICING_ALIEXPRESS_CALLS_PER_DAY: optionalPositiveInt,
  /** Refresh of tracked listings (ARCHITECTURE §4): 6 hours, hourly near an alert target. */
  PRICING_POLL_INTERVAL_MS: positiveInt(6 * HOUR_MS),
  PRICING_HOT_POLL_INTERVAL_MS: positiveInt(HOUR_MS),
  /**
   * How long a listing its marketplace no longer knows waits for its next poll. Default: the
   * longest back-off (a day). Shorter, a back-in-stock alert hears of the listing's return sooner,
   * at the cost of a call per vanished listing per recheck.
   */
  PRICING_GONE_RECHECK_MS: optionalPositiveInt,
  /** How often the due-finders run. */
  PRICING_SCHEDULER_EVERY_MS: positiveInt(MINUTE_MS),
  /** Listings one due-finder run may enqueue per marketplace (back-pressure on a slow queue). */
  PRICING_DUE_LIMIT: positiveInt(400, 10_000),
  /** Poll jobs one worker runs at the same time per marketplace. */
  PRICING_POLL_CONCURRENCY: positiveInt(2, 64),
};
export const pricingEnvSchema = z.object(pricingEnvShape);
export type PricingEnv = z.infer<typeof pricingEnvSchema>;

export interface PricingConfig {
  workers: boolean;
  /** The poll queues' pace (calls per day). */
  callsPerDay: { ebay: number; aliexpress: number };
  pollIntervalMs: number;
  hotPollIntervalMs: number;
  schedulerEveryMs: number;
  dueLimit: number;
  pollConcurrency: number;
  /** Longest wait between polls of a failing or vanished listing. */
  maxBackoffMs: number;
  /** Wait before polling a vanished listing again (PRICING_GONE_RECHECK_MS, or maxBackoffMs). */
  goneRecheckMs: number;
  /** How long a queued listing is not enqueued again (a lost job frees it after this). */
  leaseMs: number;
  /**
   * How long a due-finder's claim holds until its job is known to be queued: a finder killed
   * between claiming listings and queuing them (a worker scaled in by kill -9) strands them only
   * this long, not for the whole lease.
   */
  claimMs: number;
}

export function toPricingConfig(env: Partial<PricingEnv> & Record<string, unknown>): PricingConfig {
  const e = pricingEnvSchema.parse(env);
  const shares = pollerShares(env);
  return {
    workers: e.PRICING_WORKERS === 'on',
    callsPerDay: {
      ebay: e.PRICING_EBAY_CALLS_PER_DAY ?? shares.ebay,
      aliexpress: e.PRICING_ALIEXPRESS_CALLS_PER_DAY ?? shares.aliexpress,
    },
    pollIntervalMs: e.PRICING_POLL_INTERVAL_MS,
    hotPollIntervalMs: Math.min(e.PRICING_HOT_POLL_INTERVAL_MS, e.PRICING_POLL_INTERVAL_MS),
    schedulerEveryMs: e.PRICING_SCHEDULER_EVERY_MS,
    dueLimit: e.PRICING_DUE_LIMIT,
    pollConcurrency: e.PRICING_POLL_CONCURRENCY,
    maxBackoffMs: Math.max(DAY_MS, e.PRICING_POLL_INTERVAL_MS),
    goneRecheckMs: e.PRICING_GONE_RECHECK_MS ?? Math.max(DAY_MS, e.PRICING_POLL_INTERVAL_MS),
    // Long enough for a deep, rate-limited queue to drain; short enough that a lost job is retried the same day.
    leaseMs: Math.max(2 * HOUR_MS, 2 * e.PRICING_SCHEDULER_EVERY_MS),
    // Far longer than a finder's run (a query and a few queue writes), short next to the lease.
    claimMs: Math.max(30_000, 2 * e.PRICING_SCHEDULER_EVERY_MS),
  };
}
