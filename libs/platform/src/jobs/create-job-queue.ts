import { BullMqJobQueue, type BullMqJobQueueOptions } from './bullmq-queue';
import { InlineJobQueue } from './inline-queue';
import type { JobQueue } from './job-queue.port';

export interface JobQueueConfig {
  REDIS_URL?: string;
  /** Forces an adapter; by default BullMQ when REDIS_URL is set. */
  JOB_QUEUE?: 'inline' | 'bullmq';
  /**
   * BullMQ: how long a job held by a worker that died waits before another worker takes it over.
   * It is the job lock; the stalled check runs every half of it, so the takeover comes within 1.5×.
   * Unset: BullMQ's 30 s lock and 30 s check.
   */
  JOB_STALLED_MS?: number;
}

export type CreateJobQueueOptions = Omit<BullMqJobQueueOptions, 'url'>;

/** BullMQ on REDIS_URL, or the in-process queue of the embedded mode when there is no Redis. */
export function createJobQueue(config: JobQueueConfig, options: CreateJobQueueOptions = {}): JobQueue {
  const kind = config.JOB_QUEUE ?? (config.REDIS_URL ? 'bullmq' : 'inline');
  switch (kind) {
    case 'inline':
      return new InlineJobQueue();
    case 'bullmq':
      if (!config.REDIS_URL) throw new Error('JOB_QUEUE=bullmq needs REDIS_URL');
      return new BullMqJobQueue({
        ...(config.JOB_STALLED_MS
          ? { lockDurationMs: config.JOB_STALLED_MS, stalledIntervalMs: Math.ceil(config.JOB_STALLED_MS / 2) }
          : {}),
        ...options,
        url: config.REDIS_URL,
      });
  }
}
