import { Inject, Injectable } from '@nestjs/common';
import type { MonitoringSeverity } from '@pt/domain';
import type { StoredMonitoringEvent } from '@pt/contracts';
import { DATABASE, type Database } from '@pt/platform';
import { SETTINGS_SCHEMA } from './system-settings.repository';

const TABLE = `"${SETTINGS_SCHEMA}".monitoring_events`;

export interface NewMonitoringEvent {
  type: string;
  component: string;
  severity: MonitoringSeverity;
  details: Record<string, unknown>;
  context: Record<string, unknown>;
  reportedAt: string;
  receivedAt: Date;
  userId: string | null;
}

export interface Retention {
  /** Keep at most this many rows (the newest). */
  maxRows: number;
  /** Delete rows received before this. */
  before: Date;
}

interface Row {
  id: string | number;
  type: string;
  component: string;
  severity: MonitoringSeverity;
  details: Record<string, unknown>;
  context: Record<string, unknown>;
  reported_at: Date | string;
  received_at: Date | string;
  user_id: string | null;
}

/** settings.monitoring_events: browser reports, bounded in rows and age. */
@Injectable()
export class MonitoringEventsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Stores one report and, in the same statement, enforces the retention: rows older than
   * `before`, and rows more than `maxRows` ids behind the new one (ids only grow, so the table never
   * holds more than `maxRows` however fast reports arrive). Returns how many rows were pruned.
   */
  async insertAndPrune(event: NewMonitoringEvent, retention: Retention): Promise<number> {
    const result = await this.db.query(
      `WITH inserted AS (
         INSERT INTO ${TABLE} (type, component, severity, details, context, reported_at, received_at, user_id)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8) RETURNING id
       )
       DELETE FROM ${TABLE}
        WHERE id <= (SELECT id FROM inserted) - $9::bigint OR received_at < $10`,
      [
        event.type,
        event.component,
        event.severity,
        JSON.stringify(event.details),
        JSON.stringify(event.context),
        event.reportedAt,
        event.receivedAt.toISOString(),
        event.userId,
        retention.maxRows,
        retention.before.toISOString(),
      ],
    );
    return result.rowCount;
  }

  /** The newest reports first (by arrival). */
  async newest(limit: number, severity?: MonitoringSeverity): Promise<StoredMonitoringEvent[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT id, type, component, severity, details, context, reported_at, received_at, user_id
         FROM ${TABLE} WHERE ($2::text IS NULL OR severity = $2) ORDER BY id DESC LIMIT $1`,
      [limit, severity ?? null],
    );
    return rows.map((row) => ({
      id: String(row.id),
      type: row.type,
      component: row.component,
      severity: row.severity,
      details: row.details,
      context: row.context,
      timestamp: new Date(row.reported_at).toISOString(),
      receivedAt: new Date(row.received_at).toISOString(),
      userId: row.user_id,
    }));
  }

  /** Reports received since `from`, per severity. */
  async countsSince(from: Date): Promise<Record<MonitoringSeverity, number>> {
    const { rows } = await this.db.query<{ severity: MonitoringSeverity; n: number | string }>(
      `SELECT severity, count(*) AS n FROM ${TABLE} WHERE received_at >= $1 GROUP BY severity`,
      [from.toISOString()],
    );
    const counts: Record<MonitoringSeverity, number> = { low: 0, medium: 0, high: 0, critical: 0 };
    for (const row of rows) if (row.severity in counts) counts[row.severity] = Number(row.n);
    return counts;
  }
}
