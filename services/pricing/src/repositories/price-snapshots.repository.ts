import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  createEventEnvelope,
  CURRENT_EVENT_VERSION,
  productEventKey,
  Topics,
  type EventEnvelope,
  type EventPayloads,
  type Topic,
} from '@pt/contracts';
import { isMarketplaceId, type MarketplaceId } from '@pt/domain';
import { currentTraceparent, DATABASE, sql, typedQueries, type Database, type Queryable } from '@pt/platform';
import type { DB } from './schema';

/** A listing: the unit of dedupe, locking, polling and ordering. */
export interface ListingKey {
  productId: string;
  marketplace: string;
}

/** A listing of a marketplace this build knows (what events name). */
export interface KnownListingKey extends ListingKey {
  marketplace: MarketplaceId;
}

export interface CurrentPrice extends ListingKey {
  price: number;
  currency: string;
  recordedAt: Date;
  available: boolean;
}

/** One observation as recordBatch takes it (the recorder's Observation has this shape). */
export interface RecordRow extends KnownListingKey {
  price: number;
  currency: string;
  observedAt: Date;
  source: 'lookup' | 'poll';
  eventId: string;
  userId?: string;
  traceparent?: string;
  /** The listing's shipping at this observation (0 = free); absent when the producer did not know. */
  shipping?: number;
}

export interface RecordBatch {
  /** Each listing at most once. */
  rows: RecordRow[];
  /** ARCHITECTURE §6: the same price is not stored again within this many ms of the latest snapshot. */
  windowMs: number;
  /** The events' envelope version, occurredAt and the trace of rows without one. */
  eventVersion: number;
  occurredAt: string;
  traceparent?: string;
}

/** `retry`: the listing's snapshot changed between the decision and the lock; decide again. */
export interface RecordDecision {
  outcome: 'recorded' | 'deduplicated' | 'stale' | 'foreign_currency' | 'retry';
  /** Set when price.changed was emitted: the price it replaced. */
  oldPrice: number | null;
  dropped: boolean;
  /** Set with oldPrice: the listing's 30/90/365-day lows before this observation, for the alerts that watch a low. */
  lows?: PriceLow[];
  /** Set with oldPrice when known: the listing's shipping the event carries (this observation's, else the last known). */
  shipping?: number;
}

/** The lowest price of a listing over the `days` before an observation, and its UTC day. */
export interface PriceLow {
  days: number;
  price: number;
  at: string;
}

/** The windows price.changed reports a low for: the lowest-in-N alert kinds' (libs/domain). */
const LOW_WINDOWS = [30, 90, 365];

export const listingId = (key: ListingKey): string => `${key.marketplace}:${key.productId}`;

/** recordBatch's one row back: arrays by position, NULL when empty (array_agg of nothing). */
interface DecisionRow {
  n: number[] | null;
  outcome: Array<Exclude<RecordDecision['outcome'], 'retry'>> | null;
  changed_n: number[] | null;
  old_price: Array<string | number> | null;
  dropped: boolean[] | null;
  lows: Array<PriceLow[] | null> | null;
  shipping: Array<string | number | null> | null;
  came_back_n: number[] | null;
}

/** Writes of the recorder and the pollers: global snapshots, personal rows, the current price per listing. */
@Injectable()
export class PriceSnapshotsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The recorder's decision and every write it implies, for a batch naming each listing at most
   * once, in two steps of the caller's transaction (`tx` must be one): one statement decides and
   * writes the state, the next appends the events of what it stored. Both commit or neither does,
   * so an event exists exactly when its snapshot does.
   *
   * - `planned` compares each observation with its listing's latest snapshot as the statement's
   *   snapshot sees it (ARCHITECTURE §6: stale / same price and currency within the window /
   *   store). Deduplicated and stale observations write nothing, so they take no lock.
   * - `locked` locks, in key order (no deadlock between batches), the rows about to change, and
   *   keeps only those still holding the snapshot the decision compared with: in READ COMMITTED a
   *   row changed meanwhile is waited for and re-read. A store is thus a compare-and-set in the
   *   database, and concurrent recorders never both store inside the window. An observation whose
   *   row moved on is left out of the result, and the caller decides it again (`retry`).
   * - `created` inserts the row of a listing seen for the first time, holding the snapshot. If
   *   another recorder created it after this statement's snapshot, the insert fails with a unique
   *   violation on current_prices, nothing of the batch is written, and the caller runs it again.
   * - the rest writes what was decided: the snapshot, the current price (or "back on sale" for a
   *   deduplicated listing marked unavailable) and the user's personal row, and returns, by
   *   position, the outcomes, the changes and the listings back on sale.
   * - the personal row follows the same rule per (user, listing), compared with that user's latest
   *   row of the listing, and is unique per event id. It takes no lock: events of
   *   one listing share one key (one partition / lane) and a batch names a listing once per
   *   statement, so two recorders meet on one (user, listing) only when a partition moves between
   *   consumers; the worst case is one repeated point, which the history read collapses.
   *
   * The events are then built in TypeScript by listingEvent (the contract's createEventEnvelope):
   * price.changed per change, and listing.availability-changed {available: true} with the
   * observation's price for a listing marked unavailable that a stored or deduplicated observation
   * sees again. The row locks taken by the first step are held until the commit.
   */
  async recordBatch(tx: Queryable, batch: RecordBatch): Promise<RecordDecision[]> {
    const n = batch.rows.length;
    const productIds = new Array<string>(n);
    const marketplaces = new Array<string>(n);
    const prices = new Array<number>(n);
    const currencies = new Array<string>(n);
    const observedAts = new Array<string>(n);
    const sources = new Array<string>(n);
    // Rarely set: sent only when some row has one (unnest pads shorter arrays with NULL).
    const userIds: Array<string | null> = [];
    const eventIds: Array<string | null> = [];
    const traceparents: Array<string | null> = [];
    const shippings: Array<number | null> = [];
    batch.rows.forEach((r, i) => {
      productIds[i] = r.productId;
      marketplaces[i] = r.marketplace;
      prices[i] = r.price;
      currencies[i] = r.currency;
      observedAts[i] = r.observedAt.toISOString();
      sources[i] = r.source;
      if (r.userId) {
        userIds[i] = r.userId;
        eventIds[i] = r.eventId;
      }
      if (r.traceparent) traceparents[i] = r.traceparent;
      if (r.shipping !== undefined) shippings[i] = r.shipping;
    });
    const window = sql`${batch.windowMs} * interval '1 millisecond'`;
    const { rows } = await sql<DecisionRow>`
       WITH planned AS MATERIALIZED (
         SELECT i.*, c.product_id IS NOT NULL AS existed, c.price AS old_price, c.currency AS old_currency,
                c.recorded_at AS old_recorded_at, c.available AS was_available,
                c.currency_confirmed AS was_confirmed, c.shipping AS old_shipping,
                CASE
                  WHEN c.recorded_at IS NULL THEN 'recorded'
                  WHEN i.observed_at <= c.recorded_at THEN 'stale'
                  -- Another currency than the listing's: not comparable, so neither stored nor an
                  -- event (ARCHITECTURE §6). An unconfirmed currency (guessed by migration 005)
                  -- gives way to the first observation, which carries the listing's own.
                  WHEN i.currency <> c.currency AND c.currency_confirmed THEN 'foreign_currency'
                  WHEN i.observed_at - c.recorded_at < ${window}
                       AND i.price = c.price AND i.currency = c.currency THEN 'deduplicated'
                  ELSE 'recorded'
                END AS outcome,
                -- The same rule per (user, listing) for the personal row (ARCHITECTURE §6).
                i.user_id IS NOT NULL
                AND NOT (c.currency_confirmed IS TRUE AND i.currency <> c.currency)
                AND (
                  mine.observed_at IS NULL
                  OR (i.observed_at > mine.observed_at
                      AND NOT (i.observed_at - mine.observed_at < ${window}
                               AND i.price = mine.price AND i.currency = mine.currency))
                ) AS personal
           FROM (SELECT u.*, u.observed_at_text::timestamptz AS observed_at
                   FROM unnest(${productIds}::text[], ${marketplaces}::text[], ${prices}::numeric[],
                               ${currencies}::text[], ${observedAts}::text[], ${sources}::text[],
                               ${userIds}::text[], ${eventIds}::uuid[], ${traceparents}::text[], ${shippings}::numeric[])
                        WITH ORDINALITY AS u(product_id, marketplace, price, currency, observed_at_text, source, user_id, event_id, traceparent, shipping, n)
                ) i
           -- One index probe per observation, whatever size the statistics give the table.
           LEFT JOIN LATERAL (
                  SELECT * FROM pricing.current_prices c
                   WHERE c.product_id = i.product_id AND c.marketplace = i.marketplace
                   LIMIT 1
                ) c ON true
           -- The user's latest personal row of the listing (price_history_user_product_idx, backwards).
           LEFT JOIN LATERAL (
                  SELECT h.price, h.currency, h.observed_at FROM pricing.price_history h
                   WHERE i.user_id IS NOT NULL
                     AND h.user_id = i.user_id AND h.product_id = i.product_id AND h.marketplace = i.marketplace
                   ORDER BY h.observed_at DESC
                   LIMIT 1
                ) mine ON true
       ),
       locked AS MATERIALIZED (
         SELECT p.*
           FROM planned p
           JOIN pricing.current_prices c ON c.product_id = p.product_id AND c.marketplace = p.marketplace
          WHERE ((p.outcome = 'recorded' AND p.existed)
                 OR (p.outcome = 'deduplicated' AND NOT (p.was_available AND p.was_confirmed))
                 -- Same price, new shipping: kept as the listing's latest (no snapshot, no event).
                 OR (p.outcome = 'deduplicated' AND p.shipping IS NOT NULL AND p.shipping IS DISTINCT FROM p.old_shipping))
            AND c.recorded_at IS NOT DISTINCT FROM p.old_recorded_at
          ORDER BY c.product_id, c.marketplace
            FOR UPDATE OF c
       ),
       created AS (
         INSERT INTO pricing.current_prices (product_id, marketplace, price, currency, recorded_at, shipping)
         SELECT product_id, marketplace, price, currency, observed_at, shipping FROM planned
          WHERE outcome = 'recorded' AND NOT existed
          ORDER BY product_id, marketplace
       ),
       recorded AS MATERIALIZED (
         SELECT r.*,
                -- Like with like: a listing whose unconfirmed currency was replaced has no previous
                -- price in its currency, so that is no change.
                r.old_price IS NOT NULL AND r.currency = r.old_currency AND r.price <> r.old_price AS changed,
                r.old_price IS NOT NULL AND r.currency = r.old_currency AND r.price < r.old_price AS dropped
           FROM (SELECT * FROM locked WHERE outcome = 'recorded'
                 UNION ALL
                 SELECT * FROM planned WHERE outcome = 'recorded' AND NOT existed) r
       ),
       stored AS (
         UPDATE pricing.current_prices c
            SET price = l.price, currency = l.currency, recorded_at = l.observed_at, available = true, unavailable_since = NULL,
                currency_confirmed = true, shipping = coalesce(l.shipping, c.shipping)
           FROM locked l
          WHERE c.product_id = l.product_id AND c.marketplace = l.marketplace AND l.outcome = 'recorded'
       ),
       back_on_sale AS (
         UPDATE pricing.current_prices c
            SET available = true, unavailable_since = NULL, currency_confirmed = true,
                shipping = coalesce(l.shipping, c.shipping)
           FROM locked l
          WHERE c.product_id = l.product_id AND c.marketplace = l.marketplace AND l.outcome = 'deduplicated'
       ),
       history AS (
         INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
         SELECT product_id, marketplace, price, currency, observed_at, source FROM recorded ORDER BY n
       ),
       personal AS (
         INSERT INTO pricing.price_history (product_id, marketplace, price, currency, observed_at, user_id, event_id)
         SELECT product_id, marketplace, price, currency, observed_at, user_id, event_id FROM planned
          WHERE personal
          -- A redelivered event may be in two batches at once: same order, so no deadlock.
          ORDER BY event_id
         ON CONFLICT (event_id) DO NOTHING
       ),
       -- Per changed listing, its lowest daily low in each window before this observation, from the
       -- day rollup (migration 007): one short index range per window. The statement's snapshot
       -- predates its own inserts and their triggers, so the observation's day holds only earlier
       -- snapshots. Windows without a snapshot are left out.
       lows AS MATERIALIZED (
         SELECT r.n, jsonb_agg(jsonb_build_object('days', w.days, 'price', m.low, 'at', m.day) ORDER BY w.days) AS lows
           FROM recorded r
           CROSS JOIN unnest(${LOW_WINDOWS}::int[]) AS w(days)
           CROSS JOIN LATERAL (
                  SELECT d.low, d.day FROM pricing.listing_price_days d
                   WHERE d.marketplace = r.marketplace AND d.product_id = r.product_id AND d.currency = r.currency
                     AND d.day > (r.observed_at AT TIME ZONE 'UTC')::date - w.days
                     AND d.day <= (r.observed_at AT TIME ZONE 'UTC')::date
                   ORDER BY d.low, d.day DESC
                   LIMIT 1
                ) m
          WHERE r.changed
          GROUP BY r.n
       )
       -- One row back rather than one per observation: the outcomes by position, then the changes,
       -- then the listings that were marked unavailable and are on sale again.
       SELECT array_agg(n::int) AS n, array_agg(outcome) AS outcome,
              array_agg(n::int) FILTER (WHERE changed) AS changed_n,
              array_agg(old_price) FILTER (WHERE changed) AS old_price,
              array_agg(dropped) FILTER (WHERE changed) AS dropped,
              array_agg(lows) FILTER (WHERE changed) AS lows,
              array_agg(shipping) FILTER (WHERE changed) AS shipping,
              (SELECT array_agg(n::int ORDER BY n) FROM locked WHERE NOT was_available) AS came_back_n
         FROM (SELECT n, outcome, false AS changed, NULL::numeric AS old_price, false AS dropped, NULL::jsonb AS lows,
                      NULL::numeric AS shipping
                 FROM planned WHERE outcome <> 'recorded'
               UNION ALL
               SELECT r.n, 'recorded', r.changed, r.old_price, r.dropped, l.lows, coalesce(r.shipping, r.old_shipping)
                 FROM recorded r LEFT JOIN lows l USING (n)) d`.execute(typedQueries<DB>(tx));
    const result = rows[0];
    // An observation planned as a store whose row moved on before it was locked is not listed.
    const decisions = Array.from<unknown, RecordDecision>({ length: n }, () => ({
      outcome: 'retry',
      oldPrice: null,
      dropped: false,
    }));
    result.n?.forEach((position, k) => (decisions[position - 1].outcome = result.outcome?.[k] ?? 'retry'));
    const meta = (r: RecordRow) => ({
      occurredAt: batch.occurredAt,
      version: batch.eventVersion,
      traceparent: r.traceparent ?? batch.traceparent,
    });
    // The events of what was stored, appended in the same transaction: price.changed for each
    // change (by position), then listing.availability-changed for each listing back on sale.
    const events: OutboxEvent[] = [];
    result.changed_n?.forEach((position, k) => {
      const r = batch.rows[position - 1];
      const oldPrice = Number(result.old_price?.[k]);
      const dropped = result.dropped?.[k] === true;
      const lows = result.lows?.[k]?.map((l) => ({ ...l, price: Number(l.price) }));
      const shipping = result.shipping?.[k];
      const decision = decisions[position - 1];
      Object.assign(decision, { oldPrice, dropped });
      if (lows?.length) decision.lows = lows;
      if (shipping !== null && shipping !== undefined) decision.shipping = Number(shipping);
      events.push(
        listingEvent(Topics.priceChanged, r, meta(r), {
          productId: r.productId,
          marketplace: r.marketplace,
          oldPrice,
          newPrice: r.price,
          currency: r.currency,
          dropped,
          observedAt: r.observedAt.toISOString(),
          source: r.source,
          ...(decision.lows ? { lows: decision.lows } : {}),
          ...(decision.shipping !== undefined ? { shipping: decision.shipping } : {}),
        }),
      );
    });

    result.came_back_n?.forEach((position) => {
      const r = batch.rows[position - 1];
      events.push(
        listingEvent(Topics.listingAvailabilityChanged, r, meta(r), {
          productId: r.productId,
          marketplace: r.marketplace,
          available: true,
          price: r.price,
          currency: r.currency,
          at: r.observedAt.toISOString(),
        }),
      );
    });
    await insertOutbox(tx, events);
    return decisions;
  }

  /**
   * A listing its marketplace no longer knows: marked, never deleted (its history stays). A listing
   * that was available gets listing.availability-changed {available: false} in the outbox, in the
   * same transaction (the caller's, or one of its own); one already marked changes nothing and
   * emits nothing. Returns the listings it marked.
   */
  async markUnavailable(keys: ListingKey[], at: Date, tx?: Queryable): Promise<ListingKey[]> {
    if (keys.length === 0) return [];
    if (!tx) return this.db.transaction((own) => this.markUnavailable(keys, at, own));
    const { rows } = await sql<{ product_id: string; marketplace: string }>`
      WITH gone AS (
        UPDATE pricing.current_prices c
           SET available = false, unavailable_since = coalesce(c.unavailable_since, ${at.toISOString()}::timestamptz)
          FROM unnest(${keys.map((k) => k.productId)}::text[], ${keys.map((k) => k.marketplace)}::text[])
               AS k(product_id, marketplace)
         WHERE c.product_id = k.product_id AND c.marketplace = k.marketplace AND c.available
        RETURNING c.product_id, c.marketplace
      )
      SELECT product_id, marketplace FROM gone ORDER BY product_id, marketplace`.execute(
      typedQueries<DB>(tx),
    );
    const gone = rows.map((r) => knownListing(r.product_id, r.marketplace));
    // The envelope's `at` is the ISO form, not Postgres' timestamptz output.
    const occurredAt = at.toISOString();
    const traceparent = currentTraceparent();
    await insertOutbox(
      tx,
      gone.map((k) =>
        listingEvent(
          Topics.listingAvailabilityChanged,
          k,
          { occurredAt, version: CURRENT_EVENT_VERSION, traceparent },
          { productId: k.productId, marketplace: k.marketplace, available: false, at: occurredAt },
        ),
      ),
    );
    return gone;
  }
}

/** A listing as events name it; only marketplaces this build knows have listings. */
function knownListing(productId: string, marketplace: string): KnownListingKey {
  if (!isMarketplaceId(marketplace)) throw new Error(`Listing of an unknown marketplace: ${marketplace}`);
  return { productId, marketplace };
}

/** An outbox row: its topic and the envelope the relay publishes. */
interface OutboxEvent {
  topic: Topic;
  envelope: EventEnvelope;
}

/**
 * The one place the pricing writes build an event: the contract's createEventEnvelope (which checks
 * it against the topic's schema), keyed by listing so a listing's events stay in order.
 */
function listingEvent<T extends Topic>(
  topic: T,
  listing: ListingKey,
  meta: { occurredAt: string; version: number; traceparent: string | undefined },
  payload: EventPayloads[T],
): OutboxEvent {
  const envelope = createEventEnvelope(topic, payload, {
    id: randomUUID(),
    key: productEventKey(listing.marketplace, listing.productId),
    occurredAt: meta.occurredAt,
    version: meta.version,
    ...(meta.traceparent ? { traceparent: meta.traceparent } : {}),
  });
  return { topic, envelope };
}

/** Appends events to the outbox, in order, in the caller's transaction. */
async function insertOutbox(tx: Queryable, events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  await typedQueries<DB>(tx)
    .insertInto('pricing.outbox')
    .values(events.map((e) => ({ topic: e.topic, envelope: JSON.stringify(e.envelope) })))
    .execute();
}
