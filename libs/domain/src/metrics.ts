import { HOUR_MS, Instant, toEpochMs } from './time';

/** §3 api_request_logs row. */
export interface ApiRequestLog {
  status_code: number;
  response_time_ms: number;
  created_at: Instant;
}

export interface ApiUsageWindow {
  requests: number;
  errors: number;
  /** 0..1; 0 when there were no requests. */
  errorRate: number;
  averageResponseMs: number;
}

export interface ApiUsageMetrics {
  last24h: ApiUsageWindow;
  lastHour: ApiUsageWindow;
}

/** The spec does not define an error; we count 5xx only, since 4xx are the callers' mistakes, not outages. */
export const isServerError = (status: number): boolean => status >= 500;

function windowOf(logs: readonly ApiRequestLog[]): ApiUsageWindow {
  const requests = logs.length;
  const errors = logs.filter((l) => isServerError(l.status_code)).length;
  const total = logs.reduce((sum, l) => sum + l.response_time_ms, 0);
  return {
    requests,
    errors,
    errorRate: requests === 0 ? 0 : errors / requests,
    averageResponseMs: requests === 0 ? 0 : Math.round(total / requests),
  };
}

/** §1, §7: API usage from request logs over the last 24 hours and the last hour. */
export function computeApiUsageMetrics(logs: readonly ApiRequestLog[], now: Instant): ApiUsageMetrics {
  const t = toEpochMs(now);
  const within = (ms: number) =>
    logs.filter((l) => {
      const age = t - toEpochMs(l.created_at);
      return age >= 0 && age < ms;
    });
  return { last24h: windowOf(within(24 * HOUR_MS)), lastHour: windowOf(within(HOUR_MS)) };
}

/**
 * A window's latency percentile as the admin dashboard shows it: whole milliseconds, and "—" for a
 * window without requests, where the API's 0 means no latency rather than an instant answer.
 */
export const formatLatency = (ms: number, requests: number): string =>
  requests === 0 ? '—' : `${Math.round(ms)} ms`;

/** An error rate (0..1) as the admin dashboard shows it: "2.5%". */
export const formatErrorRate = (rate: number): string => `${(rate * 100).toFixed(1)}%`;
