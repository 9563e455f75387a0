/**
 * Reads GET /api/v1/admin/metrics (issue 13: last 24 h and last hour — count, error rate,
 * p50/p95/p99 per service and per route — a requests-per-hour series and today's daily counts)
 * into what the dashboard draws. Field names vary between snake and camel case in practice, so
 * each figure is looked up under both, and a missing part is empty rather than an error.
 */
export interface WindowFigures {
  requests: number;
  errorRate: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

export interface MetricsView {
  last24h: WindowFigures;
  lastHour: WindowFigures;
  perHour: { hour: string; requests: number; errors: number }[];
  perService: { service: string; requests: number; errorRate: number; p95: number | null }[];
  today: { service: string; requests: number }[];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const pick = (o: Obj, ...keys: string[]): unknown => keys.map((k) => o[k]).find((v) => v !== undefined);

function figures(raw: unknown): WindowFigures {
  const o = obj(raw);
  const latency = obj(pick(o, 'latency', 'latencyMs', 'response_time_ms'));
  return {
    requests: num(pick(o, 'requests', 'requestCount', 'request_count', 'count')) ?? 0,
    errorRate: num(pick(o, 'errorRate', 'error_rate')) ?? 0,
    p50: num(pick(o, 'p50', 'p50Ms')) ?? num(latency.p50),
    p95: num(pick(o, 'p95', 'p95Ms')) ?? num(latency.p95),
    p99: num(pick(o, 'p99', 'p99Ms')) ?? num(latency.p99),
  };
}

export function readMetrics(raw: unknown): MetricsView {
  const o = obj(raw);
  const day = pick(o, 'last24h', 'last24Hours', 'day');
  const hour = pick(o, 'lastHour', 'hour');
  const services = pick(obj(day), 'perService', 'services', 'byService');
  return {
    last24h: figures(day),
    lastHour: figures(hour),
    perHour: arr(pick(o, 'requestsPerHour', 'perHour', 'series', 'hourly')).map((row) => {
      const r = obj(row);
      return {
        hour: String(pick(r, 'hour', 'bucket', 'at', 'time') ?? ''),
        requests: num(pick(r, 'requests', 'count', 'requestCount', 'request_count')) ?? 0,
        errors: num(pick(r, 'errors', 'errorCount', 'error_count')) ?? 0,
      };
    }),
    perService: (Array.isArray(services)
      ? services.map((s) => [String(pick(obj(s), 'service', 'name') ?? ''), s] as const)
      : Object.entries(obj(services))
    ).map(([service, s]) => {
      const f = figures(s);
      return { service, requests: f.requests, errorRate: f.errorRate, p95: f.p95 };
    }),
    today: arr(pick(o, 'today', 'daily', 'dailyRequests')).map((row) => {
      const r = obj(row);
      return {
        service: String(pick(r, 'service', 'service_name', 'serviceName') ?? ''),
        requests: num(pick(r, 'requests', 'request_count', 'requestCount', 'count')) ?? 0,
      };
    }),
  };
}
