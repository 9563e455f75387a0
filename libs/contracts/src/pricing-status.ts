import { z } from 'zod';
import { LiveMarketplaceIdSchema, IsoDateTimeSchema } from './common';

const count = z.number().int().nonnegative();
/** Prometheus counter sums: whole numbers in practice, but a counter is a float. */
const counterSums = z.record(z.string(), z.number().nonnegative());

/** Jobs of one queue by state (the job queue port's counts). */
export const QueueCountsSchema = z.object({
  waiting: count,
  active: count,
  delayed: count,
  failed: count,
  completed: count,
});

/** Tracked listings of one marketplace in pricing.poll_state. */
export const PollStateCountsSchema = z.object({
  tracked: count,
  /** Near a target: polled at the hot interval. */
  hot: count,
  due: count,
  queued: count,
  failing: count,
  polledLastMinute: count,
});

const ShareUsageSchema = z.object({ used: count, limit: count });

/** A credential's daily budget, every process's calls: used and allowed per share today (UTC). */
export const BudgetUsageSchema = z.object({
  quotaPerDay: count,
  poller: ShareUsageSchema,
  interactive: ShareUsageSchema.extend({ burst: count, refillPerHour: z.number().nonnegative() }),
});

export const MarketplacePollingStatusSchema = z.object({
  queue: QueueCountsSchema,
  listings: PollStateCountsSchema,
  apiCalls: z.object({
    /** Calls the pollers recorded today (Postgres, every worker). */
    today: count,
    /** The poll queues' pace. */
    quotaPerDay: count,
    /** Null when the marketplace has no credentials here. */
    budget: BudgetUsageSchema.nullable(),
  }),
});
export type MarketplacePollingStatus = z.infer<typeof MarketplacePollingStatusSchema>;

/** `GET /api/v1/admin/pricing/status`: queues, listings, quotas and counters. */
export const PricingStatusResponseSchema = z.object({
  at: IsoDateTimeSchema,
  workers: z.enum(['in-process', 'separate']),
  scheduler: QueueCountsSchema,
  marketplaces: z.record(LiveMarketplaceIdSchema, MarketplacePollingStatusSchema),
  /** Counters of the answering process since it started (Prometheus sums them over replicas). */
  process: z.object({
    observations: counterSums,
    rejected: counterSums,
    priceChanges: z.number().nonnegative(),
    drops: z.number().nonnegative(),
    pollJobs: counterSums,
  }),
});
export type PricingStatusResponse = z.infer<typeof PricingStatusResponseSchema>;
