/** Instants arrive as Date, epoch milliseconds or ISO strings depending on the caller (DB row, event, UI). */
export type Instant = Date | number | string;

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Milliseconds since the epoch, or NaN for an unreadable instant (callers treat NaN as "unknown"). */
export function toEpochMs(instant: Instant): number {
  if (instant instanceof Date) return instant.getTime();
  if (typeof instant === 'number') return instant;
  return Date.parse(instant);
}

export function toIsoString(instant: Instant): string {
  return new Date(toEpochMs(instant)).toISOString();
}

/**
 * Retry-After (RFC 9110 §10.2.3) is either delay-seconds or an HTTP date: the wait in milliseconds,
 * or undefined when absent or unreadable. A date in the past is no wait.
 */
export function parseRetryAfterMs(header: string | null | undefined, now: number): number | undefined {
  if (header === null || header === undefined || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number.parseFloat(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
