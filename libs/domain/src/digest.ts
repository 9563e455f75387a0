/**
 * The daily digest: a shopper in digest mode gets one email per local day, at a local
 * hour they pick (0–23) in their IANA time zone, listing every alert that fired since the previous
 * one. Days are calendar dates in the user's zone ("YYYY-MM-DD"); every rule compares wall-clock
 * hours, so a day whose chosen hour is skipped by a DST jump is due at the first hour after it, and
 * a day whose hour repeats is due at its first occurrence.
 */

export const DIGEST_DELIVERIES = ['instant', 'digest'] as const;
export type DigestDelivery = (typeof DIGEST_DELIVERIES)[number];

/** What an account without a choice gets: instant emails, as before the digest existed. */
export const DEFAULT_DIGEST_PREFERENCES = {
  delivery: 'instant' as DigestDelivery,
  digestHour: 8,
  timeZone: 'UTC',
};

export const isDigestHour = (hour: unknown): hour is number =>
  typeof hour === 'number' && Number.isInteger(hour) && hour >= 0 && hour <= 23;

/**
 * The zone's canonical IANA name ("europe/berlin" → "Europe/Berlin"), or undefined when
 * Intl does not know it. Canonical names are what is stored, so one zone is one value.
 */
export function canonicalTimeZone(zone: string): string | undefined {
  if (zone.length === 0 || zone.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

// One formatter per zone: building one is far costlier than formatting (the due scan runs per user).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall-clock date and hour at `at` in `zone`. */
export function localDateHour(at: Date, zone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    formatterFor(zone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 };
}

/** A calendar date `days` later (or earlier); plain date arithmetic, no zone involved. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The local day whose digest carries an alert that fired at `firedAt`: today's when today's hour
 * has not come yet, else tomorrow's (today's has gone out, or is going out now).
 */
export function digestDayOf(firedAt: Date, zone: string, digestHour: number): string {
  const local = localDateHour(firedAt, zone);
  return local.hour < digestHour ? local.day : addDays(local.day, 1);
}

/**
 * The latest local day whose digest is due at `now`: today once today's hour has come, else
 * yesterday. A digest for that day (or an earlier one never sent) may go out now.
 */
export function latestDueDigestDay(now: Date, zone: string, digestHour: number): string {
  const local = localDateHour(now, zone);
  return local.hour >= digestHour ? local.day : addDays(local.day, -1);
}

/** Whether the digest of local `day` may go out at `now`. */
export function isDigestDue(day: string, now: Date, zone: string, digestHour: number): boolean {
  return day <= latestDueDigestDay(now, zone, digestHour);
}
