import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { JobNames, Queues, RollupDailyJobSchema } from '@pt/contracts';
import { CLOCK, JOB_QUEUE, LOGGER, type Clock, type JobQueue, type Logger, type Worker } from '@pt/platform';
import { SETTINGS_CONFIG, type SettingsConfig } from '../config';
import { RequestLogsRepository } from '../repositories/request-logs.repository';

const DAY_MS = 86_400_000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The rollup (daily_api_requests) and the raw-log retention, as scheduled jobs
 * on the `rollup` queue: one schedule across all settings processes (BullMQ job schedulers are
 * idempotent by id), so two replicas do not both prune.
 */
@Injectable()
export class RequestLogsJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private worker?: Worker;

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly logs: RequestLogsRepository,
    @Inject(SETTINGS_CONFIG) private readonly config: SettingsConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker = await this.queue.process(
      Queues.rollup,
      {
        [JobNames.rollupDaily]: async (data) => this.logs.rollup(RollupDailyJobSchema.parse(data).date),
        [JobNames.rollupRecent]: () => this.rollupRecent(),
        [JobNames.pruneRequestLogs]: () => this.prune(),
      },
      { concurrency: 1 },
    );
    await this.queue.schedule(Queues.rollup, 'rollup-recent', this.config.REQUEST_LOG_ROLLUP_EVERY_MS, {
      name: JobNames.rollupRecent,
      data: {},
    });
    await this.queue.schedule(Queues.rollup, 'prune-request-logs', this.config.REQUEST_LOG_PRUNE_EVERY_MS, {
      name: JobNames.pruneRequestLogs,
      data: {},
    });
  }

  /** Today and yesterday: batches of the last minutes before midnight arrive after it. */
  async rollupRecent(): Promise<void> {
    const now = this.clock.now();
    await this.logs.rollup(utcDay(new Date(now.getTime() - DAY_MS)));
    await this.logs.rollup(utcDay(now));
  }

  async prune(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.config.REQUEST_LOG_RETENTION_DAYS * DAY_MS);
    const deleted = await this.logs.prune(before);
    if (deleted > 0) this.logger.info({ deleted, before: before.toISOString() }, 'old request logs deleted');
    return deleted;
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }
}
