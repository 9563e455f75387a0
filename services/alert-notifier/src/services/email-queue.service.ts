import { Inject, Injectable } from '@nestjs/common';
import { JobNames, Queues, SendEmailJobSchema, type SendEmailJob } from '@pt/contracts';
import { JOB_QUEUE, type JobQueue } from '@pt/platform';
import type { NotifierConfig } from '../config';
import { NOTIFIER_CONFIG } from '../tokens';

/**
 * The `email` queue (ARCHITECTURE §4): every email this service sends goes through it, with
 * retries that back off. Account emails use the same call:
 * `await emailQueue.enqueue({ kind: 'confirmation', … }, envelope.id)`.
 */
@Injectable()
export class EmailQueueService {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(NOTIFIER_CONFIG) private readonly config: NotifierConfig,
  ) {}

  /** Queues one email; `dedupeKey` makes a repeated enqueue a no-op while the first waits or runs. */
  async enqueue(job: SendEmailJob, dedupeKey?: string): Promise<void> {
    const data = SendEmailJobSchema.parse(job);
    await this.queue.enqueue(Queues.email, JobNames.sendEmail, data, {
      ...(dedupeKey ? { jobId: `${data.kind}:${dedupeKey}` } : {}),
      attempts: this.config.email.attempts,
      backoffMs: this.config.email.backoffMs,
    });
  }

  /** Price-drop emails of notification rows that committed. */
  async enqueuePriceDrops(notificationIds: readonly string[]): Promise<void> {
    for (const notificationId of notificationIds)
      await this.enqueue({ kind: 'price-drop', notificationId }, notificationId);
  }

  /** Digests whose claim committed (the queue de-duplicates by digest id while one waits or runs). */
  async enqueueDigests(digestIds: readonly string[]): Promise<void> {
    for (const digestId of digestIds) await this.enqueue({ kind: 'digest', digestId }, digestId);
  }
}
