import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { createEventEnvelope, productEventKey, Topics, type EventEnvelope, type PriceChangedPayload } from '@pt/contracts';
import { isPriceChange, isPriceDrop, shouldStoreGlobalSnapshot } from '@pt/domain';
import { addToOutbox, CLOCK, DATABASE, type Clock, type Database } from '@pt/platform';
import { observationsTotal, priceChangesTotal } from '../metrics';
import { listingId, PriceSnapshotsRepository, type ListingKey, type PersonalRow, type SnapshotRow } from '../repositories/price-snapshots.repository';
import { PRICING_SCHEMA } from '../tokens';
import type { Observation } from './observation';

/** Consumer group of the recorder. Persisted (Kafka offsets, Redis groups) — never rename. */
export const RECORDER_GROUP = 'pricing.recorder';

/**
 * What happened to one observation:
 * - recorded: stored as a global snapshot (and price.changed emitted when the price changed);
 * - deduplicated: same price and currency as a snapshot younger than 6 hours (ARCHITECTURE §6);
 * - stale: not newer than the listing's latest snapshot. Events of a listing arrive in order
 *   (one partition key), so this is a redelivery or a late lookup racing a poll.
 * Personal rows are written for every observation carrying a user id, once per event id.
 */
export type RecordOutcome = 'recorded' | 'deduplicated' | 'stale';

export interface BatchResult {
  outcomes: RecordOutcome[];
  changes: PriceChangedPayload[];
}

/**
 * The recorder use case (issue 5 item 1): observe → dedupe → record → event, for a batch of
 * observations in ONE transaction, serialised per listing on its current_prices row, so any number
 * of recorders (threads, pods) agree on one snapshot per window.
 *
 * Idempotent without a processed-events table: a listing's latest snapshot time only moves
 * forward, and an observation not newer than it is stale. A redelivered event is therefore either
 * stale (it or a later one was stored) or deduplicated again (same price, same window, decided
 * from the observation's own time, not the clock), so it can never add a snapshot or a
 * price.changed; personal rows are unique per event id. This keeps the recorder to the writes that
 * carry information, which the throughput target of issue 5 needs (see bench/).
 */
@Injectable()
export class RecorderService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly snapshots: PriceSnapshotsRepository,
  ) {}

  async record(observations: Observation[]): Promise<BatchResult> {
    if (observations.length === 0) return { outcomes: [], changes: [] };
    const result = await this.db.transaction(async (tx) => {
      const current = await this.snapshots.lockCurrent(tx, uniqueListings(observations));
      const outcomes: RecordOutcome[] = observations.map(() => 'stale');
      const global: SnapshotRow[] = [];
      const personal: PersonalRow[] = [];
      const latestStored = new Map<string, SnapshotRow>();
      const backOnSale = new Map<string, ListingKey>();
      const changes: Array<{ payload: PriceChangedPayload; traceparent?: string }> = [];
      // Oldest first, so several observations of one listing in a batch are decided exactly as if
      // they had arrived one by one.
      const order = observations.map((_, i) => i).sort((a, b) => observations[a].observedAt.getTime() - observations[b].observedAt.getTime() || a - b);
      for (const i of order) {
        const o = observations[i];
        const id = listingId(o);
        if (o.userId) personal.push({ ...snapshotOf(o), userId: o.userId, eventId: o.eventId });
        const state = current.get(id);
        const latest = state?.snapshot ?? null;
        if (latest && o.observedAt.getTime() <= latest.recordedAt.getTime()) continue;
        const observed = { price: o.price, currency: o.currency, at: o.observedAt };
        const previous = latest ? { price: latest.price, currency: latest.currency, at: latest.recordedAt } : null;
        if (!shouldStoreGlobalSnapshot(previous, observed)) {
          outcomes[i] = 'deduplicated';
          if (state && !state.available) backOnSale.set(id, o);
          continue;
        }
        outcomes[i] = 'recorded';
        const row = snapshotOf(o);
        global.push(row);
        latestStored.set(id, row);
        if (previous && isPriceChange(previous, observed)) {
          changes.push({
            payload: {
              productId: o.productId,
              marketplace: o.marketplace,
              oldPrice: previous.price,
              newPrice: o.price,
              currency: o.currency,
              dropped: isPriceDrop(previous, observed),
              observedAt: o.observedAt.toISOString(),
              source: o.source,
            },
            ...(o.traceparent ? { traceparent: o.traceparent } : {}),
          });
        }
        if (state) state.snapshot = { price: o.price, currency: o.currency, recordedAt: o.observedAt };
      }

      await this.snapshots.insertGlobal(tx, global);
      await this.snapshots.insertPersonal(tx, personal);
      await this.snapshots.updateCurrent(tx, [...latestStored.values()]);
      await this.snapshots.markAvailable(tx, [...backOnSale.entries()].filter(([id]) => !latestStored.has(id)).map(([, key]) => key));
      const now = this.clock.now().toISOString();
      const envelopes: EventEnvelope[] = changes.map(({ payload, traceparent }) =>
        createEventEnvelope(Topics.priceChanged, payload, {
          id: randomUUID(),
          occurredAt: now,
          key: productEventKey(payload.marketplace, payload.productId),
          ...(traceparent ? { traceparent } : {}),
        }),
      );
      // Same transaction as the snapshot: the event exists exactly when the change was stored.
      await addToOutbox(tx, PRICING_SCHEMA, Topics.priceChanged, envelopes);
      return { outcomes, changes: changes.map((c) => c.payload) };
    });
    // Counted after the commit, so a rolled-back batch (retried later) is not counted twice.
    for (const outcome of result.outcomes) observationsTotal.inc({ outcome });
    for (const change of result.changes) priceChangesTotal.inc({ marketplace: change.marketplace, dropped: String(change.dropped) });
    return result;
  }
}

function snapshotOf(o: Observation): SnapshotRow {
  return { productId: o.productId, marketplace: o.marketplace, price: o.price, currency: o.currency, observedAt: o.observedAt, source: o.source };
}

function uniqueListings(observations: Observation[]): ListingKey[] {
  const seen = new Map<string, ListingKey>();
  for (const o of observations) seen.set(listingId(o), { productId: o.productId, marketplace: o.marketplace });
  return [...seen.values()];
}
