import { sql, typedQueries, type Queryable, type Selectable } from '@pt/platform';
import type { DB } from './schema';

/**
 * The send lease shared by the two kinds of email row this service keeps, price-drop
 * notifications and daily digests: one sender at a time holds a row ('sending' until
 * `lease_until`), a failure hands it back or fails it for good, and an operator can send the
 * failed ones again. Both tables carry the same columns for it (status, attempts, claimed_by,
 * lease_until, handed_off_at, last_error, created_at).
 */
export type LeasedTable = 'alert_notifier.notifications' | 'alert_notifier.digests';

/** The lease columns, as both tables type them. */
type LeaseRecord = Selectable<DB[LeasedTable]>;

/** Who asks for a row's lease, and for how long. */
export interface LeaseClaim {
  id: string;
  now: Date;
  leaseMs: number;
  /** The job: it may take its own claim again (see claimStatement). */
  holder: string;
}

export interface FailedSend {
  id: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

/**
 * The lease's statements, for the repository of a leased table to inherit: it names its table,
 * and adds what its own rows need (what a claim returns, how a sent row is marked).
 */
export abstract class LeasedRows {
  protected abstract readonly table: LeasedTable;

  /**
   * One sender's hold on a row: a pending row, one whose lease ran out (its sender died), or the
   * same job's own claim again as long as it had not handed the mail to SMTP (a retry after a
   * failure before sending need not wait out the lease). Callers add their RETURNING.
   */
  protected claimStatement(claim: LeaseClaim): ReturnType<typeof sql> {
    const now = sql`${claim.now}::timestamptz`;
    return sql`UPDATE ${sql.table(this.table)} SET status = 'sending',
      lease_until = ${now} + make_interval(secs => ${claim.leaseMs}::double precision / 1000),
      attempts = attempts + 1, claimed_by = ${claim.holder}, handed_off_at = NULL
    WHERE id = ${claim.id} AND (status = 'pending' OR (status = 'sending'
      AND (lease_until < ${now} OR (claimed_by = ${claim.holder} AND handed_off_at IS NULL))))`;
  }

  /**
   * A failed try of `holder`: back to pending for the next retry, or failed (kept, visible) after
   * the last. Only while it still holds the lease: a sender whose lease ran out while SMTP hung
   * must not release, or fail for good, a row another sender has taken over since.
   */
  async markAttemptFailed(
    db: Queryable,
    id: string,
    holder: string,
    error: string,
    final: boolean,
  ): Promise<void> {
    await sql`
      UPDATE ${sql.table(this.table)}
         SET status = ${final ? 'failed' : 'pending'}, last_error = ${error.slice(0, 1000)}, lease_until = NULL
       WHERE id = ${id} AND status = 'sending' AND claimed_by = ${holder}`.execute(typedQueries<DB>(db));
  }

  /**
   * Rows pending longer than `olderThan` (their job was lost, or a digest was claimed but never
   * queued) and rows whose sender's lease ran out.
   */
  async findStranded(db: Queryable, olderThan: Date, now: Date, limit: number): Promise<string[]> {
    const { rows } = await sql<Pick<LeaseRecord, 'id'>>`
      SELECT id FROM ${sql.table(this.table)}
       WHERE (status = 'pending' AND created_at < ${olderThan}) OR (status = 'sending' AND lease_until < ${now})
       ORDER BY created_at LIMIT ${limit}`.execute(typedQueries<DB>(db));
    return rows.map((r) => r.id);
  }

  async countByStatus(db: Queryable): Promise<Record<string, number>> {
    const { rows } = await sql<Pick<LeaseRecord, 'status'> & { count: number }>`
      SELECT status, count(*)::int AS count FROM ${sql.table(this.table)} GROUP BY status`.execute(
      typedQueries<DB>(db),
    );
    return Object.fromEntries(rows.map((r) => [r.status, r.count]));
  }

  /** The rows that ran out of retries, newest first. */
  async listFailed(db: Queryable, limit: number): Promise<FailedSend[]> {
    const { rows } = await sql<Pick<LeaseRecord, 'id' | 'attempts' | 'last_error' | 'created_at'>>`
      SELECT id, attempts, last_error, created_at FROM ${sql.table(this.table)}
       WHERE status = 'failed' ORDER BY created_at DESC LIMIT ${limit}`.execute(typedQueries<DB>(db));
    return rows.map((r) => ({
      id: r.id,
      attempts: r.attempts,
      lastError: r.last_error,
      createdAt: r.created_at,
    }));
  }

  /**
   * An operator's "send again": every failed row back to pending; the caller queues their jobs. A
   * digest's crossings stayed with it ('digest'), so they go again too.
   */
  async requeueFailed(db: Queryable): Promise<string[]> {
    const { rows } = await sql<Pick<LeaseRecord, 'id'>>`
      UPDATE ${sql.table(this.table)} SET status = 'pending', last_error = NULL WHERE status = 'failed'
      RETURNING id`.execute(typedQueries<DB>(db));
    return rows.map((r) => r.id);
  }
}
