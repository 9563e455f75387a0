import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, sql, typedQueries, type Database, type Queryable } from '@pt/platform';
import type { ListingKey } from './price-snapshots.repository';
import type { DB } from './schema';

export interface PollSchedule {
  /** The id the marketplace is asked for (see migration 003); the canonical id when not given. */
  pollId?: string;
  nextDueAt: Date;
  intervalMs: number;
  priority: number;
}

export interface PollUpdate extends ListingKey {
  nextDueAt: Date;
  intervalMs: number;
  priority: number;
  failures: number;
  lastError: string | null;
  success: boolean;
}

export interface DueListing {
  /** The id to ask the marketplace for. */
  pollId: string;
  priority: number;
}

export interface PollStateCounts {
  tracked: number;
  hot: number;
  due: number;
  queued: number;
  failing: number;
  polledLastMinute: number;
}

/** pricing.poll_state: when each tracked listing is due, its back-off and last error. */
@Injectable()
export class PollStateRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Creates the state of a newly tracked listing, or pulls an existing one's due time earlier. */
  async upsert(tx: Queryable, key: ListingKey, schedule: PollSchedule): Promise<void> {
    await sql`
      INSERT INTO pricing.poll_state AS p (product_id, marketplace, next_due_at, interval_seconds, priority, poll_id)
      VALUES (${key.productId}, ${key.marketplace}, ${schedule.nextDueAt.toISOString()}::timestamptz,
              ${Math.round(schedule.intervalMs / 1000)}, ${schedule.priority}, ${schedule.pollId ?? null})
      ON CONFLICT (product_id, marketplace) DO UPDATE
        SET next_due_at = LEAST(p.next_due_at, EXCLUDED.next_due_at),
            interval_seconds = EXCLUDED.interval_seconds, priority = EXCLUDED.priority,
            poll_id = COALESCE(EXCLUDED.poll_id, p.poll_id)`.execute(typedQueries<DB>(tx));
  }

  /**
   * Takes up to `limit` due listings of a marketplace and leases them until `leaseUntil`, so the
   * next due-finder run (in this or another instance) does not enqueue them again. SKIP LOCKED
   * lets two due-finders running at once take disjoint sets.
   */
  async claimDue(marketplace: string, now: Date, limit: number, leaseUntil: Date): Promise<DueListing[]> {
    const at = now.toISOString();
    const { rows } = await sql<DueListing>`
      UPDATE pricing.poll_state p SET leased_until = ${leaseUntil.toISOString()}::timestamptz
        FROM (SELECT product_id, marketplace FROM pricing.poll_state
               WHERE marketplace = ${marketplace} AND next_due_at <= ${at}::timestamptz
                 AND (leased_until IS NULL OR leased_until <= ${at}::timestamptz)
               ORDER BY priority, next_due_at
               LIMIT ${limit}
               FOR UPDATE SKIP LOCKED) due
       WHERE p.product_id = due.product_id AND p.marketplace = due.marketplace
       RETURNING COALESCE(p.poll_id, p.product_id) AS "pollId", p.priority`.execute(
      typedQueries<DB>(this.db),
    );
    return rows;
  }

  /**
   * Turns a due-finder's short claim into the lease once the listings' job is queued. Only rows
   * still under that claim: one the job already polled (its lease cleared) stays free.
   */
  async confirmLease(
    marketplace: string,
    pollIds: string[],
    claimedUntil: Date,
    leaseUntil: Date,
  ): Promise<void> {
    if (pollIds.length === 0) return;
    await typedQueries<DB>(this.db)
      .updateTable('pricing.poll_state')
      .set({ leased_until: leaseUntil })
      .where('marketplace', '=', marketplace)
      .where(sql<boolean>`COALESCE(poll_id, product_id) = ANY(${pollIds}::text[])`)
      .where('leased_until', '=', claimedUntil)
      .execute();
  }

  /** Gives listings back (by poll id) when their job could not be enqueued. */
  async release(marketplace: string, pollIds: string[]): Promise<void> {
    if (pollIds.length === 0) return;
    await typedQueries<DB>(this.db)
      .updateTable('pricing.poll_state')
      .set({ leased_until: null })
      .where('marketplace', '=', marketplace)
      .where(sql<boolean>`COALESCE(poll_id, product_id) = ANY(${pollIds}::text[])`)
      .execute();
  }

  async failures(keys: ListingKey[], q: Queryable = this.db): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const { rows } = await sql<{ product_id: string; marketplace: string; failures: number }>`
      SELECT p.product_id, p.marketplace, p.failures FROM pricing.poll_state p
        JOIN unnest(${keys.map((k) => k.productId)}::text[], ${keys.map((k) => k.marketplace)}::text[])
             AS k(product_id, marketplace)
          ON p.product_id = k.product_id AND p.marketplace = k.marketplace`.execute(typedQueries<DB>(q));
    return new Map(rows.map((r) => [`${r.marketplace}:${r.product_id}`, r.failures]));
  }

  /** Writes the outcome of polls; a listing untracked meanwhile has no row and is skipped. */
  async finish(updates: PollUpdate[], now: Date, q: Queryable = this.db): Promise<void> {
    if (updates.length === 0) return;
    const polledAt = now.toISOString();
    await sql`
      UPDATE pricing.poll_state p
         SET next_due_at = u.next_due_at, interval_seconds = u.interval_seconds, priority = u.priority,
             failures = u.failures, last_error = u.last_error, last_polled_at = ${polledAt}::timestamptz,
             last_success_at = CASE WHEN u.success THEN ${polledAt}::timestamptz ELSE p.last_success_at END,
             leased_until = NULL
        FROM unnest(${updates.map((u) => u.productId)}::text[],
                    ${updates.map((u) => u.marketplace)}::text[],
                    ${updates.map((u) => u.nextDueAt.toISOString())}::timestamptz[],
                    ${updates.map((u) => Math.round(u.intervalMs / 1000))}::int[],
                    ${updates.map((u) => u.priority)}::smallint[],
                    ${updates.map((u) => u.failures)}::int[],
                    ${updates.map((u) => u.lastError)}::text[],
                    ${updates.map((u) => u.success)}::bool[])
          AS u(product_id, marketplace, next_due_at, interval_seconds, priority, failures, last_error, success)
       WHERE p.product_id = u.product_id AND p.marketplace = u.marketplace`.execute(typedQueries<DB>(q));
  }

  async counts(marketplace: string, now: Date): Promise<PollStateCounts> {
    const at = now.toISOString();
    const { rows } = await sql<PollStateCounts>`
      SELECT count(*)::int AS tracked,
             count(*) FILTER (WHERE priority = 1)::int AS hot,
             count(*) FILTER (WHERE next_due_at <= ${at}::timestamptz
                                AND (leased_until IS NULL OR leased_until <= ${at}::timestamptz))::int AS due,
             count(*) FILTER (WHERE leased_until > ${at}::timestamptz)::int AS queued,
             count(*) FILTER (WHERE failures > 0)::int AS failing,
             count(*) FILTER (WHERE last_polled_at > ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz)::int
               AS "polledLastMinute"
        FROM pricing.poll_state WHERE marketplace = ${marketplace}`.execute(typedQueries<DB>(this.db));
    // An aggregate without GROUP BY always returns its one row.
    return rows[0];
  }
}
