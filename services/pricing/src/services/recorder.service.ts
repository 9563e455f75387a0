import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { createEventEnvelope, productEventKey, Topics, type EventEnvelope, type PriceChangedPayload } from '@pt/contracts';
import { isPriceChange, isPriceDrop, shouldStoreGlobalSnapshot } from '@pt/domain';
import { addToOutbox, CLOCK, DATABASE, type Clock, type Database } from '@pt/platform';
import { observationsTotal, priceChangesTotal } from '../metrics';
import {
  listingId,
  PriceSnapshotsRepository,
  type CurrentPrice,
  type ListingKey,
  type PersonalRow,
  type SnapshotRow,
} from '../repositories/price-snapshots.repository';
import { PRICING_SCHEMA } from '../tokens';
import type { Observation } from './observation';

/** Consumer group of the recorder; also its key in processed_events. Persisted — never rename. */
export const RECORDER_GROUP = 'pricing.recorder';

/**
 * What happened to one observation:
 * - recorded: stored as a global snapshot (and price.changed emitted when the price changed);
 * - deduplicated: same price and currency as a snapshot younger than 6 hours (ARCHITECTURE §6);
 * - stale: older than the listing's latest snapshot, which already says more (events of a listing
 *   arrive in order per key, so this is a late lookup racing a poll);
 * - replayed: its event id was processed before.
 * Personal rows are written for every new observation carrying a user id, whatever the outcome.
 */
export type RecordOutcome = 'recorded' | 'deduplicated' | 'stale' | 'replayed';

export interface BatchResult {
  outcomes: RecordOutcome[];
  changes: PriceChangedPayload[];
}

/**
 * The recorder use case (issue 5 item 1): observe → dedupe → record → event, for a batch of
 * observations in ONE transaction. Idempotent by event id; serialised per listing by a database
 * lock, so any number of recorders (threads, pods) agree on one snapshot per window.
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
      const fresh = await this.snapshots.claimEvents(tx, RECORDER_GROUP, [...new Set(observations.map((o) => o.eventId))]);
      const outcomes: RecordOutcome[] = observations.map(() => 'replayed');
      // An id twice in one batch counts once: the first occurrence claims it.
      const claimed = new Set<string>();
      const todo: number[] = [];
      observations.forEach((o, i) => {
        if (fresh.has(o.eventId) && !claimed.has(o.eventId)) {
          claimed.add(o.eventId);
          todo.push(i);
        }
      });
      if (todo.length === 0) return { outcomes, changes: [], envelopes: [] };

      const keys = uniqueListings(todo.map((i) => observations[i]));
      await this.snapshots.lockListings(tx, keys);
      const current = await this.snapshots.currentPrices(tx, keys);

      const global: SnapshotRow[] = [];
      const personal: PersonalRow[] = [];
      const latestStored = new Map<string, SnapshotRow>();
      const backOnSale: ListingKey[] = [];
      const changes: Array<{ payload: PriceChangedPayload; traceparent?: string }> = [];
      // Oldest first within a listing, so a batch holding several observations of one listing
      // dedupes them against each other exactly as if they had arrived one by one.
      const ordered = [...todo].sort((a, b) => observations[a].observedAt.getTime() - observations[b].observedAt.getTime() || a - b);
      for (const i of ordered) {
        const o = observations[i];
        const id = listingId(o);
        if (o.userId) personal.push({ ...snapshotOf(o), userId: o.userId });
        const latest: CurrentPrice | undefined = current.get(id);
        if (latest && o.observedAt.getTime() < latest.recordedAt.getTime()) {
          outcomes[i] = 'stale';
          continue;
        }
        const observed = { price: o.price, currency: o.currency, at: o.observedAt };
        const previous = latest ? { price: latest.price, currency: latest.currency, at: latest.recordedAt } : null;
        if (!shouldStoreGlobalSnapshot(previous, observed)) {
          outcomes[i] = 'deduplicated';
          if (latest && !latest.available) {
            backOnSale.push(o);
            latest.available = true;
          }
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
        current.set(id, { productId: o.productId, marketplace: o.marketplace, price: o.price, currency: o.currency, recordedAt: o.observedAt, available: true });
      }

      await this.snapshots.insertGlobal(tx, global);
      await this.snapshots.insertPersonal(tx, personal);
      await this.snapshots.upsertCurrent(tx, [...latestStored.values()]);
      await this.snapshots.markAvailable(tx, backOnSale.filter((k) => !latestStored.has(listingId(k))));
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
      return { outcomes, changes: changes.map((c) => c.payload), envelopes };
    });
    // Counted after the commit, so a rolled-back batch (retried later) is not counted twice.
    for (const outcome of result.outcomes) observationsTotal.inc({ outcome });
    for (const change of result.changes) priceChangesTotal.inc({ marketplace: change.marketplace, dropped: String(change.dropped) });
    return { outcomes: result.outcomes, changes: result.changes };
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
