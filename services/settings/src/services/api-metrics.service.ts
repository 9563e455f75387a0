import { Inject, Injectable } from '@nestjs/common';
import type { AdminMetricsResponse, ApiUsageFigures, ApiUsageWindow } from '@pt/contracts';
import { CLOCK, type Clock } from '@pt/platform';
import { RequestLogsRepository, type GroupedFigures } from '../repositories/request-logs.repository';

const HOUR_MS = 3_600_000;
const EMPTY: ApiUsageFigures = { requests: 0, errors: 0, errorRate: 0, p50Ms: 0, p95Ms: 0, p99Ms: 0 };

const figures = ({ requests, errors, errorRate, p50Ms, p95Ms, p99Ms }: GroupedFigures): ApiUsageFigures => ({
  requests,
  errors,
  errorRate,
  p50Ms,
  p95Ms,
  p99Ms,
});

function windowOf(from: Date, rows: GroupedFigures[]): ApiUsageWindow {
  const total = rows.find((r) => r.level === 'total');
  return {
    from: from.toISOString(),
    total: total && total.requests > 0 ? figures(total) : EMPTY,
    byService: rows
      .filter((r) => r.level === 'service')
      .map((r) => ({ service: r.service ?? '', ...figures(r) }))
      .sort((a, b) => b.requests - a.requests || a.service.localeCompare(b.service)),
    byRoute: rows
      .filter((r) => r.level === 'route')
      .map((r) => ({ service: r.service ?? '', method: r.method ?? '', route: r.route ?? '', ...figures(r) }))
      .sort(
        (a, b) =>
          b.requests - a.requests || a.route.localeCompare(b.route) || a.method.localeCompare(b.method),
      ),
  };
}

/** `GET /api/v1/admin/metrics` (§1, §7): usage over 24 h and 1 h from the raw logs. */
@Injectable()
export class ApiMetricsService {
  constructor(
    private readonly logs: RequestLogsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async metrics(): Promise<AdminMetricsResponse> {
    const now = this.clock.now();
    const dayAgo = new Date(now.getTime() - 24 * HOUR_MS);
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const today = now.toISOString().slice(0, 10);
    const [day, hour, hourly, daily] = await Promise.all([
      this.logs.figuresSince(dayAgo, now),
      this.logs.figuresSince(hourAgo, now),
      this.logs.hourly(dayAgo, now),
      this.logs.daily(today),
    ]);
    // 24 buckets ending with the current hour; hours without requests are 0.
    const byHour = new Map(hourly.map((h) => [h.hour, h]));
    const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
    const series = Array.from({ length: 24 }, (_, i) => {
      const hourIso = new Date(currentHour - (23 - i) * HOUR_MS).toISOString();
      const found = byHour.get(hourIso);
      return { hour: hourIso, requests: found?.requests ?? 0, errors: found?.errors ?? 0 };
    });
    return {
      generatedAt: now.toISOString(),
      last24h: windowOf(dayAgo, day),
      lastHour: windowOf(hourAgo, hour),
      hourly: series,
      today: { date: today, total: daily.reduce((sum, d) => sum + d.requestCount, 0), services: daily },
    };
  }
}
