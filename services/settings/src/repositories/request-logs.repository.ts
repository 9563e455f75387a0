import { Inject, Injectable } from '@nestjs/common';
import type { ApiRequestLogEntry, ApiUsageFigures } from '@pt/contracts';
import { DATABASE, type Database, type Queryable } from '@pt/platform';
import { SETTINGS_SCHEMA } from './system-settings.repository';

const LOGS = `"${SETTINGS_SCHEMA}".api_request_logs`;
const DAILY = `"${SETTINGS_SCHEMA}".daily_api_requests`;
const COLUMNS = 7;

export interface GroupedFigures extends ApiUsageFigures {
  service: string | null;
  method: string | null;
  route: string | null;
  level: 'total' | 'service' | 'route';
}

interface FiguresRow {
  service_name: string | null;
  method: string | null;
  route: string | null;
  g_service: number;
  g_route: number;
  requests: number | string;
  errors: number | string;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

const ms = (value: number | null) => Math.round((value ?? 0) * 100) / 100;

/** §7 api_request_logs and daily_api_requests. */
@Injectable()
export class RequestLogsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** One multi-row INSERT per batch. */
  async insert(tx: Queryable, entries: readonly ApiRequestLogEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const values = entries
      .map((_, i) => {
        const b = i * COLUMNS;
        return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7})`;
      })
      .join(', ');
    await tx.query(
      `INSERT INTO ${LOGS} (route, method, status_code, response_time_ms, service_name, user_id, created_at) VALUES ${values}`,
      entries.flatMap((e) => [
        e.route,
        e.method,
        e.statusCode,
        e.responseTimeMs,
        e.service,
        e.userId ?? null,
        e.createdAt,
      ]),
    );
  }

  /**
   * Request count, 5xx count and latency percentiles since `from`: overall, per service and per
   * (service, method, route), in one pass (GROUPING SETS).
   */
  async figuresSince(from: Date, to: Date): Promise<GroupedFigures[]> {
    const { rows } = await this.db.query<FiguresRow>(
      `SELECT service_name, method, route,
              GROUPING(service_name) AS g_service, GROUPING(route) AS g_route,
              count(*) AS requests,
              count(*) FILTER (WHERE status_code >= 500) AS errors,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY response_time_ms) AS p50,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY response_time_ms) AS p95,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY response_time_ms) AS p99
         FROM ${LOGS}
        WHERE created_at >= $1 AND created_at <= $2
        GROUP BY GROUPING SETS ((), (service_name), (service_name, method, route))`,
      [from.toISOString(), to.toISOString()],
    );
    return rows.map((row) => {
      const requests = Number(row.requests);
      const errors = Number(row.errors);
      return {
        service: row.service_name,
        method: row.method,
        route: row.route,
        level: Number(row.g_service) === 1 ? 'total' : Number(row.g_route) === 1 ? 'service' : 'route',
        requests,
        errors,
        errorRate: requests === 0 ? 0 : errors / requests,
        p50Ms: ms(row.p50),
        p95Ms: ms(row.p95),
        p99Ms: ms(row.p99),
      };
    });
  }

  /** Requests and 5xx per hour (hour start, UTC) since `from`. */
  async hourly(from: Date, to: Date): Promise<{ hour: string; requests: number; errors: number }[]> {
    const { rows } = await this.db.query<{
      hour: string;
      requests: number | string;
      errors: number | string;
    }>(
      `SELECT to_char(date_trunc('hour', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:00:00.000"Z"') AS hour,
              count(*) AS requests,
              count(*) FILTER (WHERE status_code >= 500) AS errors
         FROM ${LOGS} WHERE created_at >= $1 AND created_at <= $2 GROUP BY 1 ORDER BY 1`,
      [from.toISOString(), to.toISOString()],
    );
    return rows.map((r) => ({
      hour: r.hour,
      requests: Number(r.requests),
      errors: Number(r.errors),
    }));
  }

  /** §7 daily_api_requests for one UTC day. */
  async daily(date: string): Promise<{ serviceName: string; requestCount: number }[]> {
    const { rows } = await this.db.query<{ service_name: string; request_count: number | string }>(
      `SELECT service_name, request_count FROM ${DAILY} WHERE request_date = $1 ORDER BY service_name`,
      [date],
    );
    return rows.map((r) => ({ serviceName: r.service_name, requestCount: Number(r.request_count) }));
  }

  /** Recomputes daily_api_requests of one UTC day from the raw rows (idempotent). */
  async rollup(date: string): Promise<void> {
    await this.db.query(
      `INSERT INTO ${DAILY} (service_name, request_date, request_count, updated_at)
       SELECT service_name, $1::date, count(*), now() FROM ${LOGS}
        WHERE created_at >= ($1::date)::timestamp AT TIME ZONE 'UTC'
          AND created_at < ($1::date + 1)::timestamp AT TIME ZONE 'UTC'
        GROUP BY service_name
       ON CONFLICT (service_name, request_date)
       DO UPDATE SET request_count = EXCLUDED.request_count, updated_at = EXCLUDED.updated_at`,
      [date],
    );
  }

  /** Deletes raw rows older than `before`; returns how many. */
  async prune(before: Date): Promise<number> {
    const result = await this.db.query(`DELETE FROM ${LOGS} WHERE created_at < $1`, [before.toISOString()]);
    return result.rowCount;
  }
}
