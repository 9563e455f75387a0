import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database, type Queryable } from '@pt/platform';
import type { ListingKey } from './price-snapshots.repository';

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
    await tx.query(
      `INSERT INTO pricing.poll_state AS p (product_id, marketplace, next_due_at, interval_seconds, priority, poll_id)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (product_id, marketplace) DO UPDATE
         SET next_due_at = LEAST(p.next_due_at, EXCLUDED.next_due_at),
             interval_seconds = EXCLUDED.interval_seconds, priority = EXCLUDED.priority,
             poll_id = COALESCE(EXCLUDED.poll_id, p.poll_id)`,
      [
        key.productId,
        key.marketplace,
        schedule.nextDueAt.toISOString(),
        Math.round(schedule.intervalMs / 1000),
        schedule.priority,
        schedule.pollId ?? null,
      ],
    );
  }

  /**
   * Takes up to `limit` due listings of a marketplace and leases them until `leaseUntil`, so the
   * next due-finder run (in this or another instance) does not enqueue them again. SKIP LOCKED
   * lets two due-finders running at once take disjoint sets.
   */
  async claimDue(marketplace: string, now: Date, limit: number, leaseUntil: Date): Promise<DueListing[]> {
    const { rows } = await this.db.query<{ poll_id: string; priority: number }>(
      `UPDATE pricing.poll_state p SET leased_until = $4
         FROM (SELECT product_id, marketplace FROM pricing.poll_state
                WHERE marketplace = $1 AND next_due_at <= $2 AND (leased_until IS NULL OR leased_until <= $2)
                ORDER BY priority, next_due_at
                LIMIT $3
                FOR UPDATE SKIP LOCKED) due
        WHERE p.product_id = due.product_id AND p.marketplace = due.marketplace
        RETURNING COALESCE(p.poll_id, p.product_id) AS poll_id, p.priority`,
      [marketplace, now.toISOString(), limit, leaseUntil.toISOString()],
    );
    return rows.map((r) => ({ pollId: r.poll_id, priority: Number(r.priority) }));
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
    await this.db.query(
      `UPDATE pricing.poll_state SET leased_until = $4
        WHERE marketplace = $1 AND COALESCE(poll_id, product_id) = ANY($2::text[]) AND leased_until = $3`,
      [marketplace, pollIds, claimedUntil.toISOString(), leaseUntil.toISOString()],
    );
  }

  /** Gives listings back (by poll id) when their job could not be enqueued. */
  async release(marketplace: string, pollIds: string[]): Promise<void> {
    if (pollIds.length === 0) return;
    await this.db.query(
      `UPDATE pricing.poll_state SET leased_until = NULL WHERE marketplace = $1 AND COALESCE(poll_id, product_id) = ANY($2::text[])`,
      [marketplace, pollIds],
    );
  }

  async failures(keys: ListingKey[], q: Queryable = this.db): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const { rows } = await q.query<{ product_id: string; marketplace: string; failures: number }>(
      `SELECT p.product_id, p.marketplace, p.failures FROM pricing.poll_state p
         JOIN unnest($1::text[], $2::text[]) AS k(product_id, marketplace)
           ON p.product_id = k.product_id AND p.marketplace = k.marketplace`,
      [keys.map((k) => k.productId), keys.map((k) => k.marketplace)],
    );
    return new Map(rows.map((r) => [`${r.marketplace}:${r.product_id}`, Number(r.failures)]));
  }

  /** Writes the outcome of polls; a listing untracked meanwhile has no row and is skipped. */
  async finish(updates: PollUpdate[], now: Date, q: Queryable = this.db): Promise<void> {
    if (updates.length === 0) return;
    await q.query(
      `UPDATE pricing.poll_state p
          SET next_due_at = u.next_due_at, interval_seconds = u.interval_seconds, priority = u.priority,
              failures = u.failures, last_error = u.last_error, last_polled_at = $1,
              last_success_at = CASE WHEN u.success THEN $1 ELSE p.last_success_at END,
              leased_until = NULL
         FROM unnest($2::text[], $3::text[], $4::timestamptz[], $5::int[], $6::smallint[], $7::int[], $8::text[], $9::bool[])
           AS u(product_id, marketplace, next_due_at, interval_seconds, priority, failures, last_error, success)
        WHERE p.product_id = u.product_id AND p.marketplace = u.marketplace`,
      [
        now.toISOString(),
        updates.map((u) => u.productId),
        updates.map((u) => u.marketplace),
        updates.map((u) => u.nextDueAt.toISOString()),
        updates.map((u) => Math.round(u.intervalMs / 1000)),
        updates.map((u) => u.priority),
        updates.map((u) => u.failures),
        updates.map((u) => u.lastError),
        updates.map((u) => u.success),
      ],
    );
  }

  async counts(marketplace: string, now: Date): Promise<PollStateCounts> {
    const { rows } = await this.db.query<Record<keyof PollStateCounts, number>>(
      `SELECT count(*) AS tracked,
              count(*) FILTER (WHERE priority = 1) AS hot,
              count(*) FILTER (WHERE next_due_at <= $2 AND (leased_until IS NULL OR leased_until <= $2)) AS due,
              count(*) FILTER (WHERE leased_until > $2) AS queued,
              count(*) FILTER (WHERE failures > 0) AS failing,
              count(*) FILTER (WHERE last_polled_at > $3) AS "polledLastMinute"
         FROM pricing.poll_state WHERE marketplace = $1`,
      [marketplace, now.toISOString(), new Date(now.getTime() - 60_000).toISOString()],
    );
    const r = rows[0];
    return {
      tracked: Number(r?.tracked ?? 0),
      hot: Number(r?.hot ?? 0),
      due: Number(r?.due ?? 0),
      queued: Number(r?.queued ?? 0),
      failing: Number(r?.failing ?? 0),
      polledLastMinute: Number(r?.polledLastMinute ?? 0),
    };
  }
}
