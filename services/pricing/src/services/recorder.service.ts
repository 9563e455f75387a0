import { Inject, Injectable, Optional } from '@nestjs/common';
import { CURRENT_EVENT_VERSION, type PriceChangedPayload } from '@pt/contracts';
import { GLOBAL_SNAPSHOT_WINDOW_MS } from '@pt/domain';
import {
  CLOCK,
  currentTraceparent,
  DATABASE,
  LOGGER,
  type Clock,
  type Database,
  type Logger,
  type Queryable,
} from '@pt/platform';
import { observationsTotal, priceChangesTotal } from '../metrics';
import { listingId, PriceSnapshotsRepository } from '../repositories/price-snapshots.repository';
import type { Observation } from './observation';

/** Consumer group of the recorder. Persisted (Kafka offsets, Redis groups) — never rename. */
export const RECORDER_GROUP = 'pricing.recorder';

/**
 * What happened to one observation:
 * - recorded: stored as a global snapshot (and price.changed emitted when the price changed);
 * - deduplicated: same price and currency as a snapshot younger than 6 hours (ARCHITECTURE §6);
 * - stale: not newer than the listing's latest snapshot. Events of a listing arrive in order
 *   (one partition key), so this is a redelivery or a late lookup racing a poll.
 * - foreign_currency: in another currency than the listing's (ARCHITECTURE §6 "One history per
 *   listing, in the listing's currency"). Refused and logged rather than converted: a price the
 *   marketplace converted at its own rate, converted back at ours, would differ by the rate gap
 *   and show as a fake move. The producers send the listing's own price, so this is a producer bug.
 * Personal rows are written for every observation carrying a user id, once per event id.
 */
export type RecordOutcome = 'recorded' | 'deduplicated' | 'stale' | 'foreign_currency';

export interface BatchResult {
  outcomes: RecordOutcome[];
  changes: PriceChangedPayload[];
}

/**
 * The recorder use case: observe → dedupe → record → event. The decision and its
 * writes (snapshot, current price, personal row) are one SQL statement per round, and the
 * price.changed events built from its result are appended in the same transaction
 * (PriceSnapshotsRepository.recordBatch): a store is a compare-and-set on the listing's
 * current_prices row, so any number of recorders (threads, pods) agree on one snapshot per window,
 * and the event exists exactly when the change was stored.
 *
 * Idempotent without a processed-events table: a listing's latest snapshot time only moves
 * forward, and an observation not newer than it is stale. A redelivered event is therefore either
 * stale (it or a later one was stored) or deduplicated again (same price, same window, decided
 * from the observation's own time, not the clock), so it can never add a snapshot or a
 * price.changed; personal rows are unique per event id. This keeps the recorder to the writes that
 * carry information, which the throughput target needs (see bench/).
 */
@Injectable()
export class RecorderService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly snapshots: PriceSnapshotsRepository,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  async record(observations: Observation[]): Promise<BatchResult> {
    if (observations.length === 0) return { outcomes: [], changes: [] };
    const rounds = roundsByListing(observations);
    // A round's state and its events are written in steps, so the batch is one transaction.
    const attempt = () => this.db.transaction((tx) => this.recordRounds(tx, observations, rounds));
    let result: BatchResult;
    for (let attempts = 1; ; attempts++) {
      try {
        result = await attempt();
        break;
      } catch (error) {
        // A listing seen for the first time was created by a concurrent recorder after our
        // snapshot; nothing of ours was written, and the next attempt sees its row.
        if (!isListingCreatedConcurrently(error) || attempts >= MAX_ATTEMPTS) throw error;
      }
    }
    // Counted after the commit, so a rolled-back batch (retried later) is not counted twice.
    const counts = { recorded: 0, deduplicated: 0, stale: 0, foreign_currency: 0 };
    result.outcomes.forEach((outcome, i) => {
      counts[outcome]++;
      if (outcome !== 'foreign_currency') return;
      const o = observations[i];
      this.logger?.warn(
        { productId: o.productId, marketplace: o.marketplace, currency: o.currency, eventId: o.eventId },
        "price.observed refused: not in the listing's currency",
      );
    });
    for (const [outcome, n] of Object.entries(counts)) if (n > 0) observationsTotal.inc({ outcome }, n);
    for (const change of result.changes)
      priceChangesTotal.inc({ marketplace: change.marketplace, dropped: String(change.dropped) });
    return result;
  }

  private async recordRounds(
    q: Queryable,
    observations: Observation[],
    rounds: number[][],
  ): Promise<BatchResult> {
    const outcomes = new Array<RecordOutcome>(observations.length);
    const changes: PriceChangedPayload[] = [];
    const occurredAt = this.clock.now().toISOString();
    // Events whose observation carries no trace join the active one, as addToOutbox does.
    const traceparent = currentTraceparent();
    for (let round of rounds) {
      while (round.length > 0) {
        const decisions = await this.snapshots.recordBatch(q, {
          rows: round.map((i) => observations[i]),
          windowMs: GLOBAL_SNAPSHOT_WINDOW_MS,
          eventVersion: CURRENT_EVENT_VERSION,
          occurredAt,
          ...(traceparent ? { traceparent } : {}),
        });
        // A retried observation lost its listing to a recorder that stored a newer snapshot; it is
        // decided again against that one, so the loop ends.
        const retry: number[] = [];
        decisions.forEach((d, k) => {
          const i = round[k];
          if (d.outcome === 'retry') {
            retry.push(i);
            return;
          }
          outcomes[i] = d.outcome;
          if (d.oldPrice === null) return;
          const o = observations[i];
          changes.push({
            productId: o.productId,
            marketplace: o.marketplace,
            oldPrice: d.oldPrice,
            newPrice: o.price,
            currency: o.currency,
            dropped: d.dropped,
            observedAt: o.observedAt.toISOString(),
            source: o.source,
            ...(d.lows ? { lows: d.lows } : {}),
            ...(d.shipping !== undefined ? { shipping: d.shipping } : {}),
          });
        });
        round = retry;
      }
    }
    return { outcomes, changes };
  }
}

/** Each attempt lost a race for a new listing's row to another recorder, which then stored it. */
const MAX_ATTEMPTS = 5;

function isListingCreatedConcurrently(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === 'current_prices_pkey';
}

/**
 * Splits a batch into rounds naming each listing at most once: round k holds every listing's k-th
 * observation, oldest first, so several observations of one listing in a batch are decided exactly
 * as if they had arrived one by one. Indexes into `observations`.
 */
function roundsByListing(observations: Observation[]): number[][] {
  const seen = new Set<string>();
  let repeated = false;
  for (let i = 0; i < observations.length && !repeated; i++) {
    const id = listingId(observations[i]);
    repeated = seen.has(id);
    seen.add(id);
  }
  if (!repeated) return [observations.map((_, i) => i)];
  const order = observations
    .map((_, i) => i)
    .sort((a, b) => observations[a].observedAt.getTime() - observations[b].observedAt.getTime() || a - b);
  const rounds: number[][] = [];
  const count = new Map<string, number>();
  for (const i of order) {
    const id = listingId(observations[i]);
    const k = count.get(id) ?? 0;
    count.set(id, k + 1);
    (rounds[k] ??= []).push(i);
  }
  return rounds;
}
