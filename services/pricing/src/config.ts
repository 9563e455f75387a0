import { z } from 'zod';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@pt/domain';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(max).default(fallback),
  );

/** The pricing service's own variables (both hosts validate them at boot). */
export const pricingEnvShape = {
  /**
   * on: this process runs the pollers (scheduler + marketplace workers) next to the API — the
   * embedded host. off: the API process of distributed mode; `worker.js` runs them instead.
   */
  PRICING_WORKERS: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  /** Marketplace quotas: the poll queues' limiters spread them evenly over the day. */
  PRICING_EBAY_CALLS_PER_DAY: positiveInt(5000),
  PRICING_ALIEXPRESS_CALLS_PER_DAY: positiveInt(5000),
  /** Refresh of tracked listings (ARCHITECTURE §4): 6 hours, hourly near an alert target. */
  PRICING_POLL_INTERVAL_MS: positiveInt(6 * HOUR_MS),
  PRICING_HOT_POLL_INTERVAL_MS: positiveInt(HOUR_MS),
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
  callsPerDay: { ebay: number; aliexpress: number };
  pollIntervalMs: number;
  hotPollIntervalMs: number;
  schedulerEveryMs: number;
  dueLimit: number;
  pollConcurrency: number;
  /** Longest wait between polls of a failing or vanished listing. */
  maxBackoffMs: number;
  /** How long a queued listing is not enqueued again (a lost job frees it after this). */
  leaseMs: number;
}

export function toPricingConfig(env: Partial<PricingEnv> & Record<string, unknown>): PricingConfig {
  const e = pricingEnvSchema.parse(env);
  return {
    workers: e.PRICING_WORKERS === 'on',
    callsPerDay: { ebay: e.PRICING_EBAY_CALLS_PER_DAY, aliexpress: e.PRICING_ALIEXPRESS_CALLS_PER_DAY },
    pollIntervalMs: e.PRICING_POLL_INTERVAL_MS,
    hotPollIntervalMs: Math.min(e.PRICING_HOT_POLL_INTERVAL_MS, e.PRICING_POLL_INTERVAL_MS),
    schedulerEveryMs: e.PRICING_SCHEDULER_EVERY_MS,
    dueLimit: e.PRICING_DUE_LIMIT,
    pollConcurrency: e.PRICING_POLL_CONCURRENCY,
    maxBackoffMs: Math.max(DAY_MS, e.PRICING_POLL_INTERVAL_MS),
    // Long enough for a deep, rate-limited queue to drain; short enough that a lost job is retried the same day.
    leaseMs: Math.max(2 * HOUR_MS, 2 * e.PRICING_SCHEDULER_EVERY_MS),
  };
}
