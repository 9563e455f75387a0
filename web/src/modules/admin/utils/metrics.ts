import type { AdminMetricsResponse, ApiUsageFigures } from '@pt/contracts';

/**
 * Turns GET /api/v1/admin/metrics (contract `AdminMetricsResponseSchema`; issue 13: last 24 h and
 * last hour — count, error rate, p50/p95/p99 per service — a requests-per-hour series and today's
 * daily counts) into what the dashboard draws. It reads the contract's type and nothing else, so a
 * change of the answer's shape fails the typecheck here instead of showing zeros.
 */
export interface WindowFigures {
  requests: number;
  /** 0..1. */
  errorRate: number;
  /** Milliseconds; null without requests (the API answers 0 then, which is no latency). */
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

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
  last24h: WindowFigures;
  lastHour: WindowFigures;
  perHour: HourPoint[];
  perService: { service: string; requests: number; errorRate: number; p95: number | null }[];
  today: { date: string; total: number; services: { service: string; requests: number }[] };
}

/** Formatting options; the browser's own locale and time zone unless a test pins them. */
export interface LabelOptions {
  locale?: string;
  timeZone?: string;
}

const latency = (f: ApiUsageFigures, ms: number): number | null => (f.requests === 0 ? null : ms);

function figures(f: ApiUsageFigures): WindowFigures {
  return {
    requests: f.requests,
    errorRate: f.errorRate,
    p50: latency(f, f.p50Ms),
    p95: latency(f, f.p95Ms),
    p99: latency(f, f.p99Ms),
  };
}

/**
 * Hour labels in the viewer's zone. Only the hour is shown, except on the first point and where the
 * local date changes, so a 24-hour series that crosses midnight says which day each part is.
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
  const spansDays = new Set(hourly.map((h) => day.format(new Date(h.hour)))).size > 1;
  return hourly.map((h, i) => {
    const start = new Date(h.hour);
    const end = new Date(start.getTime() + 3_600_000);
    const dateChanged = i === 0 || day.format(start) !== day.format(new Date(hourly[i - 1].hour));
    return {
      hour: h.hour,
      label: spansDays && dateChanged ? `${day.format(start)} ${time.format(start)}` : time.format(start),
      title: `${fullDay.format(start)}, ${time.format(start)}–${time.format(end)}`,
      requests: h.requests,
      errors: h.errors,
    };
  });
}

export function readMetrics(m: AdminMetricsResponse, options: LabelOptions = {}): MetricsView {
  return {
    last24h: figures(m.last24h.total),
    lastHour: figures(m.lastHour.total),
    perHour: hourPoints(m.hourly, options),
    perService: m.last24h.byService.map((s) => ({
      service: s.service,
      requests: s.requests,
      errorRate: s.errorRate,
      p95: latency(s, s.p95Ms),
    })),
    today: {
      date: m.today.date,
      total: m.today.total,
      services: m.today.services.map((s) => ({ service: s.serviceName, requests: s.requestCount })),
    },
  };
}

/** "12 ms"; "—" when there is no latency to show. */
export const formatMs = (v: number | null): string => (v === null ? '—' : `${Math.round(v)} ms`);

/** An error rate (0..1) as a percentage: "2.5%". */
export const formatRate = (v: number): string => `${(v * 100).toFixed(1)}%`;
