import { z } from 'zod';
import { LIVE_MARKETPLACES, LiveMarketplaceId } from '@pt/domain';
import { IsoDateTimeSchema, LiveMarketplaceIdSchema } from './common';
import { AuthEmailRequestedPayloadSchema } from './events';

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
  /** Re-enqueue price-drop emails whose job was lost (crash between commit and enqueue). */
  sweepEmails: 'sweep-emails',
  /**
   * Scheduled: find digest users whose local hour has come, claim each (user, local day) once and
   * queue its email; also re-queue digests whose job or sender was lost.
   */
  digestDue: 'digest-due',
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

/**
 * One account email (confirmation, recovery, "someone tried to register"): the auth request as it
 * came off the bus — a link id, never the secret link itself, which the sender derives at send time,
 * so no token sits in Redis either.
 */
export const ConfirmationEmailJobSchema = z.object({
  kind: z.literal('confirmation'),
  eventId: z.string().min(1),
  request: AuthEmailRequestedPayloadSchema,
});

/**
 * One price-drop email: only the id of its notification row. The row, written in the
 * transaction that saw the crossing and unique per (alert, crossing), holds what the email says;
 * the worker reads it and the recipient's contact at send time, so no address or price sits in
 * Redis and a user who turned notifications off meanwhile gets nothing.
 */
export const PriceDropEmailJobSchema = z.object({
  kind: z.literal('price-drop'),
  notificationId: z.string().uuid(),
});

/**
 * One daily digest: only the id of its claimed digests row, which is unique per
 * (user, local day) and owns the notifications it lists; the worker reads both at send time.
 */
export const DigestEmailJobSchema = z.object({
  kind: z.literal('digest'),
  digestId: z.string().uuid(),
});

export const SendEmailJobSchema = z.discriminatedUnion('kind', [
  ConfirmationEmailJobSchema,
  PriceDropEmailJobSchema,
  DigestEmailJobSchema,
]);
export type SendEmailJob = z.infer<typeof SendEmailJobSchema>;

/** The sweeper's tick carries nothing: it reads the notifications table. */
export const SweepEmailsJobSchema = z.object({}).strict();
export type SweepEmailsJob = z.infer<typeof SweepEmailsJobSchema>;

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
  [JobNames.sweepEmails]: SweepEmailsJobSchema,
  [JobNames.digestDue]: z.object({}).strict(),
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
  [Queues.email]: [JobNames.sendEmail, JobNames.sweepEmails, JobNames.digestDue],
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
