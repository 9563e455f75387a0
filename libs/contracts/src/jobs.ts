import { z } from 'zod';
import { LIVE_MARKETPLACES, LiveMarketplaceId } from '@pt/domain';
import { CurrencyCodeSchema, IsoDateTimeSchema, LiveMarketplaceIdSchema } from './common';

/**
 * Queue names (ARCHITECTURE §4). Persisted (Redis keys, queued jobs) — never rename.
 * One poll queue per marketplace so each gets its own rate limiter.
 */
export const pollQueueName = <M extends LiveMarketplaceId>(marketplace: M): `poll:${M}` =>
  `poll:${marketplace}`;
export const Queues = {
  pollEbay: pollQueueName('ebay'),
  pollAliexpress: pollQueueName('aliexpress'),
  /**
   * The due-finders' own queue: a poll-due tick must not spend a slot of a marketplace queue's
   * rate limiter, which counts API calls.
   */
  pollScheduler: 'poll:scheduler',
  email: 'email',
  rollup: 'rollup',
} as const;
export type QueueName = (typeof Queues)[keyof typeof Queues];
export const POLL_QUEUES: readonly string[] = LIVE_MARKETPLACES.map(pollQueueName);

/** Job names. Persisted (stored with every queued job) — never rename. */
export const JobNames = {
  /** Scheduler tick: find products due for polling and enqueue batches. */
  pollDue: 'poll-due',
  /** Fetch one batch of products from a marketplace and emit price.observed. */
  pollBatch: 'poll-batch',
  /** Send one email (confirmation or price drop). */
  sendEmail: 'send-email',
  /** Roll api_request_logs up into daily_api_requests. */
  rollupDaily: 'rollup-daily',
  /** Scheduled: roll up today and yesterday (UTC) — the days still receiving late log batches. */
  rollupRecent: 'rollup-recent',
  /** Scheduled: delete api_request_logs older than the retention (REQUEST_LOG_RETENTION_DAYS). */
  pruneRequestLogs: 'prune-request-logs',
} as const;
export type JobName = (typeof JobNames)[keyof typeof JobNames];

/** eBay getItems takes up to 20 ids (ARCHITECTURE §4); no marketplace batch is larger. */
export const MAX_POLL_BATCH = 20;

export const PollDueJobSchema = z.object({
  marketplace: LiveMarketplaceIdSchema,
  /** Scheduler tick time; also makes the batch job ids unique per tick. */
  scheduledAt: IsoDateTimeSchema,
});
export type PollDueJob = z.infer<typeof PollDueJobSchema>;

export const PollBatchJobSchema = z.object({
  marketplace: LiveMarketplaceIdSchema,
  productIds: z.array(z.string().min(1)).min(1).max(MAX_POLL_BATCH),
  traceparent: z.string().optional(),
});
export type PollBatchJob = z.infer<typeof PollBatchJobSchema>;

export const ConfirmationEmailJobSchema = z.object({
  kind: z.literal('confirmation'),
  to: z.string().email(),
  userId: z.string().min(1),
  name: z.string().optional(),
  link: z.string().url(),
  resend: z.boolean(),
});

export const PriceDropEmailJobSchema = z.object({
  kind: z.literal('price-drop'),
  to: z.string().email(),
  userId: z.string().min(1),
  alertId: z.string().min(1),
  /** One email per (alert, crossing) (ARCHITECTURE §6): used as the job id and unique key. */
  crossingKey: z.string().min(1),
  productId: z.string().min(1),
  marketplace: z.string().min(1),
  title: z.string().optional(),
  url: z.string().url().optional(),
  imageUrl: z.string().url().optional(),
  oldPrice: z.number().finite().positive(),
  newPrice: z.number().finite().positive(),
  targetPrice: z.number().finite().nonnegative(),
  currency: CurrencyCodeSchema,
});

export const SendEmailJobSchema = z.discriminatedUnion('kind', [
  ConfirmationEmailJobSchema,
  PriceDropEmailJobSchema,
]);
export type SendEmailJob = z.infer<typeof SendEmailJobSchema>;

export const RollupDailyJobSchema = z.object({
  /** The UTC day to roll up, YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type RollupDailyJob = z.infer<typeof RollupDailyJobSchema>;

/** Job name → payload schema: one union of payloads, checked at start-up and on every job. */
export const JobPayloadSchemas = {
  [JobNames.pollDue]: PollDueJobSchema,
  [JobNames.pollBatch]: PollBatchJobSchema,
  [JobNames.sendEmail]: SendEmailJobSchema,
  [JobNames.rollupDaily]: RollupDailyJobSchema,
  [JobNames.rollupRecent]: z.object({}),
  [JobNames.pruneRequestLogs]: z.object({}),
} as const satisfies Record<JobName, z.ZodType>;
export type JobPayloads = { [N in JobName]: z.infer<(typeof JobPayloadSchemas)[N]> };

/** Which queue carries which jobs. */
export const JobsByQueue = {
  [Queues.pollEbay]: [JobNames.pollDue, JobNames.pollBatch],
  [Queues.pollAliexpress]: [JobNames.pollDue, JobNames.pollBatch],
  [Queues.pollScheduler]: [JobNames.pollDue],
  [Queues.email]: [JobNames.sendEmail],
  [Queues.rollup]: [JobNames.rollupDaily, JobNames.rollupRecent, JobNames.pruneRequestLogs],
} as const satisfies Record<QueueName, readonly JobName[]>;

export function isJobName(value: string): value is JobName {
  return (Object.values(JobNames) as string[]).includes(value);
}

/** Validates a job's data for its name; never throws. */
export function parseJobPayload<N extends JobName>(
  name: N,
  data: unknown,
): { success: true; data: JobPayloads[N] } | { success: false; error: string } {
  const parsed = (JobPayloadSchemas[name] as z.ZodType).safeParse(data);
  return parsed.success
    ? { success: true, data: parsed.data as JobPayloads[N] }
    : { success: false, error: `invalid ${name} job: ${z.prettifyError(parsed.error)}` };
}
