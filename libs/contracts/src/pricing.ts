import { z } from 'zod';

/**
 * Pricing contracts: the payloads of price.observed / price.changed / tracking.changed
 * (ARCHITECTURE §3), the poll job payloads (§4) and the price-history HTTP body (spec §3, §7).
 */

const isoInstant = z.string().datetime({ offset: true });
/** Marketplace ids as in libs/domain MARKETPLACE_IDS (contracts do not import domain). */
export const PricedMarketplaceSchema = z.enum(['ebay', 'aliexpress', 'amazon', 'walmart']);

/** The partition key of every event about one product: `marketplace:productId` (ARCHITECTURE §3). */
export const productEventKey = (marketplace: string, productId: string): string => `${marketplace}:${productId}`;

/**
 * price.observed — a price was seen: a successful lookup with price > 0 (catalog) or a poll
 * (pricing). `userId` is set for a signed-in user's lookup; pricing then also keeps a personal row.
 */
export const PriceObservedSchema = z.object({
  productId: z.string().trim().min(1, 'missing product id').max(512, 'product id longer than 512 characters'),
  marketplace: PricedMarketplaceSchema,
  price: z.number().finite().positive('price must be positive').max(1_000_000, 'price over 1,000,000'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'currency must be a 3-letter ISO code'),
  observedAt: isoInstant,
  source: z.enum(['lookup', 'poll']),
  userId: z.string().min(1).optional(),
});
export type PriceObserved = z.infer<typeof PriceObservedSchema>;

/**
 * price.changed — a recorded price differs from the previous recorded one. `dropped` is true when
 * the new price is lower in the same currency (ARCHITECTURE §6). `previousCurrency` is set only when
 * the currency itself changed (then `dropped` is false).
 */
export const PriceChangedSchema = z.object({
  productId: z.string().min(1),
  marketplace: PricedMarketplaceSchema,
  oldPrice: z.number().positive(),
  newPrice: z.number().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  previousCurrency: z.string().regex(/^[A-Z]{3}$/).optional(),
  dropped: z.boolean(),
  observedAt: isoInstant,
  source: z.enum(['lookup', 'poll']),
});
export type PriceChanged = z.infer<typeof PriceChangedSchema>;

/** Why a product is polled. Persisted in pricing.tracking_reasons — never rename. */
export const TrackingReasonSchema = z.enum(['wishlist', 'alert']);
export type TrackingReason = z.infer<typeof TrackingReasonSchema>;

/**
 * tracking.changed — a product gained (`tracked: true`) or lost a reason to be polled. `ownerId`
 * names the holder of the reason (the wishlist item or alert id), so repeating an event is
 * idempotent and two holders of one reason are counted apart. Alerts carry their `targetPrice`,
 * which sets the polling frequency (hourly within 10% of the target).
 */
export const TrackingChangedSchema = z.object({
  productId: z.string().trim().min(1).max(512),
  marketplace: PricedMarketplaceSchema,
  reason: TrackingReasonSchema,
  ownerId: z.string().min(1).max(200),
  tracked: z.boolean(),
  targetPrice: z.number().finite().positive().optional(),
  currency: z.string().regex(/^[A-Z]{3}$/).optional(),
});
export type TrackingChanged = z.infer<typeof TrackingChangedSchema>;

/** Job queues and job names of the pricing pollers. Persisted in Redis — never rename. */
export const PricingQueues = {
  scheduler: 'poll:scheduler',
  ebay: 'poll:ebay',
  aliexpress: 'poll:aliexpress',
} as const;
export const pollQueue = (marketplace: 'ebay' | 'aliexpress'): string => PricingQueues[marketplace];
export const PricingJobs = {
  /** Finds due products and enqueues poll batches. */
  findDue: 'find-due',
  /** Polls one batch of listings of one marketplace. */
  pollBatch: 'poll-batch',
} as const;
/** The job scheduler id of the due-finder (one schedule however many instances start). */
export const POLL_SCHEDULER_ID = 'pricing-due-finder';

export const FindDueJobSchema = z.object({}).strict();
export type FindDueJob = z.infer<typeof FindDueJobSchema>;

export const PollBatchJobSchema = z.object({
  marketplace: z.enum(['ebay', 'aliexpress']),
  productIds: z.array(z.string().min(1)).min(1).max(20),
  /** Set by the due-finder, carried for logs and traces. */
  enqueuedAt: isoInstant,
  traceparent: z.string().optional(),
});
export type PollBatchJob = z.infer<typeof PollBatchJobSchema>;

/** Spec §3 price history point; `source` says whose snapshot it is. */
export const PriceHistoryPointSchema = z.object({
  date: isoInstant,
  price: z.number(),
  formattedPrice: z.string(),
  source: z.enum(['global', 'personal']),
});
export type PriceHistoryPoint = z.infer<typeof PriceHistoryPointSchema>;

/** GET /api/v1/products/:id/price-history query: days default 30 (spec §9), at most 365. */
export const PriceHistoryQuerySchema = z.object({
  marketplace: PricedMarketplaceSchema.optional(),
  days: z.coerce.number().int('days must be a whole number').min(1, 'days must be at least 1').max(365, 'days must be at most 365').default(30),
});
export type PriceHistoryQuery = z.infer<typeof PriceHistoryQuerySchema>;

export const PriceTrendSchema = z.enum(['rising', 'falling', 'stable', 'unknown']);
export type PriceTrend = z.infer<typeof PriceTrendSchema>;

export const PriceVerdictSchema = z.object({
  action: z.enum(['buy', 'wait', 'unknown']),
  reason: z.string(),
});
export type PriceVerdict = z.infer<typeof PriceVerdictSchema>;

export const PriceHistoryResponseSchema = z.object({
  productId: z.string(),
  marketplace: PricedMarketplaceSchema,
  currency: z.string().nullable(),
  days: z.number().int(),
  points: z.array(PriceHistoryPointSchema),
  statistics: z.object({
    count: z.number().int(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    average: z.number().nullable(),
    current: z.number().nullable(),
    potentialSavings: z.number(),
    trend: PriceTrendSchema,
    lowest90Days: z.number().nullable(),
    average30Days: z.number().nullable(),
    available: z.boolean(),
  }),
  verdict: PriceVerdictSchema,
});
export type PriceHistoryResponse = z.infer<typeof PriceHistoryResponseSchema>;
