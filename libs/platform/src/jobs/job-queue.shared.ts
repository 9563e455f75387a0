import { currentTraceparent } from '../telemetry/telemetry';
import type { JobHandler } from './job-queue.port';

/** Defaults the port documents, shared so both adapters behave alike. */
export const JOB_DEFAULTS = { attempts: 3, backoffMs: 1000 } as const;

/** BullMQ's exponential formula: the n-th retry waits backoffMs * 2^(n-1). */
export function backoffDelay(backoffMs: number, attemptsMade: number): number {
  return backoffMs * 2 ** (attemptsMade - 1);
}

/** The start-up check: a worker with no handlers would fail every job it takes. */
export function assertHandlers(queue: string, handlers: Record<string, JobHandler>): void {
  const names = Object.keys(handlers);
  if (names.length === 0) throw new Error(`process(${queue}): no job handlers given`);
  for (const name of names) {
    if (typeof handlers[name] !== 'function')
      throw new Error(`process(${queue}): handler for "${name}" is not a function`);
  }
}

export function unknownJobError(queue: string, name: string): Error {
  return new Error(`queue ${queue} has no handler for job "${name}"`);
}

/**
 * What a queue stores for a job: its data plus the trace of the work that enqueued it, so the
 * worker's spans and logs join that trace (ARCHITECTURE §2: trace context in job data).
 */
export interface StoredJob<D = unknown> {
  payload: D;
  traceparent?: string;
}

export function wrapJob<D>(data: D, traceparent = currentTraceparent()): StoredJob<D> {
  return traceparent ? { payload: data, traceparent } : { payload: data };
}

export function unwrapJob(stored: unknown): StoredJob {
  if (stored && typeof stored === 'object' && 'payload' in stored) return stored as StoredJob;
  return { payload: stored };
}
