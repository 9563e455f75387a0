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
