import { Inject, Injectable } from '@nestjs/common';
import type { ApiRequestLogEntry, ApiUsageFigures } from '@pt/contracts';
import { DATABASE, sql, typedQueries, type Database, type Queryable, type Selectable } from '@pt/platform';
import type { ApiRequestLogsTable, DB } from './schema';

export interface GroupedFigures extends ApiUsageFigures {
  service: string | null;
  method: string | null;
  route: string | null;
  level: 'total' | 'service' | 'route';
}

/** A figuresSince row: GROUPING SETS leave the columns a set groups away null. */
type FiguresRow = {
  [K in 'service_name' | 'method' | 'route']: Selectable<ApiRequestLogsTable>[K] | null;
} & {
  g_service: number;
  g_route: number;
  requests: number;
  errors: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
};

const ms = (value: number | null) => Math.round((value ?? 0) * 100) / 100;

/** The UTC hour a request started in, as the ISO text of its start. */
const HOUR = sql<string>`to_char(date_trunc('hour', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:00:00.000"Z"')`;

/** §7 api_request_logs and daily_api_requests. */
@Injectable()
export class RequestLogsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** One multi-row INSERT per batch. */
  async insert(tx: Queryable, entries: readonly ApiRequestLogEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await typedQueries<DB>(tx)
      .insertInto('settings.api_request_logs')
      .values(
        entries.map((e) => ({
          route: e.route,
          method: e.method,
          status_code: e.statusCode,
          response_time_ms: e.responseTimeMs,
          service_name: e.service,
          user_id: e.userId ?? null,
          created_at: e.createdAt,
        })),
      )
      .execute();
  }

  /**
   * Request count, 5xx count and latency percentiles since `from`: overall, per service and per
   * (service, method, route), in one pass (GROUPING SETS).
   */
  async figuresSince(from: Date, to: Date): Promise<GroupedFigures[]> {
    const { rows } = await sql<FiguresRow>`
      SELECT service_name, method, route,
             GROUPING(service_name) AS g_service, GROUPING(route) AS g_route,
             count(*) AS requests,
             count(*) FILTER (WHERE status_code >= 500) AS errors,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY response_time_ms) AS p50,
             percentile_cont(0.95) WITHIN GROUP (ORDER BY response_time_ms) AS p95,
             percentile_cont(0.99) WITHIN GROUP (ORDER BY response_time_ms) AS p99
        FROM settings.api_request_logs
       WHERE created_at >= ${from.toISOString()} AND created_at <= ${to.toISOString()}
       GROUP BY GROUPING SETS ((), (service_name), (service_name, method, route))`.execute(
      typedQueries<DB>(this.db),
    );
    return rows.map((row) => ({
      service: row.service_name,
      method: row.method,
      route: row.route,
      level: row.g_service === 1 ? 'total' : row.g_route === 1 ? 'service' : 'route',
      requests: row.requests,
      errors: row.errors,
      errorRate: row.requests === 0 ? 0 : row.errors / row.requests,
      p50Ms: ms(row.p50),
      p95Ms: ms(row.p95),
      p99Ms: ms(row.p99),
    }));
  }

  /** Requests and 5xx per hour (hour start, UTC) since `from`. */
  async hourly(from: Date, to: Date): Promise<{ hour: string; requests: number; errors: number }[]> {
    const rows = await typedQueries<DB>(this.db)
      .selectFrom('settings.api_request_logs')
      .select((eb) => [
        HOUR.as('hour'),
        eb.fn.countAll().as('requests'),
        eb.fn.countAll().filterWhere('status_code', '>=', 500).as('errors'),
      ])
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .groupBy(HOUR)
      .orderBy(HOUR)
      .execute();
    return rows.map((r) => ({ hour: r.hour, requests: Number(r.requests), errors: Number(r.errors) }));
  }

  /** §7 daily_api_requests for one UTC day. */
  async daily(date: string): Promise<{ serviceName: string; requestCount: number }[]> {
    const rows = await typedQueries<DB>(this.db)
      .selectFrom('settings.daily_api_requests')
      .select(['service_name', 'request_count'])
      .where('request_date', '=', sql<Date>`${date}::date`)
      .orderBy('service_name')
      .execute();
    return rows.map((r) => ({ serviceName: r.service_name, requestCount: r.request_count }));
  }

  /** Recomputes daily_api_requests of one UTC day from the raw rows (idempotent). */
  async rollup(date: string): Promise<void> {
    await sql`
      INSERT INTO settings.daily_api_requests (service_name, request_date, request_count, updated_at)
      SELECT service_name, ${date}::date, count(*), now() FROM settings.api_request_logs
       WHERE created_at >= (${date}::date)::timestamp AT TIME ZONE 'UTC'
         AND created_at < (${date}::date + 1)::timestamp AT TIME ZONE 'UTC'
       GROUP BY service_name
      ON CONFLICT (service_name, request_date)
      DO UPDATE SET request_count = EXCLUDED.request_count, updated_at = EXCLUDED.updated_at`.execute(
      typedQueries<DB>(this.db),
    );
  }

  /** Deletes raw rows older than `before`; returns how many. */
  async prune(before: Date): Promise<number> {
    const { numDeletedRows } = await typedQueries<DB>(this.db)
      .deleteFrom('settings.api_request_logs')
      .where('created_at', '<', before)
      .executeTakeFirstOrThrow();
    return Number(numDeletedRows);
  }
}
