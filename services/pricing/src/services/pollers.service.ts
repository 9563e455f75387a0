import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { JobNames, pollQueueName, Queues } from '@pt/contracts';
import { LIVE_MARKETPLACES } from '@pt/domain';
import { CLOCK, JOB_QUEUE, LOGGER, type Clock, type JobQueue, type Logger, type Worker } from '@pt/platform';
import type { PricingConfig } from '../config';
import { jobTable, type JobRegistration } from '../jobs/job-table';
import { PollBatchJob } from '../jobs/poll-batch.job';
import { PollDueJob } from '../jobs/poll-due.job';
import { PRICING_CONFIG } from '../tokens';
import { quotaLimiter } from './poll-policy';

/** The due-finders' schedules; upserting them is idempotent however many instances start. */
export const dueSchedulerId = (marketplace: string): string => `poll-due:${marketplace}`;

/**
 * Starts the pollers where they run: in the embedded host next to the API, in
 * distributed mode in worker.js (the API process has PRICING_WORKERS=off). One scheduler per
 * marketplace on `poll:scheduler`, and per marketplace a worker whose limiter spreads the quota.
 */
@Injectable()
export class PollersService implements OnApplicationBootstrap, OnModuleDestroy {
  private workers: Worker[] = [];

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PRICING_CONFIG) private readonly config: PricingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly pollDue: PollDueJob,
    private readonly pollBatch: PollBatchJob,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.workers) await this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  async start(): Promise<void> {
    const due: JobRegistration['handle'] = (data) => this.pollDue.handle(data);
    const batch: JobRegistration['handle'] = (data) => this.pollBatch.handle(data);
    const table = jobTable([
      { queue: Queues.pollScheduler, name: JobNames.pollDue, handle: due },
      // The contracts allow a poll-due on a marketplace queue too (e.g. an operator's manual run).
      ...LIVE_MARKETPLACES.flatMap((m) => [
        { queue: pollQueueName(m), name: JobNames.pollBatch, handle: batch },
        { queue: pollQueueName(m), name: JobNames.pollDue, handle: due },
      ]),
    ]);
    const scheduledAt = this.clock.now().toISOString();
    for (const marketplace of LIVE_MARKETPLACES) {
      await this.queue.schedule(
        Queues.pollScheduler,
        dueSchedulerId(marketplace),
        this.config.schedulerEveryMs,
        {
          name: JobNames.pollDue,
          data: { marketplace, scheduledAt },
        },
      );
    }
    this.workers.push(
      await this.queue.process(Queues.pollScheduler, table.get(Queues.pollScheduler)!, { concurrency: 1 }),
    );
    for (const marketplace of LIVE_MARKETPLACES) {
      const queue = pollQueueName(marketplace);
      this.workers.push(
        await this.queue.process(queue, table.get(queue)!, {
          concurrency: this.config.pollConcurrency,
          limiter: quotaLimiter(this.config.callsPerDay[marketplace]),
        }),
      );
    }
    this.logger.info(
      { everyMs: this.config.schedulerEveryMs, callsPerDay: this.config.callsPerDay },
      'pricing pollers started',
    );
  }

  async stop(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((w) => w.close()));
  }
}
