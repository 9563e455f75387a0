import { currentTraceparent, withTraceparent } from '../telemetry/telemetry';
import { randomUUID } from 'node:crypto';
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
import { assertHandlers, backoffDelay, JOB_DEFAULTS, unknownJobError } from './job-queue.shared';
import { SlidingWindowLimiter } from './sliding-window-limiter';

export interface InlineJobQueueOptions {
  /** How many failed jobs each queue keeps, newest first. */
  keepFailed?: number;
  /** How many completed jobs each queue keeps (only their count is visible through the port). */
  keepCompleted?: number;
}

interface InlineJob {
  id: string;
  name: string;
  data: unknown;
  /** The trace of the enqueuing work; the handler runs inside it. */
  traceparent?: string;
  attempts: number;
  backoffMs: number;
  priority: number;
  seq: number;
  attempt: number;
  /** Set while the job waits for its delay or back-off; cleared on close(). */
  timer?: NodeJS.Timeout;
}

interface FinishedJob extends FailedJob {
  finishedAt: number;
}

interface InlineWorker {
  handlers: Record<string, JobHandler>;
  concurrency: number;
  active: Set<Promise<void>>;
  closing: boolean;
}

class QueueState {
  constructor(readonly name: string) {}
  readonly waiting: InlineJob[] = [];
  readonly delayed = new Set<InlineJob>();
  readonly active = new Set<InlineJob>();
  /** jobId → job, while waiting, delayed (incl. back-off) or active: the de-duplication window. */
  readonly byId = new Map<string, InlineJob>();
  readonly failed: FinishedJob[] = [];
  readonly completed: FinishedJob[] = [];
  readonly workers: InlineWorker[] = [];
  readonly schedules = new Map<string, { timer: NodeJS.Timeout; last?: InlineJob }>();
  limiter?: SlidingWindowLimiter;
  limiterTimer?: NodeJS.Timeout;
  nextWorker = 0;
}

/**
 * The embedded mode's job queue: everything lives in this process's memory.
 *
 * What it guarantees: retries with exponential back-off, de-duplication by jobId while a job is
 * waiting, delayed or active, the limiter and concurrency of each worker, and a graceful close()
 * that lets in-flight jobs finish before it resolves. What it does not: jobs survive only as long as
 * the process — waiting, delayed and scheduled jobs are gone after a crash or restart. Embedded-mode
 * callers must treat jobs as re-derivable (the poll state lives in the database, schedulers re-enqueue
 * what is due), which is also what the BullMQ mode needs after its jobs are trimmed.
 */
export class InlineJobQueue implements JobQueue {
  readonly kind = 'inline' as const;
  private readonly queues = new Map<string, QueueState>();
  private readonly keepFailed: number;
  private readonly keepCompleted: number;
  private seq = 0;
  private closed = false;

  constructor(options: InlineJobQueueOptions = {}) {
    this.keepFailed = options.keepFailed ?? 100;
    this.keepCompleted = options.keepCompleted ?? 100;
  }

  async enqueue<D>(queue: string, name: string, data: D, options: JobOptions = {}): Promise<void> {
    this.assertOpen();
    this.add(this.state(queue), name, data, options);
  }

  async schedule<D>(
    queue: string,
    schedulerId: string,
    everyMs: number,
    job: { name: string; data: D },
  ): Promise<void> {
    this.assertOpen();
    if (!(everyMs > 0)) throw new Error(`schedule ${schedulerId}: everyMs must be positive`);
    const state = this.state(queue);
    this.clearSchedule(state, schedulerId);
    const entry: { timer: NodeJS.Timeout; last?: InlineJob } = {
      timer: setInterval(() => fire(), everyMs).unref(),
    };
    // Like a BullMQ job scheduler: at most one not-yet-started run per schedule, so a slow or
    // stopped worker does not pile up copies.
    const fire = () => {
      if (entry.last && (state.waiting.includes(entry.last) || state.delayed.has(entry.last))) return;
      entry.last = this.add(state, job.name, job.data, {});
    };
    state.schedules.set(schedulerId, entry);
    fire();
  }

  async removeSchedule(queue: string, schedulerId: string): Promise<void> {
    this.clearSchedule(this.state(queue), schedulerId);
  }

  async process(
    queue: string,
    handlers: Record<string, JobHandler>,
    options: ProcessOptions = {},
  ): Promise<Worker> {
    this.assertOpen();
    assertHandlers(queue, handlers);
    const state = this.state(queue);
    const worker: InlineWorker = {
      handlers: { ...handlers },
      concurrency: Math.max(1, options.concurrency ?? 1),
      active: new Set(),
      closing: false,
    };
    // The limiter belongs to the queue, shared by its workers (as in BullMQ).
    if (options.limiter)
      state.limiter = new SlidingWindowLimiter(options.limiter.max, options.limiter.durationMs);
    state.workers.push(worker);
    this.pump(state);
    return {
      close: async () => {
        worker.closing = true;
        await Promise.all(worker.active);
        const index = state.workers.indexOf(worker);
        if (index >= 0) state.workers.splice(index, 1);
      },
    };
  }

  async counts(queue: string): Promise<QueueCounts> {
    const state = this.state(queue);
    return {
      waiting: state.waiting.length,
      active: state.active.size,
      delayed: state.delayed.size,
      failed: state.failed.length,
      completed: state.completed.length,
    };
  }

  async failed(queue: string, limit = 50): Promise<FailedJob[]> {
    return this.state(queue)
      .failed.slice(0, limit)
      .map(({ id, name, data, error, attempts }) => ({ id, name, data, error, attempts }));
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  /** Stops schedules and new starts, lets in-flight jobs finish. Waiting and delayed jobs are dropped. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const inFlight: Promise<void>[] = [];
    for (const state of this.queues.values()) {
      for (const id of [...state.schedules.keys()]) this.clearSchedule(state, id);
      for (const job of state.delayed) clearTimeout(job.timer);
      clearTimeout(state.limiterTimer);
      for (const worker of state.workers) {
        worker.closing = true;
        inFlight.push(...worker.active);
      }
    }
    await Promise.all(inFlight);
  }

  private add(state: QueueState, name: string, data: unknown, options: JobOptions): InlineJob | undefined {
    if (options.jobId !== undefined && state.byId.has(options.jobId)) return undefined;
    const job: InlineJob = {
      id: options.jobId ?? randomUUID(),
      name,
      data,
      traceparent: currentTraceparent(),
      attempts: Math.max(1, options.attempts ?? JOB_DEFAULTS.attempts),
      backoffMs: options.backoffMs ?? JOB_DEFAULTS.backoffMs,
      priority: options.priority ?? 0,
      seq: this.seq++,
      attempt: 0,
    };
    state.byId.set(job.id, job);
    if (options.delayMs && options.delayMs > 0) this.delay(state, job, options.delayMs);
    else this.makeWaiting(state, job);
    return job;
  }

  private delay(state: QueueState, job: InlineJob, ms: number): void {
    state.delayed.add(job);
    job.timer = setTimeout(() => {
      state.delayed.delete(job);
      job.timer = undefined;
      this.makeWaiting(state, job);
    }, ms).unref();
  }

  /** Ordered as BullMQ takes them: jobs without priority first, then by priority (1 highest), FIFO within. */
  private makeWaiting(state: QueueState, job: InlineJob): void {
    const after = (a: InlineJob, b: InlineJob) =>
      a.priority > b.priority || (a.priority === b.priority && a.seq > b.seq);
    let index = state.waiting.length;
    while (index > 0 && after(state.waiting[index - 1], job)) index--;
    state.waiting.splice(index, 0, job);
    this.pump(state);
  }

  /** Starts as many waiting jobs as free worker slots and the limiter allow. */
  private pump(state: QueueState): void {
    if (this.closed) return;
    while (state.waiting.length > 0) {
      const worker = this.freeWorker(state);
      if (!worker) return;
      if (state.limiter) {
        const waitMs = state.limiter.tryTake(Date.now());
        if (waitMs > 0) {
          if (!state.limiterTimer) {
            state.limiterTimer = setTimeout(() => {
              state.limiterTimer = undefined;
              this.pump(state);
            }, waitMs).unref();
          }
          return;
        }
      }
      const job = state.waiting.shift()!;
      this.run(state, worker, job);
    }
  }

  private freeWorker(state: QueueState): InlineWorker | undefined {
    const count = state.workers.length;
    for (let i = 0; i < count; i++) {
      const worker = state.workers[(state.nextWorker + i) % count];
      if (!worker.closing && worker.active.size < worker.concurrency) {
        state.nextWorker = (state.nextWorker + i + 1) % count;
        return worker;
      }
    }
    return undefined;
  }

  private run(state: QueueState, worker: InlineWorker, job: InlineJob): void {
    job.attempt++;
    state.active.add(job);
    const ctx: JobContext = { id: job.id, name: job.name, queue: state.name, attempt: job.attempt };
    const handler = Object.hasOwn(worker.handlers, job.name) ? worker.handlers[job.name] : undefined;
    const running = (async () => {
      try {
        if (!handler) throw unknownJobError(ctx.queue, job.name);
        await withTraceparent(job.traceparent, () => handler(job.data, ctx));
        this.finish(state, job, state.completed, this.keepCompleted, '');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (handler && job.attempt < job.attempts) {
          state.active.delete(job);
          // After close() a retry has nowhere to run; it is dropped like any other delayed job.
          if (this.closed) state.byId.delete(job.id);
          else this.delay(state, job, backoffDelay(job.backoffMs, job.attempt));
        } else {
          this.finish(state, job, state.failed, this.keepFailed, message);
        }
      }
    })();
    worker.active.add(running);
    void running.finally(() => {
      worker.active.delete(running);
      this.pump(state);
    });
  }

  private finish(state: QueueState, job: InlineJob, list: FinishedJob[], keep: number, error: string): void {
    state.active.delete(job);
    state.byId.delete(job.id);
    list.unshift({
      id: job.id,
      name: job.name,
      data: job.data,
      error,
      attempts: job.attempt,
      finishedAt: Date.now(),
    });
    if (list.length > keep) list.length = keep;
  }

  private clearSchedule(state: QueueState, schedulerId: string): void {
    const entry = state.schedules.get(schedulerId);
    if (!entry) return;
    clearInterval(entry.timer);
    state.schedules.delete(schedulerId);
  }

  private state(queue: string): QueueState {
    let state = this.queues.get(queue);
    if (!state) {
      state = new QueueState(queue);
      this.queues.set(queue, state);
    }
    return state;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('job queue is closed');
  }
}
