import { MINUTE_MS } from '@pt/domain';

/**
 * When a tracked listing is polled next — pure, so the rules are table-tested.
 * - An alert whose target is within 10% of the current price makes the listing "hot": hourly.
 * - Everything else: every 6 hours.
 * - A failing listing backs off: 5 min, 20 min, 80 min, … up to the maximum (a day), and never
 *   sooner than a Retry-After the marketplace gave.
 * - A listing the marketplace no longer knows is checked again only after the maximum back-off
 *   (or the shorter recheck a deployment sets, so a back-in-stock alert hears of its return sooner).
 */
export interface PollPolicy {
  pollIntervalMs: number;
  hotPollIntervalMs: number;
  maxBackoffMs: number;
  /** Wait before looking again at a vanished listing; the maximum back-off when absent. */
  goneRecheckMs?: number;
}

/** "within 10% of its target": the current price is at most 10% above the alert's target. */
export const HOT_TARGET_MARGIN = 0.1;
export const FIRST_RETRY_MS = 5 * MINUTE_MS;
export const BACKOFF_FACTOR = 4;

/** Priorities as BullMQ orders them (1 first). */
export const HOT_PRIORITY = 1;
export const NORMAL_PRIORITY = 2;

export function isNearTarget(
  currentPrice: number | null | undefined,
  alertTargets: readonly number[],
): boolean {
  if (typeof currentPrice !== 'number' || !(currentPrice > 0)) return false;
  return alertTargets.some((target) => target > 0 && currentPrice <= target * (1 + HOT_TARGET_MARGIN));
}

export function pollIntervalMs(policy: PollPolicy, hot: boolean): number {
  return hot ? Math.min(policy.hotPollIntervalMs, policy.pollIntervalMs) : policy.pollIntervalMs;
}

export function nextDueAfterSuccess(now: Date, policy: PollPolicy, hot: boolean): Date {
  return new Date(now.getTime() + pollIntervalMs(policy, hot));
}

/** `failures` counts this one too (1 after the first failure). */
export function backoffMs(policy: PollPolicy, failures: number, retryAfterMs?: number): number {
  const exponent = Math.max(0, Math.min(failures, 20) - 1);
  const delay = Math.min(policy.maxBackoffMs, FIRST_RETRY_MS * BACKOFF_FACTOR ** exponent);
  return Math.max(delay, Math.min(retryAfterMs ?? 0, policy.maxBackoffMs));
}

export function nextDueAfterFailure(
  now: Date,
  policy: PollPolicy,
  failures: number,
  retryAfterMs?: number,
): Date {
  return new Date(now.getTime() + backoffMs(policy, failures, retryAfterMs));
}

export function nextDueWhenUnavailable(now: Date, policy: PollPolicy): Date {
  return new Date(now.getTime() + (policy.goneRecheckMs ?? policy.maxBackoffMs));
}

/**
 * A new reason may make a listing hot: it is then due no later than one hot interval from now
 * (and a newly tracked listing is due at once, handled by the caller).
 */
export function dueAfterTrackingChange(currentDue: Date, now: Date, policy: PollPolicy, hot: boolean): Date {
  const latest = nextDueAfterSuccess(now, policy, hot);
  return currentDue.getTime() > latest.getTime() ? latest : currentDue;
}

const DAY = 24 * 60 * MINUTE_MS;

/**
 * The poll queue's limiter for a daily quota, spread evenly so a backlog cannot spend the day's
 * calls in a morning burst: N per minute when the quota allows one a minute, else one per slice.
 * It rounds down, never over the quota.
 */
export function quotaLimiter(callsPerDay: number): { max: number; durationMs: number } {
  const minutesPerDay = DAY / MINUTE_MS;
  if (callsPerDay >= minutesPerDay)
    return { max: Math.floor(callsPerDay / minutesPerDay), durationMs: MINUTE_MS };
  return { max: 1, durationMs: Math.ceil(DAY / Math.max(1, callsPerDay)) };
}

/**
 * Back-pressure: the due-finder tops a queue up to what its limiter lets through in two
 * scheduler periods (at least 10 jobs), so listings wait in Postgres, not in a stale queue.
 */
export function maxBacklogJobs(
  limiter: { max: number; durationMs: number },
  schedulerEveryMs: number,
): number {
  return Math.max(10, Math.ceil(((2 * schedulerEveryMs) / limiter.durationMs) * limiter.max));
}
