import { BullMqJobQueue, type BullMqJobQueueOptions } from './bullmq-queue';
import { InlineJobQueue } from './inline-queue';
import type { JobQueue } from './job-queue.port';

export interface JobQueueConfig {
  REDIS_URL?: string;
  /** Forces an adapter; by default BullMQ when REDIS_URL is set. */
  JOB_QUEUE?: 'inline' | 'bullmq';
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
      return new BullMqJobQueue({ ...options, url: config.REDIS_URL });
  }
}
