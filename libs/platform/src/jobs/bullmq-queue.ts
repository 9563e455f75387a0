import {
  Queue,
  UnrecoverableError,
  Worker as BullWorker,
  type Job,
  type JobsOptions,
  type KeepJobs,
  type WorkerOptions,
} from 'bullmq';
import type { Redis } from 'ioredis';
import type {
  FailedJob,
  JobContext,
  JobHandler,
  JobOptions,
  JobQueue,
  ProcessOptions,
  QueueCounts,
  Worker,
} from './job-queue.port';
import { withTraceparent } from '../telemetry/telemetry';
import { assertHandlers, JOB_DEFAULTS, unknownJobError, unwrapJob, wrapJob } from './job-queue.shared';
import { createRedisConnection } from './redis-connection';

export interface BullMqJobQueueOptions {
  url: string;
  /** Key prefix in Redis; tests isolate themselves with a unique one. */
  prefix?: string;
  /** Finished jobs kept in Redis: a count or a max age per queue. */
  removeOnComplete?: KeepJobs;
  removeOnFail?: KeepJobs;
  /**
   * How quickly a dead worker's job is handed to another: its lock expires after lockDuration and the
   * next stalled check (every stalledInterval) moves it back to waiting. BullMQ's defaults (30 s) suit
   * production; tests shorten them.
   */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /**
   * Connection and worker errors that no caller awaits (a Redis reconnect, a lost lock). Unhandled,
   * BullMQ's 'error' events would crash the process; by default they become process warnings.
   */
  onError?: (error: Error) => void;
}

/** A BullMQ worker as handed out by process(); `crash()` exists for tests of worker death. */
export interface BullMqWorkerHandle extends Worker {
  readonly bullWorker: BullWorker;
  /** Stops at once without finishing or releasing active jobs, as a killed process would. */
  crash(): Promise<void>;
}

export const DEFAULT_JOB_PREFIX = 'pt';

/**
 * BullMQ 5 refuses ':' in queue names, while our persisted names use it (`poll:ebay`). The mapping
 * is fixed: changing it would orphan queued jobs.
 */
export function bullQueueName(queue: string): string {
  return queue.replaceAll(':', '.');
}

/**
 * The distributed mode's job queue. One BullMQ Queue per name (cached) over one shared connection;
 * each process() gets its own Worker with a connection that never gives up on a command
 * (`maxRetriesPerRequest: null`), as BullMQ requires for blocking calls.
 */
export class BullMqJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly prefix: string;
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Set<BullWorker>();
  private readonly workerConnections = new Set<Redis>();
  private closed = false;
  private readonly onError: (error: Error) => void;
  /** Every schedule this process registered, to register again if Redis loses them. */
  private readonly schedules = new Map<string, () => Promise<void>>();

  constructor(private readonly options: BullMqJobQueueOptions) {
    this.prefix = options.prefix ?? DEFAULT_JOB_PREFIX;
    this.onError = options.onError ?? ((error) => process.emitWarning(error.message, 'JobQueueWarning'));
    // Producers should fail fast when Redis is gone instead of queueing commands forever.
    this.connection = createRedisConnection(options.url, { role: 'producer' });
    // Job schedulers live in Redis: after a reconnect (Redis restarted, perhaps empty) register
    // this process's schedules again. upsertJobScheduler is idempotent, so a Redis that kept its
    // data sees no change.
    let connectedBefore = false;
    this.connection.on('ready', () => {
      if (connectedBefore) void this.reregisterSchedules();
      connectedBefore = true;
    });
  }

  /** Registers every schedule of this process again (after Redis came back). */
  async reregisterSchedules(): Promise<void> {
    for (const [key, register] of this.schedules) {
      if (this.closed) return;
      try {
        await register();
      } catch (error) {
        this.onError(new Error(`re-registering schedule ${key} failed: ${(error as Error).message}`));
      }
    }
  }

  async enqueue<D>(queue: string, name: string, data: D, options: JobOptions = {}): Promise<void> {
    this.assertOpen();
    const opts: JobsOptions = {
      ...this.retention(),
      attempts: options.attempts ?? JOB_DEFAULTS.attempts,
      backoff: { type: 'exponential', delay: options.backoffMs ?? JOB_DEFAULTS.backoffMs },
    };
    if (options.delayMs !== undefined) opts.delay = options.delayMs;
    if (options.priority !== undefined) opts.priority = options.priority;
    // Deduplication rather than a fixed jobId: BullMQ keeps a finished job's id until it is trimmed,
    // which would block the same id long after the first job ran. The port promises de-dup only
    // while waiting or active, which is BullMQ's deduplication "simple mode".
    if (options.jobId !== undefined) opts.deduplication = { id: options.jobId };
    await this.queue(queue).add(name, wrapJob(data), opts);
  }

  async schedule<D>(
    queue: string,
    schedulerId: string,
    everyMs: number,
    job: { name: string; data: D },
  ): Promise<void> {
    this.assertOpen();
    if (!(everyMs > 0)) throw new Error(`schedule ${schedulerId}: everyMs must be positive`);
    // upsertJobScheduler is one Lua script keyed by schedulerId, so processes starting together
    // converge on one schedule and one next job.
    const register = () => this.upsertScheduler(queue, schedulerId, everyMs, job);
    this.schedules.set(`${queue}/${schedulerId}`, register);
    await register();
  }

  private async upsertScheduler<D>(
    queue: string,
    schedulerId: string,
    everyMs: number,
    job: { name: string; data: D },
  ): Promise<void> {
    await this.queue(queue).upsertJobScheduler(
      schedulerId,
      { every: everyMs },
      {
        name: job.name,
        // A schedule belongs to no request: its runs start traces of their own.
        data: wrapJob(job.data, undefined),
        opts: {
          ...this.retention(),
          attempts: JOB_DEFAULTS.attempts,
          backoff: { type: 'exponential', delay: JOB_DEFAULTS.backoffMs },
        },
      },
    );
  }

  async removeSchedule(queue: string, schedulerId: string): Promise<void> {
    this.schedules.delete(`${queue}/${schedulerId}`);
    await this.queue(queue).removeJobScheduler(schedulerId);
  }

  async process(
    queue: string,
    handlers: Record<string, JobHandler>,
    options: ProcessOptions = {},
  ): Promise<BullMqWorkerHandle> {
    this.assertOpen();
    assertHandlers(queue, handlers);
    const table = { ...handlers };
    const connection = createRedisConnection(this.options.url, { role: 'worker' });
    this.workerConnections.add(connection);
    const processor = async (job: Job) => {
      const handler = Object.hasOwn(table, job.name) ? table[job.name] : undefined;
      // Retrying cannot help a job nobody handles: fail it at once, keeping it for inspection.
      if (!handler) throw new UnrecoverableError(unknownJobError(queue, job.name).message);
      const ctx: JobContext = { id: job.id ?? '', name: job.name, queue, attempt: job.attemptsMade + 1 };
      const { payload, traceparent } = unwrapJob(job.data);
      return withTraceparent(traceparent, () => handler(payload, ctx));
    };
    // BullMQ spreads these over its defaults, so an explicit `undefined` would erase a default.
    const workerOptions: WorkerOptions = {
      connection,
      prefix: this.prefix,
      concurrency: Math.max(1, options.concurrency ?? 1),
    };
    if (options.limiter)
      workerOptions.limiter = { max: options.limiter.max, duration: options.limiter.durationMs };
    if (this.options.lockDurationMs !== undefined) workerOptions.lockDuration = this.options.lockDurationMs;
    if (this.options.stalledIntervalMs !== undefined)
      workerOptions.stalledInterval = this.options.stalledIntervalMs;
    const worker = new BullWorker(bullQueueName(queue), processor, workerOptions);
    worker.on('error', this.onError);
    this.workers.add(worker);
    await worker.waitUntilReady();
    const release = async (force: boolean) => {
      this.workers.delete(worker);
      try {
        await worker.close(force);
      } finally {
        this.workerConnections.delete(connection);
        connection.disconnect();
      }
    };
    return { bullWorker: worker, close: () => release(false), crash: () => release(true) };
  }

  async counts(queue: string): Promise<QueueCounts> {
    const c = await this.queue(queue).getJobCounts(
      'wait',
      'prioritized',
      'waiting-children',
      'active',
      'delayed',
      'failed',
      'completed',
    );
    return {
      waiting: (c.wait ?? 0) + (c.prioritized ?? 0) + (c['waiting-children'] ?? 0),
      active: c.active ?? 0,
      delayed: c.delayed ?? 0,
      failed: c.failed ?? 0,
      completed: c.completed ?? 0,
    };
  }

  async failed(queue: string, limit = 50): Promise<FailedJob[]> {
    if (limit <= 0) return [];
    const jobs = await this.queue(queue).getFailed(0, limit - 1);
    return jobs.map((job) => ({
      id: job.id ?? '',
      name: job.name,
      data: unwrapJob(job.data).payload,
      error: job.failedReason,
      attempts: job.attemptsMade,
    }));
  }

  async ping(): Promise<void> {
    await this.connection.ping();
  }

  /** The BullMQ queues opened so far, e.g. for a bull-board. */
  bullQueues(): Queue[] {
    return [...this.queues.values()];
  }

  /** Workers finish their active jobs first; then queues and connections close. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.workers].map((worker) => worker.close()));
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
    for (const connection of this.workerConnections) connection.disconnect();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }

  /** The cached Queue for a port-level name (opened on first use). */
  queue(queue: string): Queue {
    let q = this.queues.get(queue);
    if (!q) {
      q = new Queue(bullQueueName(queue), { connection: this.connection, prefix: this.prefix });
      q.on('error', this.onError);
      this.queues.set(queue, q);
    }
    return q;
  }

  private retention(): Pick<JobsOptions, 'removeOnComplete' | 'removeOnFail'> {
    return {
      removeOnComplete: this.options.removeOnComplete ?? { count: 1000 },
      removeOnFail: this.options.removeOnFail ?? { count: 5000 },
    };
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('job queue is closed');
  }
}
