import { currentTraceparent } from '../telemetry/telemetry';
import { EventEnvelopeSchema, type EventEnvelope } from '@pt/contracts';
import { advisoryLockId, quoteIdent, type Database, type Queryable } from '../database';
import type { EventBus } from './event-bus.port';
import type { EventsLogger } from './delivery';

/**
 * The outbox and the processed-events table of a service's schema. Plain SQL, idempotent, so it
 * runs after the service's own migrations on every start.
 */
export function outboxTablesSql(schema: string): string {
  const s = quoteIdent(schema);
  return `CREATE SCHEMA IF NOT EXISTS ${s};
    CREATE TABLE IF NOT EXISTS ${s}.outbox (
      id bigserial PRIMARY KEY,
      topic text NOT NULL,
      envelope jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE ${s}.outbox ADD COLUMN IF NOT EXISTS published_at timestamptz;
    ALTER TABLE ${s}.outbox ADD COLUMN IF NOT EXISTS published_epoch text;
    CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON ${s}.outbox (id) WHERE published_at IS NULL;
    CREATE INDEX IF NOT EXISTS outbox_published_at_idx ON ${s}.outbox (published_at) WHERE published_at IS NOT NULL;
    CREATE TABLE IF NOT EXISTS ${s}.processed_events (
      consumer_group text NOT NULL,
      event_id uuid NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer_group, event_id)
    );
    CREATE INDEX IF NOT EXISTS processed_events_processed_at_idx ON ${s}.processed_events (processed_at);`;
}

/** Creates the tables if missing; under a lock, as two processes starting together may both try. */
export async function ensureOutboxTables(db: Database, schema: string): Promise<void> {
  await db.withLock(`outbox-tables:${schema}`, (conn) => conn.exec(outboxTablesSql(schema)));
}

/**
 * After a restore (docs/operations.md, "Backups and restore"; `migrate --after-restore`): marks
 * every row of the restored outbox unpublished, so the relay publishes them all again. Events
 * relayed before the backup into a bus that did not survive it (or whose consumers moved past
 * them since) are handled after all; consumers skip those they had handled (processed_events is
 * in the backup too). Without it, rows published longer ago than the replay window are never
 * replayed, and the relay prunes them at its first pass. Returns how many rows it marked.
 */
export async function relayOutboxAgain(db: Queryable, schema: string): Promise<number> {
  const s = quoteIdent(schema);
  const { rows } = await db.query<{ n: number }>(
    `WITH marked AS (
       UPDATE ${s}.outbox SET published_at = NULL, published_epoch = NULL
        WHERE published_at IS NOT NULL RETURNING 1)
     SELECT count(*)::int AS n FROM marked`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Writes events in the caller's transaction, next to the state change they describe: both commit
 * or neither does, and the relay publishes what committed.
 */
export async function addToOutbox(
  tx: Queryable,
  schema: string,
  topic: string,
  envelopes: EventEnvelope | EventEnvelope[],
): Promise<void> {
  // An event without a trace takes the active one, so consumers join the producer's trace.
  const traceparent = currentTraceparent();
  const list = (Array.isArray(envelopes) ? envelopes : [envelopes]).map((e) =>
    EventEnvelopeSchema.parse(e.traceparent || !traceparent ? e : { ...e, traceparent }),
  );
  if (list.length === 0) return;
  const values = list.map((_, i) => `($1, $${i + 2}::jsonb)`).join(', ');
  await tx.query(`INSERT INTO ${quoteIdent(schema)}.outbox (topic, envelope) VALUES ${values}`, [
    topic,
    ...list.map((e) => JSON.stringify(e)),
  ]);
}

export interface OutboxRelayOptions {
  /** Pause between polls when the outbox is empty (default 250 ms). */
  intervalMs?: number;
  /** Rows per transaction (default 100). */
  batchSize?: number;
  /** processed_events rows older than this are pruned (default 7 days); redeliveries come sooner. */
  processedRetentionMs?: number;
  /**
   * How long a relayed row is kept to be published again if the bus comes back empty (default
   * 15 min, OUTBOX_REPLAY_WINDOW_MS). Consumers are idempotent, so a replay is harmless.
   */
  replayWindowMs?: number;
  logger?: EventsLogger;
}

interface OutboxRow {
  id: string;
  topic: string;
  envelope: EventEnvelope;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PRUNE_PUBLISHED_EVERY_MS = 60 * 1000;
export const DEFAULT_REPLAY_WINDOW_MS = 15 * 60 * 1000;

/**
 * Publishes committed outbox rows in id order and marks them published in the same transaction, so
 * a row counts as sent only after the bus accepted it. A relay that dies between publish and commit
 * leaves the rows unmarked, which the next relay publishes again: consumers dedupe (idempotent()).
 *
 * Published rows stay for the replay window, each marked with the bus epoch it went into. When the
 * bus reports another epoch (Redis came back empty, or the in-process bus of a restarted host), the
 * relay publishes again every row of the window that went into an earlier epoch: relayed but
 * unconsumed events are not lost with the bus, even when the reset happened while this process
 * was down.
 *
 * Start it after the process's consumers have subscribed, or on a bus whose new groups read
 * retained messages (all adapters here do), so nothing relayed at start-up misses a group.
 */
export class OutboxRelay {
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly processedRetentionMs: number;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private started = false;
  private lastPrune = 0;
  private lastPublishedPrune = 0;
  private readonly replayWindowMs: number;
  /** The bus epoch the replay window was last checked against (undefined until the first check). */
  private knownEpoch?: string;

  constructor(
    private readonly db: Database,
    private readonly schema: string,
    private readonly bus: EventBus,
    private readonly options: OutboxRelayOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 250;
    this.batchSize = options.batchSize ?? 100;
    this.processedRetentionMs = options.processedRetentionMs ?? 7 * 24 * 60 * 60 * 1000;
    this.replayWindowMs = options.replayWindowMs ?? DEFAULT_REPLAY_WINDOW_MS;
  }

  /**
   * Runs `work` in a transaction holding the schema's relay lease, or returns undefined at once when
   * another relay of the schema (the service's API and worker processes, replicas) holds it. One
   * relay per schema at a time: two relays publishing neighbouring batches in parallel could swap
   * two events of one key, and two replaying the window at once publish it twice.
   * (PGlite has a single connection: nobody to exclude.)
   */
  private async underLease<T>(work: (tx: Queryable) => Promise<T>): Promise<T | undefined> {
    return this.db.transaction(async (tx) => {
      if (this.db.kind === 'postgres') {
        const lock = await tx.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_xact_lock($1::bigint) AS locked',
          [advisoryLockId(`outbox-relay:${this.schema}`)],
        );
        if (!lock.rows[0]?.locked) return undefined;
      }
      return work(tx);
    });
  }

  /** Publishes one batch; returns how many events went out. */
  async relayOnce(): Promise<number> {
    const s = quoteIdent(this.schema);
    const sent = await this.underLease(async (tx) => {
      const { rows } = await tx.query<OutboxRow>(
        // ids as text (bigint stays exact), ordered by the bigint column, not the text alias.
        `SELECT o.id::text AS id, o.topic, o.envelope FROM ${s}.outbox o
          WHERE o.published_at IS NULL ORDER BY o.id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      if (rows.length === 0) return 0;
      const epoch = this.bus.epoch ? (this.knownEpoch ?? (await this.bus.epoch())) : null;
      await this.publishInOrder(rows);
      await tx.query(
        `UPDATE ${s}.outbox SET published_at = now(), published_epoch = $2 WHERE id = ANY($1::bigint[])`,
        [rows.map((r) => r.id), epoch],
      );
      return rows.length;
    });
    return sent ?? 0;
  }

  /** Consecutive rows of one topic go out as one publish, in order. */
  private async publishInOrder(rows: OutboxRow[]): Promise<void> {
    for (let start = 0; start < rows.length;) {
      let end = start + 1;
      while (end < rows.length && rows[end].topic === rows[start].topic) end++;
      await this.bus.publish(
        rows[start].topic,
        rows.slice(start, end).map((r) => r.envelope),
      );
      start = end;
    }
  }

  /**
   * On the first check and whenever the bus's epoch changed (the broker lost its data), publishes
   * again the rows of the replay window that went into another epoch. Returns how many went out.
   */
  async replayIfBusReset(): Promise<number> {
    if (!this.bus.epoch) return 0;
    const epoch = await this.bus.epoch();
    if (epoch === this.knownEpoch) return 0;
    // Under the lease: the relay that holds it replays and marks the rows as in the new epoch; the
    // others look again at their next tick and find nothing left to replay.
    const replayed = await this.underLease((tx) => this.replayWindow(epoch, tx));
    if (replayed === undefined) return 0;
    this.knownEpoch = epoch;
    if (replayed > 0)
      this.options.logger?.warn(
        { schema: this.schema, replayed },
        'event bus came back empty; republished the replay window',
      );
    return replayed;
  }

  /**
   * Publishes again, oldest first and in pages, every row relayed within the window — only those
   * that went into another epoch than `epoch` when given, marking them as now in it.
   */
  async replayWindow(epoch?: string, db: Queryable = this.db): Promise<number> {
    const s = quoteIdent(this.schema);
    const since = new Date(Date.now() - this.replayWindowMs).toISOString();
    let after = '0';
    let total = 0;
    for (;;) {
      const { rows } = await db.query<OutboxRow>(
        `SELECT o.id::text AS id, o.topic, o.envelope FROM ${s}.outbox o
          WHERE o.published_at IS NOT NULL AND o.published_at >= $1 AND o.id > $2::bigint
            AND ($4::text IS NULL OR o.published_epoch IS DISTINCT FROM $4::text)
          ORDER BY o.id LIMIT $3`,
        [since, after, this.batchSize, epoch ?? null],
      );
      if (rows.length === 0) return total;
      await this.publishInOrder(rows);
      if (epoch !== undefined)
        await db.query(`UPDATE ${s}.outbox SET published_epoch = $2 WHERE id = ANY($1::bigint[])`, [
          rows.map((r) => r.id),
          epoch,
        ]);
      total += rows.length;
      after = rows[rows.length - 1].id;
    }
  }

  /** Relays until the outbox is empty (or fails); returns how many went out. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.relayOnce();
      total += sent;
      if (sent < this.batchSize) return total;
    }
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Relays now instead of at the next poll, e.g. right after a commit that added events. */
  wake(): void {
    if (!this.started || this.running) return;
    clearTimeout(this.timer);
    this.schedule(0);
  }

  /** Stops polling and relays what is left, so a clean shutdown leaves an empty outbox. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.running;
    try {
      await this.drain();
    } catch (error) {
      this.options.logger?.error(
        { schema: this.schema, err: error },
        'outbox not fully relayed at shutdown; the next start relays it',
      );
    }
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
        if (this.started) this.schedule(this.intervalMs);
      });
    }, delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      // Before new rows: a replay puts the lost events back ahead of what comes after them.
      await this.replayIfBusReset();
      await this.drain();
      await this.prunePublished();
      await this.pruneProcessed();
    } catch (error) {
      this.options.logger?.warn({ schema: this.schema, err: error }, 'outbox relay failed; retrying');
    }
  }

  private async prunePublished(): Promise<void> {
    if (Date.now() - this.lastPublishedPrune < PRUNE_PUBLISHED_EVERY_MS) return;
    this.lastPublishedPrune = Date.now();
    await this.db.query(`DELETE FROM ${quoteIdent(this.schema)}.outbox WHERE published_at < $1`, [
      new Date(Date.now() - this.replayWindowMs).toISOString(),
    ]);
  }

  private async pruneProcessed(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.db.query(`DELETE FROM ${quoteIdent(this.schema)}.processed_events WHERE processed_at < $1`, [
      new Date(Date.now() - this.processedRetentionMs).toISOString(),
    ]);
  }
}
