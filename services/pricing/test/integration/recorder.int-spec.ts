import {
  CURRENT_EVENT_VERSION,
  deadLetterTopic,
  parseEventPayload,
  PriceChangedPayloadSchema,
  productEventKey,
  Topics,
  type DeadLetter,
  type EventEnvelope,
  type ListingAvailabilityChangedPayload,
  type PriceChangedPayload,
} from '@pt/contracts';
import { MemoryEventBus, PoisonMessageError, PostgresDatabase, type Database } from '@pt/platform';
import {
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  type TestPostgres,
  FakeClock,
} from '@pt/testing';
import { PriceObservedConsumer } from '../../src/consumers/price-observed.consumer';
import { observationsRejectedTotal } from '../../src/metrics';
import { PriceSnapshotsRepository } from '../../src/repositories/price-snapshots.repository';
import { checkObservation, type Observation } from '../../src/services/observation';
import { RecorderService } from '../../src/services/recorder.service';
import { eventually, HOUR, observedEnvelope, startPricing, type PricingUnderTest } from './harness';

const T0 = Date.UTC(2025, 2, 1, 8);
const at = (ms: number) => new Date(T0 + ms).toISOString();

function observation(
  productId: string,
  price: number,
  atMs: number,
  extra: Record<string, unknown> = {},
): Observation {
  const check = checkObservation(observedEnvelope({ productId, price, observedAt: at(atMs), ...extra }));
  if (!check.ok) throw new Error(check.message);
  return check.observation;
}

async function snapshots(
  db: Database,
  productId: string,
): Promise<Array<{ price: number; currency: string; observed_at: Date }>> {
  const { rows } = await db.query<{ price: number; currency: string; observed_at: Date }>(
    `SELECT price, currency, observed_at FROM pricing.global_price_history WHERE product_id = $1 ORDER BY observed_at, id`,
    [productId],
  );
  return rows;
}

async function changesInOutbox(db: Database, productId: string): Promise<PriceChangedPayload[]> {
  const { rows } = await db.query<{ envelope: EventEnvelope<PriceChangedPayload> }>(
    `SELECT envelope FROM pricing.outbox WHERE topic = $1 ORDER BY id`,
    [Topics.priceChanged],
  );
  return rows.map((r) => r.envelope.payload).filter((p) => p.productId === productId);
}

/** The listing.availability-changed payloads of a listing in the outbox, each checked by the contract. */
async function availabilityInOutbox(
  db: Database,
  productId: string,
): Promise<ListingAvailabilityChangedPayload[]> {
  const { rows } = await db.query<{ envelope: unknown }>(
    `SELECT envelope FROM pricing.outbox WHERE topic = $1 ORDER BY id`,
    [Topics.listingAvailabilityChanged],
  );
  return rows
    .map((r) => {
      const parsed = parseEventPayload(Topics.listingAvailabilityChanged, r.envelope);
      if (!parsed.success) throw new Error(parsed.error);
      return parsed.envelope.payload;
    })
    .filter((p) => p.productId === productId);
}

describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describe(RecorderService.name, () => {
    let pg: TestPostgres;
    let sut: RecorderService;
    let app: PricingUnderTest;
    const clock = new FakeClock(T0);

    beforeAll(async () => {
      pg = await createTestPostgres();
      app = await startPricing({ db: pg.db, clock });
      // Events stay in the outbox so the tests can read them.
      await app.relay.stop();
      sut = app.get(RecorderService);
    });
    afterAll(async () => {
      await app?.close();
      await pg?.drop();
    });

    it('stores the first observation of a listing without a change event', async () => {
      const result = await sut.record([observation('100000000001', 50, 0)]);
      expect(result.outcomes).toEqual(['recorded']);
      expect(await snapshots(pg.db, '100000000001')).toHaveLength(1);
      expect(await changesInOutbox(pg.db, '100000000001')).toEqual([]);
    });

    it('skips the same price and currency inside the 6-hour window (ARCHITECTURE §6)', async () => {
      await sut.record([observation('100000000002', 20, 0)]);
      const result = await sut.record([observation('100000000002', 20, 5 * HOUR + 59 * 60_000)]);
      expect(result.outcomes).toEqual(['deduplicated']);
      expect(await snapshots(pg.db, '100000000002')).toHaveLength(1);
    });

    it('stores the same price again once the latest snapshot is 6 hours old', async () => {
      await sut.record([observation('100000000003', 20, 0)]);
      const result = await sut.record([observation('100000000003', 20, 6 * HOUR)]);
      expect(result.outcomes).toEqual(['recorded']);
      expect(await snapshots(pg.db, '100000000003')).toHaveLength(2);
      expect(await changesInOutbox(pg.db, '100000000003')).toEqual([]);
    });

    it('always stores a changed price inside the window and emits price.changed with dropped', async () => {
      await sut.record([observation('100000000004', 100, 0)]);
      await sut.record([observation('100000000004', 80, 10 * 60_000, { source: 'poll' })]);
      await sut.record([observation('100000000004', 90, 20 * 60_000)]);
      expect((await snapshots(pg.db, '100000000004')).map((r) => r.price)).toEqual([100, 80, 90]);
      const changes = await changesInOutbox(pg.db, '100000000004');
      expect(changes).toEqual([
        expect.objectContaining({
          oldPrice: 100,
          newPrice: 80,
          dropped: true,
          currency: 'USD',
          source: 'poll',
          marketplace: 'ebay',
        }),
        expect.objectContaining({ oldPrice: 80, newPrice: 90, dropped: false, source: 'lookup' }),
      ]);
    });

    // ARCHITECTURE §6 "One history per listing, in the listing's currency": dedupe and
    // price.changed compare like with like; a price in another currency is refused.
    it("refuses an observation in another currency than the listing's: no snapshot, no event", async () => {
      await sut.record([observation('100000000005', 100, 0)]);
      const foreign = await sut.record([
        observation('100000000005', 90, 60_000, { currency: 'EUR', userId: 'user-fx' }),
        observation('100000000015', 90, 60_000, { currency: 'EUR' }),
      ]);
      expect(foreign.outcomes).toEqual(['foreign_currency', 'recorded']);
      expect(foreign.changes).toEqual([]);
      const yen = await sut.record([observation('100000000005', 14_950, 2 * 60_000, { currency: 'JPY' })]);
      expect(yen.outcomes).toEqual(['foreign_currency']);
      const back = await sut.record([observation('100000000005', 100, 3 * 60_000)]);
      expect(back.outcomes).toEqual(['deduplicated']);
      expect((await snapshots(pg.db, '100000000005')).map((r) => [Number(r.price), r.currency])).toEqual([
        [100, 'USD'],
      ]);
      expect(await changesInOutbox(pg.db, '100000000005')).toEqual([]);
      const { rows } = await pg.db.query(`SELECT 1 FROM pricing.price_history WHERE product_id = $1`, [
        '100000000005',
      ]);
      expect(rows).toEqual([]);
    });

    it('ignores an observation older than the latest snapshot', async () => {
      await sut.record([observation('100000000006', 10, HOUR)]);
      const result = await sut.record([observation('100000000006', 5, 0)]);
      expect(result.outcomes).toEqual(['stale']);
      expect(await snapshots(pg.db, '100000000006')).toHaveLength(1);
    });

    it('dedupes several observations of one listing inside one batch as if they came one by one', async () => {
      const result = await sut.record([
        observation('100000000007', 30, 2 * 60_000),
        observation('100000000007', 30, 0),
        observation('100000000007', 25, 3 * 60_000),
      ]);
      expect(result.outcomes).toEqual(['deduplicated', 'recorded', 'recorded']);
      expect((await snapshots(pg.db, '100000000007')).map((r) => r.price)).toEqual([30, 25]);
    });

    it("writes a signed-in user's personal row even when the global snapshot is deduplicated", async () => {
      await sut.record([observation('100000000008', 40, 0)]);
      await sut.record([observation('100000000008', 40, 60_000, { userId: 'user-1' })]);
      const { rows } = await pg.db.query(
        `SELECT user_id, price FROM pricing.price_history WHERE product_id = $1`,
        ['100000000008'],
      );
      expect(rows).toEqual([{ user_id: 'user-1', price: 40 }]);
      expect(await snapshots(pg.db, '100000000008')).toHaveLength(1);
    });

    it('keys a listing by its canonical id whatever form the id arrives in', async () => {
      await sut.record([observation('v1|100000000009|0', 12, 0)]);
      const result = await sut.record([observation('ebay_100000000009', 12, 60_000)]);
      expect(result.outcomes).toEqual(['deduplicated']);
      expect(await snapshots(pg.db, '100000000009')).toHaveLength(1);
    });

    it('keeps two variations of one item apart: alternating prices change nothing', async () => {
      // ARCHITECTURE §6: a listing is (marketplace, item id, variation). Each variation arrives in
      // every form a producer may use; each form of one variation is the same listing.
      const forms = {
        red: ['v1|100000000022|456', 'v1%7C100000000022%7C456'],
        blue: ['v1|100000000022|789', 'v1%257C100000000022%257C789'],
      };
      for (let i = 0; i < 10; i++) {
        await sut.record([observation(forms.red[i % 2], 19.99, i * 2 * 60_000)]);
        await sut.record([observation(forms.blue[i % 2], 24.99, (i * 2 + 1) * 60_000)]);
      }
      const { rows } = await pg.db.query<{ envelope: EventEnvelope<PriceChangedPayload> }>(
        `SELECT envelope FROM pricing.outbox WHERE topic = $1 AND envelope->'payload'->>'productId' LIKE $2`,
        [Topics.priceChanged, '%100000000022%'],
      );
      expect(rows).toEqual([]);
      expect((await snapshots(pg.db, 'v1|100000000022|456')).map((r) => r.price)).toEqual([19.99]);
      expect((await snapshots(pg.db, 'v1|100000000022|789')).map((r) => r.price)).toEqual([24.99]);
      expect(await snapshots(pg.db, '100000000022')).toEqual([]);
      const current = await pg.db.query<{ product_id: string; price: number }>(
        `SELECT product_id, price FROM pricing.current_prices WHERE product_id LIKE '%100000000022%' ORDER BY product_id`,
      );
      expect(current.rows).toEqual([
        { product_id: 'v1|100000000022|456', price: 19.99 },
        { product_id: 'v1|100000000022|789', price: 24.99 },
      ]);
    });

    it('treats variation 0 and no variation as the plain item', async () => {
      await sut.record([observation('v1|100000000023|0', 12, 0)]);
      const result = await sut.record([
        observation('v1|100000000023|000', 12, 60_000),
        observation('v1%7C100000000023', 12, 2 * 60_000),
      ]);
      expect(result.outcomes).toEqual(['deduplicated', 'deduplicated']);
      expect(await snapshots(pg.db, '100000000023')).toHaveLength(1);
    });

    describe('personal history (ARCHITECTURE §6 per user and listing)', () => {
      const personal = async (productId: string) =>
        (
          await pg.db.query<{ user_id: string; price: number; observed_at: Date }>(
            `SELECT user_id, price, observed_at FROM pricing.price_history WHERE product_id = $1 ORDER BY user_id, observed_at, id`,
            [productId],
          )
        ).rows;

      it("skips a user's repeat of the same price inside 6 hours, per user", async () => {
        for (let i = 0; i < 5; i++) {
          await sut.record([observation('100000000024', 40, i * 60_000, { userId: 'user-a' })]);
        }
        await sut.record([observation('100000000024', 40, 10 * 60_000, { userId: 'user-b' })]);
        expect((await personal('100000000024')).map((r) => [r.user_id, r.price])).toEqual([
          ['user-a', 40],
          ['user-b', 40],
        ]);
      });

      it('stores a changed price at once and the same price again after 6 hours', async () => {
        await sut.record([observation('100000000025', 40, 0, { userId: 'user-a' })]);
        await sut.record([observation('100000000025', 35, 60_000, { userId: 'user-a' })]);
        await sut.record([observation('100000000025', 35, 2 * 60_000, { userId: 'user-a' })]);
        await sut.record([observation('100000000025', 35, 60_000 + 6 * HOUR, { userId: 'user-a' })]);
        expect((await personal('100000000025')).map((r) => r.price)).toEqual([40, 35, 35]);
      });

      it('dedupes several observations of one user inside one batch as if they came one by one', async () => {
        await sut.record([
          observation('100000000026', 50, 0, { userId: 'user-a' }),
          observation('100000000026', 50, 60_000, { userId: 'user-a' }),
          observation('100000000026', 50, 2 * 60_000, { userId: 'user-a' }),
        ]);
        expect(await personal('100000000026')).toHaveLength(1);
      });
    });

    it('writes price.changed as the contract envelope, carrying the trace of the observation', async () => {
      const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      await sut.record([observation('100000000011', 100, 0)]);
      const envelope = {
        ...observedEnvelope({
          productId: '100000000011',
          price: 95.5,
          observedAt: at(60_000),
          source: 'poll',
        }),
        traceparent,
      };
      const check = checkObservation(envelope);
      if (!check.ok) throw new Error(check.message);
      await sut.record([check.observation]);
      const { rows } = await pg.db.query<{ envelope: EventEnvelope }>(
        `SELECT envelope FROM pricing.outbox WHERE topic = $1 AND envelope->'payload'->>'productId' = $2`,
        [Topics.priceChanged, '100000000011'],
      );
      expect(rows).toHaveLength(1);
      const parsed = parseEventPayload(Topics.priceChanged, rows[0].envelope);
      if (!parsed.success) throw new Error(parsed.error);
      // Nothing beyond what the schema knows: the parsed envelope is the stored one.
      expect(rows[0].envelope).toEqual(parsed.envelope);
      expect(parsed.envelope).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        type: Topics.priceChanged,
        version: CURRENT_EVENT_VERSION,
        occurredAt: clock.now().toISOString(),
        key: productEventKey('ebay', '100000000011'),
        traceparent,
        payload: {
          productId: '100000000011',
          marketplace: 'ebay',
          oldPrice: 100,
          newPrice: 95.5,
          currency: 'USD',
          dropped: true,
          observedAt: at(60_000),
          source: 'poll',
          lows: [30, 90, 365].map((days) => ({ days, price: 100, at: '2025-03-01' })),
        },
      });
    });

    // Landed prices: alerts on item + shipping need the listing's shipping with each change.
    it("puts the listing's shipping on price.changed, keeps the last known one, and sends no event for shipping alone", async () => {
      const id = '100000000031';
      const shippingOf = async () =>
        (
          await pg.db.query<{ shipping: string | null }>(
            `SELECT shipping FROM pricing.current_prices WHERE product_id = $1`,
            [id],
          )
        ).rows[0]?.shipping;
      await sut.record([observation(id, 50, 0, { shipping: 3.99 })]);
      expect(Number(await shippingOf())).toBe(3.99);
      const result = await sut.record([observation(id, 45, 60_000, { shipping: 4.5 })]);
      expect(result.changes).toEqual([expect.objectContaining({ newPrice: 45, shipping: 4.5 })]);
      // Same price, new shipping, inside the window: stored as the latest, no snapshot, no event.
      expect((await sut.record([observation(id, 45, 2 * 60_000, { shipping: 0 })])).outcomes).toEqual([
        'deduplicated',
      ]);
      expect(Number(await shippingOf())).toBe(0);
      // An observation that does not know the shipping: the event carries the last known (free).
      await sut.record([observation(id, 44, 3 * 60_000)]);
      expect(Number(await shippingOf())).toBe(0);
      const changes = await changesInOutbox(pg.db, id);
      expect(changes.map((c) => [c.newPrice, c.shipping])).toEqual([
        [45, 4.5],
        [44, 0],
      ]);
      for (const change of changes) expect(PriceChangedPayloadSchema.parse(change).shipping).toBeDefined();
    });

    it('a listing whose shipping was never told sends price.changed without shipping (unknown, not free)', async () => {
      const id = '100000000032';
      await sut.record([observation(id, 50, 0)]);
      await sut.record([observation(id, 40, 60_000)]);
      const [change] = await changesInOutbox(pg.db, id);
      expect(change).toBeDefined();
      expect(change).not.toHaveProperty('shipping');
    });

    // Lowest-in-N alerts read the listing's low over the N days before the observation.
    it("carries the listing's 30/90/365-day lows before each change, by UTC day, windows without data left out", async () => {
      const DAY = 24 * HOUR;
      const id = '100000000021';
      await sut.record([observation(id, 50, 0)]); // 1 Mar
      await sut.record([observation(id, 43.1, 10 * DAY)]); // 11 Mar: the low
      await sut.record([observation(id, 47, 40 * DAY)]); // 10 Apr
      await sut.record([observation(id, 48, 100 * DAY)]); // 9 Jun
      await sut.record([observation(id, 46, 100 * DAY + HOUR)]); // 9 Jun, an hour later
      const lows = (await changesInOutbox(pg.db, id)).map((c) => c.lows);
      expect(lows).toEqual([
        [30, 90, 365].map((days) => ({ days, price: 50, at: '2025-03-01' })),
        // 30 days before 10 Apr start on 12 Mar: no snapshot in them.
        [
          { days: 90, price: 43.1, at: '2025-03-11' },
          { days: 365, price: 43.1, at: '2025-03-11' },
        ],
        // 90 days before 9 Jun start on 12 Mar: the 11 Mar low is out of that window.
        [
          { days: 90, price: 47, at: '2025-04-10' },
          { days: 365, price: 43.1, at: '2025-03-11' },
        ],
        // The observation's own day counts up to the observation (not itself).
        [
          { days: 30, price: 48, at: '2025-06-09' },
          { days: 90, price: 47, at: '2025-04-10' },
          { days: 365, price: 43.1, at: '2025-03-11' },
        ],
      ]);
      // The contract reads them as written.
      for (const change of await changesInOutbox(pg.db, id))
        expect(PriceChangedPayloadSchema.parse(change)).toEqual(change);
    });

    it('marks an unavailable listing back on sale when a deduplicated observation sees it again', async () => {
      const key = { productId: '100000000012', marketplace: 'ebay' };
      await sut.record([observation(key.productId, 30, 0)]);
      await app.get(PriceSnapshotsRepository).markUnavailable([key], new Date(T0 + 60_000));
      // Older than the latest snapshot: says nothing about now.
      expect((await sut.record([observation(key.productId, 30, -60_000)])).outcomes).toEqual(['stale']);
      const current = () =>
        pg.db.query(`SELECT available, unavailable_since FROM pricing.current_prices WHERE product_id = $1`, [
          key.productId,
        ]);
      expect((await current()).rows).toEqual([
        { available: false, unavailable_since: new Date(T0 + 60_000) },
      ]);
      expect((await sut.record([observation(key.productId, 30, 2 * 60_000)])).outcomes).toEqual([
        'deduplicated',
      ]);
      expect((await current()).rows).toEqual([{ available: true, unavailable_since: null }]);
      expect(await snapshots(pg.db, key.productId)).toHaveLength(1);
    });

    it('listing.availability-changed on both transitions, in the writes that change the flag, once each', async () => {
      const repo = app.get(PriceSnapshotsRepository);
      const stored = { productId: '100000000013', marketplace: 'ebay' };
      const deduplicated = { productId: '100000000014', marketplace: 'ebay' };
      await sut.record([observation(stored.productId, 30, 0), observation(deduplicated.productId, 40, 0)]);
      expect(await availabilityInOutbox(pg.db, stored.productId)).toEqual([]);

      // A poll finds both gone: one event each; a later poll finding them still gone, none.
      expect(await repo.markUnavailable([stored, deduplicated], new Date(T0 + 60_000))).toHaveLength(2);
      expect(await repo.markUnavailable([stored, deduplicated], new Date(T0 + 120_000))).toEqual([]);
      for (const key of [stored, deduplicated])
        expect(await availabilityInOutbox(pg.db, key.productId)).toEqual([
          { ...key, available: false, at: at(60_000) },
        ]);

      // Seen again: at a new price (stored) and at the same price within the window (deduplicated).
      const result = await sut.record([
        observation(stored.productId, 28, 3 * 60_000),
        observation(deduplicated.productId, 40, 3 * 60_000),
      ]);
      expect(result.outcomes).toEqual(['recorded', 'deduplicated']);
      expect((await availabilityInOutbox(pg.db, stored.productId)).at(-1)).toEqual({
        ...stored,
        available: true,
        price: 28,
        currency: 'USD',
        at: at(3 * 60_000),
      });
      expect((await availabilityInOutbox(pg.db, deduplicated.productId)).at(-1)).toEqual({
        ...deduplicated,
        available: true,
        price: 40,
        currency: 'USD',
        at: at(3 * 60_000),
      });
      // Still on sale: a further observation says nothing new about availability.
      await sut.record([observation(stored.productId, 27, 4 * 60_000)]);
      expect(await availabilityInOutbox(pg.db, stored.productId)).toHaveLength(2);
    });

    it('lets 4 concurrent recorders seeing the same new listings create each of them once', async () => {
      const pools = Array.from({ length: 4 }, () => new PostgresDatabase({ url: pg.url, max: 2 }));
      try {
        const recorders = pools.map((db) => new RecorderService(db, clock, new PriceSnapshotsRepository(db)));
        const ids = Array.from({ length: 50 }, (_, i) => String(110000000000 + i));
        const batch = ids.map((id, i) => observation(id, 10 + i, 0));
        const results = await Promise.all(recorders.map((r) => r.record(batch)));
        const outcomes = results.flatMap((r) => r.outcomes);
        // Whoever created a listing stored its snapshot; the others then saw it, at the same time.
        expect(outcomes.filter((o) => o === 'recorded')).toHaveLength(50);
        expect(outcomes.filter((o) => o === 'stale')).toHaveLength(150);
        const { rows } = await pg.db.query<{ n: number }>(
          `SELECT count(*) AS n FROM pricing.global_price_history WHERE product_id = ANY($1)`,
          [ids],
        );
        expect(rows[0].n).toBe(50);
      } finally {
        await Promise.all(pools.map((p) => p.close()));
      }
    });

    it('lets 4 concurrent recorders on one listing create exactly the expected rows and one change', async () => {
      // Four recorders with their own connection pools, as four pods would have.
      const pools = Array.from({ length: 4 }, () => new PostgresDatabase({ url: pg.url, max: 4 }));
      try {
        const recorders = pools.map((db) => new RecorderService(db, clock, new PriceSnapshotsRepository(db)));
        const id = '100000000010';
        // 40 observations of one unchanged price, inside one window, racing: one snapshot.
        await Promise.all(
          recorders.flatMap((r, n) =>
            Array.from({ length: 10 }, (_, i) => r.record([observation(id, 70, (n * 10 + i) * 1000)])),
          ),
        );
        expect(await snapshots(pg.db, id)).toHaveLength(1);
        // Then all four see a new price at the same moment: one more snapshot, one price.changed.
        const outcomes = await Promise.all(
          recorders.map((r) => r.record([observation(id, 65, 10 * 60_000)])),
        );
        expect(outcomes.map((o) => o.outcomes[0]).sort()).toEqual(['recorded', 'stale', 'stale', 'stale']);
        expect((await snapshots(pg.db, id)).map((r) => r.price)).toEqual([70, 65]);
        expect(await changesInOutbox(pg.db, id)).toEqual([
          expect.objectContaining({ oldPrice: 70, newPrice: 65, dropped: true }),
        ]);
      } finally {
        await Promise.all(pools.map((p) => p.close()));
      }
    });

    it('changes nothing when 1,000 events are replayed', async () => {
      const consumer = app.get(PriceObservedConsumer);
      const envelopes = Array.from({ length: 1000 }, (_, i) =>
        observedEnvelope({
          productId: `2000000${String(i % 250).padStart(5, '0')}`,
          price: 10 + Math.floor(i / 250),
          observedAt: at(HOUR + i * 1000),
          // Some are signed-in lookups: personal rows must not double either.
          ...(i % 10 === 0 ? { userId: `user-${i % 3}` } : {}),
        }),
      );
      // As the bus delivers: listings in parallel, each listing's events in order (250 per round).
      for (let round = 0; round < 4; round++)
        await Promise.all(envelopes.slice(round * 250, round * 250 + 250).map((e) => consumer.handle(e)));
      const count = async () => {
        const { rows } = await pg.db.query<{ global: number; outbox: number; personal: number }>(
          `SELECT (SELECT count(*) FROM pricing.global_price_history) AS global,
                  (SELECT count(*) FROM pricing.outbox) AS outbox,
                  (SELECT count(*) FROM pricing.price_history) AS personal`,
        );
        return rows[0];
      };
      const before = await count();
      // 250 listings, 4 prices each: 1,000 snapshots and 750 changes.
      expect(before.global).toBeGreaterThanOrEqual(1000);
      expect(before.outbox).toBeGreaterThanOrEqual(750);
      await Promise.all(envelopes.map((e) => consumer.handle(e)));
      await Promise.all([...envelopes].reverse().map((e) => consumer.handle(e)));
      expect(await count()).toEqual(before);
    });
  });

  describe(`${PriceObservedConsumer.name} bad input`, () => {
    let pg: TestPostgres;
    let app: PricingUnderTest;
    const bus = new MemoryEventBus();

    beforeAll(async () => {
      pg = await createTestPostgres();
      app = await startPricing({ db: pg.db, clock: new FakeClock(T0), bus });
    });
    afterAll(async () => {
      await app?.close();
      await bus.close();
      await pg?.drop();
    });

    it.each([
      ['missing_product_id', { productId: '' }],
      ['non_positive_price', { price: 0 }],
      ['non_positive_price', { price: -3 }],
      ['unknown_currency', { currency: 'XYZ' }],
      ['invalid_payload', { observedAt: 'yesterday' }],
      ['invalid_payload', { marketplace: 'etsy' }],
    ])('rejects %s (%j) as a poison message and counts it', async (reason, patch) => {
      const consumer = app.get(PriceObservedConsumer);
      const before =
        (await observationsRejectedTotal.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;
      const envelope = observedEnvelope({ productId: '300000000001', price: 5, observedAt: at(0) });
      const bad = { ...envelope, payload: { ...envelope.payload, ...patch } } as EventEnvelope;
      await expect(consumer.handle(bad)).rejects.toThrow(PoisonMessageError);
      await expect(consumer.handle(bad)).rejects.toThrow(reason);
      const after =
        (await observationsRejectedTotal.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;
      expect(after - before).toBe(2);
    });

    it('sends bad observations to the DLQ with the reason and keeps recording the good ones', async () => {
      const letters: DeadLetter[] = [];
      const dlq = await bus.subscribe(deadLetterTopic(Topics.priceObserved), 'test-dlq', async (e) => {
        letters.push(e.payload as DeadLetter);
      });
      const good = observedEnvelope({ productId: '300000000002', price: 9.99, observedAt: at(0) });
      const bad = observedEnvelope({ productId: '300000000002', price: -1, observedAt: at(1000) });
      await bus.publish(Topics.priceObserved, [bad, good]);
      await eventually(async () => (await snapshots(pg.db, '300000000002')).length === 1);
      await eventually(() => letters.length === 1);
      expect(letters[0]).toEqual(
        expect.objectContaining({ error: expect.stringContaining('non_positive_price'), attempts: 1 }),
      );
      await dlq.close();
    });
  });
});
