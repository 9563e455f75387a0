import type { Queryable } from '@pt/platform';

/**
 * The send lease shared by the two kinds of email row this service keeps, price-drop
 * notifications and daily digests: one sender at a time holds a row ('sending' until
 * `lease_until`), a failure hands it back or fails it for good, and an operator can send the
 * failed ones again. Both tables carry the same columns for it (status, attempts, claimed_by,
 * lease_until, handed_off_at, last_error, created_at).
 */
export type LeasedTable = 'alert_notifier.notifications' | 'alert_notifier.digests';

/**
 * One sender's hold on a row ($1 id, $2 now, $3 lease ms, $4 holder: the job): a pending row, one
 * whose lease ran out (its sender died), or the same job's own claim again as long as it had not
 * handed the mail to SMTP (a retry after a failure before sending need not wait out the lease).
 */
export function claimStatement(table: LeasedTable): string {
  return `UPDATE ${table} SET status = 'sending',
    lease_until = $2::timestamptz + make_interval(secs => $3::double precision / 1000),
    attempts = attempts + 1, claimed_by = $4, handed_off_at = NULL
  WHERE id = $1 AND (status = 'pending' OR (status = 'sending'
    AND (lease_until < $2 OR (claimed_by = $4 AND handed_off_at IS NULL))))`;
}

/**
 * A failed try of `holder`: back to pending for the next retry, or failed (kept, visible) after
 * the last. Only while it still holds the lease: a sender whose lease ran out while SMTP hung must
 * not release, or fail for good, a row another sender has taken over since.
 */
export async function markAttemptFailed(
  db: Queryable,
  table: LeasedTable,
  attempt: { id: string; holder: string; error: string; final: boolean },
): Promise<void> {
  await db.query(
    `UPDATE ${table} SET status = $3, last_error = $4, lease_until = NULL
     WHERE id = $1 AND status = 'sending' AND claimed_by = $2`,
    [attempt.id, attempt.holder, attempt.final ? 'failed' : 'pending', attempt.error.slice(0, 1000)],
  );
}

/** Rows pending longer than `olderThan` (their job was lost) and rows whose sender's lease ran out. */
export async function findStranded(
  db: Queryable,
  table: LeasedTable,
  olderThan: Date,
  now: Date,
  limit: number,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM ${table}
     WHERE (status = 'pending' AND created_at < $1) OR (status = 'sending' AND lease_until < $2)
     ORDER BY created_at LIMIT $3`,
    [olderThan, now, limit],
  );
  return rows.map((r) => r.id);
}

export async function countByStatus(db: Queryable, table: LeasedTable): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; count: number }>(
    `SELECT status, count(*)::int AS count FROM ${table} GROUP BY status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
}

export interface FailedSend {
  id: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

/** The rows that ran out of retries, newest first. */
export async function listFailed(db: Queryable, table: LeasedTable, limit: number): Promise<FailedSend[]> {
  const { rows } = await db.query<FailedSend>(
    `SELECT id, attempts, last_error AS "lastError", created_at AS "createdAt" FROM ${table}
     WHERE status = 'failed' ORDER BY created_at DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}

/** An operator's "send again": every failed row back to pending; the caller queues their jobs. */
export async function requeueFailed(db: Queryable, table: LeasedTable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE ${table} SET status = 'pending', last_error = NULL WHERE status = 'failed' RETURNING id`,
  );
  return rows.map((r) => r.id);
}
