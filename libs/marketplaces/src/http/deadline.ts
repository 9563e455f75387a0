import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One deadline for everything a lookup sends upstream. A per-attempt timeout
 * alone lets calls in series add up: eBay's token mint and then the search each waited their
 * full 8 s against a hung marketplace. Within `withDeadline`, every attempt's timeout is cut to
 * what is left, and no attempt or retry starts once it has passed.
 *
 * Real time (performance.now), not a driver's injectable clock: the timeouts it bounds are real.
 */
const deadlines = new AsyncLocalStorage<number>();

/** Runs `work` with at most `ms` for its upstream calls; an enclosing, sooner deadline still holds. */
export function withDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const outer = deadlines.getStore();
  const deadline = Math.min(outer ?? Infinity, performance.now() + ms);
  return deadlines.run(deadline, work);
}

/** Milliseconds left of the current deadline; undefined outside one. */
export function deadlineRemainingMs(): number | undefined {
  const deadline = deadlines.getStore();
  return deadline === undefined ? undefined : Math.max(0, Math.floor(deadline - performance.now()));
}
