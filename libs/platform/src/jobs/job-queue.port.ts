export interface JobOptions {
  /** Jobs with the same id are enqueued once while the first is waiting or active (de-duplication). */
  jobId?: string;
  delayMs?: number;
  /** Total tries including the first (default 3). */
  attempts?: number;
  /** First retry delay, doubled each try (default 1000 ms). */
  backoffMs?: number;
  /** 1 is highest. */
  priority?: number;
}

export interface JobContext {
  id: string;
  name: string;
  queue: string;
  attempt: number;
}

export type JobHandler<D = unknown> = (data: D, ctx: JobContext) => Promise<unknown>;

export interface ProcessOptions {
  concurrency?: number;
  /** At most `max` jobs started per `durationMs` across all workers of the queue. */
  limiter?: { max: number; durationMs: number };
}

export interface Worker {
  /** Lets in-flight jobs finish, then stops. */
  close(): Promise<void>;
}

export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
}

export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  error: string;
  attempts: number;
}

/**
 * The job queue port. Adapters: inline (in-process, embedded mode) and BullMQ (REDIS_URL).
 * Completed and failed jobs are kept, bounded.
 */
export interface JobQueue {
  readonly kind: 'inline' | 'bullmq';
  enqueue<D>(queue: string, name: string, data: D, options?: JobOptions): Promise<void>;
  /**
   * Creates or updates a repeating schedule. Idempotent by schedulerId: several processes calling it
   * at once leave one schedule.
   */
  schedule<D>(
    queue: string,
    schedulerId: string,
    everyMs: number,
    job: { name: string; data: D },
  ): Promise<void>;
  removeSchedule(queue: string, schedulerId: string): Promise<void>;
  /** Starts processing; refuses a job name with no handler. */
  process(queue: string, handlers: Record<string, JobHandler>, options?: ProcessOptions): Promise<Worker>;
  counts(queue: string): Promise<QueueCounts>;
  failed(queue: string, limit?: number): Promise<FailedJob[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
