import { JobsByQueue, type JobName } from '@pt/contracts';
import type { JobHandler } from '@pt/platform';

export interface JobRegistration {
  queue: keyof typeof JobsByQueue;
  name: JobName;
  handle: JobHandler;
}

/**
 * CONVENTIONS "typed jobs with a start-up check": the handlers per queue, refusing to start when a
 * job name is registered twice, or when a job the contracts put on one of these queues has no
 * handler (its jobs would fail forever).
 */
export function jobTable(registrations: readonly JobRegistration[]): Map<string, Record<string, JobHandler>> {
  const table = new Map<string, Record<string, JobHandler>>();
  for (const { queue, name, handle } of registrations) {
    const handlers = table.get(queue) ?? {};
    if (Object.hasOwn(handlers, name)) throw new Error(`job ${name} on ${queue} has two handlers`);
    handlers[name] = handle;
    table.set(queue, handlers);
  }
  for (const [queue, handlers] of table) {
    const missing = JobsByQueue[queue as keyof typeof JobsByQueue].filter(
      (name) => !Object.hasOwn(handlers, name),
    );
    if (missing.length > 0) throw new Error(`queue ${queue} has no handler for ${missing.join(', ')}`);
  }
  return table;
}
