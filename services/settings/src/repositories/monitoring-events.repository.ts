import { Inject, Injectable } from '@nestjs/common';
import type { MonitoringSeverity } from '@pt/domain';
import type { StoredMonitoringEvent } from '@pt/contracts';
import { DATABASE, sql, typedQueries, type Database } from '@pt/platform';
import type { DB } from './schema';

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
    const { numDeletedRows } = await typedQueries<DB>(this.db)
      .with('inserted', (db) =>
        db
          .insertInto('settings.monitoring_events')
          .values({
            type: event.type,
            component: event.component,
            severity: event.severity,
            details: sql`${JSON.stringify(event.details)}::jsonb`,
            context: sql`${JSON.stringify(event.context)}::jsonb`,
            reported_at: event.reportedAt,
            received_at: event.receivedAt.toISOString(),
            user_id: event.userId,
          })
          .returning('id'),
      )
      .deleteFrom('settings.monitoring_events')
      .where((eb) =>
        eb.or([
          eb('id', '<=', sql<number>`(SELECT id FROM inserted) - ${retention.maxRows}::bigint`),
          eb('received_at', '<', retention.before),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(numDeletedRows);
  }

  /** The newest reports first (by arrival). */
  async newest(limit: number, severity?: MonitoringSeverity): Promise<StoredMonitoringEvent[]> {
    let query = typedQueries<DB>(this.db)
      .selectFrom('settings.monitoring_events')
      .select([
        'id',
        'type',
        'component',
        'severity',
        'details',
        'context',
        'reported_at',
        'received_at',
        'user_id',
      ]);
    if (severity !== undefined) query = query.where('severity', '=', severity);
    const rows = await query.orderBy('id', 'desc').limit(limit).execute();
    return rows.map((row) => ({
      id: String(row.id),
      type: row.type,
      component: row.component,
      // Written from a MonitoringSeverity and the report's records by insertAndPrune.
      severity: row.severity as MonitoringSeverity,
      details: row.details as Record<string, unknown>,
      context: row.context as Record<string, unknown>,
      timestamp: row.reported_at.toISOString(),
      receivedAt: row.received_at.toISOString(),
      userId: row.user_id,
    }));
  }

  /** Reports received since `from`, per severity. */
  async countsSince(from: Date): Promise<Record<MonitoringSeverity, number>> {
    const rows = await typedQueries<DB>(this.db)
      .selectFrom('settings.monitoring_events')
      .select((eb) => ['severity', eb.fn.countAll().as('n')])
      .where('received_at', '>=', from)
      .groupBy('severity')
      .execute();
    const counts: Record<MonitoringSeverity, number> = { low: 0, medium: 0, high: 0, critical: 0 };
    for (const row of rows)
      if (row.severity in counts) counts[row.severity as MonitoringSeverity] = Number(row.n);
    return counts;
  }
}
