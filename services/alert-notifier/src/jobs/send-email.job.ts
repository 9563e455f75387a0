import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { JobNames, parseJobPayload, Queues } from '@pt/contracts';
import {
  CLOCK,
  DATABASE,
  JOB_QUEUE,
  LOGGER,
  type Clock,
  type Database,
  type JobHandler,
  type JobQueue,
  type Logger,
  type Worker,
} from '@pt/platform';
import type { NotifierConfig } from '../config';
import { NotificationsRepository } from '../repositories/notifications.repository';
import { DigestSchedulerService } from '../services/digest-scheduler.service';
import { EmailQueueService } from '../services/email-queue.service';
import { EmailSenderService } from '../services/email-sender.service';
import { NOTIFIER_CONFIG } from '../tokens';

/** The sweeper's schedule id. Persisted (BullMQ job scheduler) — never rename. */
export const EMAIL_SWEEP_SCHEDULE = 'alert-notifier.email-sweep';
/** The digest tick's schedule id. Persisted (BullMQ job scheduler) — never rename. */
export const DIGEST_DUE_SCHEDULE = 'alert-notifier.digest-due';
const SWEEP_BATCH = 500;

/**
 * The `email` queue's worker (ARCHITECTURE §4): `send-email` sends one email, `sweep-emails`
 * re-enqueues price drops whose job never made it (the process died between commit and enqueue,
 * or a sender died holding the lease). The queue de-duplicates by notification id and the sender
 * claims the row, so a sweep racing the original job sends nothing twice.
 */
@Injectable()
export class SendEmailJob implements OnApplicationBootstrap, OnModuleDestroy {
  private worker?: Worker;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(NOTIFIER_CONFIG) private readonly config: NotifierConfig,
    private readonly sender: EmailSenderService,
    private readonly emailQueue: EmailQueueService,
    private readonly notifications: NotificationsRepository,
    private readonly digestScheduler: DigestSchedulerService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker = await this.queue.process(
      Queues.email,
      {
        [JobNames.sendEmail]: this.sendEmail,
        [JobNames.sweepEmails]: this.sweep,
        [JobNames.digestDue]: this.digestDue,
      },
      { concurrency: this.config.email.concurrency },
    );
    await this.queue.schedule(Queues.email, EMAIL_SWEEP_SCHEDULE, this.config.email.sweepEveryMs, {
      name: JobNames.sweepEmails,
      data: {},
    });
    await this.queue.schedule(Queues.email, DIGEST_DUE_SCHEDULE, this.config.email.digestTickMs, {
      name: JobNames.digestDue,
      data: {},
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }

  readonly sendEmail: JobHandler = async (data, ctx) => {
    const parsed = parseJobPayload(JobNames.sendEmail, data);
    if (!parsed.success) {
      // A job that can never be valid: record it and drop it rather than retry it for hours.
      this.logger.error({ jobId: ctx.id, error: parsed.error }, 'invalid send-email job dropped');
      return { outcome: 'invalid' };
    }
    return { outcome: await this.sender.send(parsed.data, ctx) };
  };

  /** Claims the digests whose local hour has come and queues them (DigestSchedulerService). */
  readonly digestDue: JobHandler = async () => this.digestScheduler.tick();

  readonly sweep: JobHandler = async () => {
    const now = this.clock.now();
    const ids = await this.notifications.findStranded(
      this.db,
      new Date(now.getTime() - this.config.email.strandedAfterMs),
      now,
      SWEEP_BATCH,
    );
    await this.emailQueue.enqueuePriceDrops(ids);
    if (ids.length > 0) this.logger.info({ count: ids.length }, 'stranded price-drop emails re-enqueued');
    return { requeued: ids.length };
  };
}
