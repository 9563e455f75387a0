import type { AdminMetricsResponse } from '@pt/contracts';

/**
 * Turns GET /api/v1/admin/metrics (contract `AdminMetricsResponseSchema`: last 24 h and
 * last hour — count, error rate, p50/p95/p99, per service — a requests-per-hour series and today's
 * daily counts) into what the dashboard draws. It reads the contract's type and adds only labels,
 * so a change of the answer's shape fails the typecheck here instead of showing zeros.
 */
export interface HourPoint {
  /** Start of the hour (ISO, UTC) as the API sent it. */
  hour: string;
  /** Axis label in the viewer's time zone: "14:00", with the date where a day starts. */
  label: string;
  /** Tooltip title: the date and the hour range, "Thu 26 Nov, 14:00–15:00". */
  title: string;
  requests: number;
  errors: number;
}

export interface MetricsView {
  last24h: AdminMetricsResponse['last24h'];
  lastHour: AdminMetricsResponse['lastHour'];
  perHour: HourPoint[];
  today: AdminMetricsResponse['today'];
}

/** Formatting options; the browser's own locale and time zone unless a test pins them. */
export interface LabelOptions {
  locale?: string;
  timeZone?: string;
}

/**
 * Hour labels in the viewer's zone. Only the hour is shown, except on the first point and where the
 * local date changes when the series spans days, so each part of the axis says which day it is.
 */
export function hourPoints(hourly: AdminMetricsResponse['hourly'], options: LabelOptions = {}): HourPoint[] {
  const { locale, timeZone } = options;
  const time = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const day = new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'short' });
  const fullDay = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  const days = hourly.map((h) => day.format(new Date(h.hour)));
  const spansDays = new Set(days).size > 1;
  return hourly.map((h, i) => {
    const start = new Date(h.hour);
    const end = new Date(start.getTime() + 3_600_000);
    const dayStarts = spansDays && (i === 0 || days[i] !== days[i - 1]);
    return {
      hour: h.hour,
      label: dayStarts ? `${days[i]} ${time.format(start)}` : time.format(start),
      title: `${fullDay.format(start)}, ${time.format(start)}–${time.format(end)}`,
      requests: h.requests,
      errors: h.errors,
    };
  });
}

export function readMetrics(m: AdminMetricsResponse, options: LabelOptions = {}): MetricsView {
  return { last24h: m.last24h, lastHour: m.lastHour, perHour: hourPoints(m.hourly, options), today: m.today };
}
