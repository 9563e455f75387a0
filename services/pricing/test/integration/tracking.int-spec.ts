import {
  JobNames,
  Topics,
  type EventEnvelope,
  type PollBatchJob,
  type PriceObservedPayload,
} from '@pt/contracts';
import {
  EbayApiError,
  type GetItemsResult,
  type MarketplaceDriver,
  type MarketplaceProduct,
} from '@pt/marketplaces';
import { InlineJobQueue, type JobHandler } from '@pt/platform';
import {
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  type TestPostgres,
  FakeClock,
} from '@pt/testing';
import { TrackingChangedConsumer } from '../../src/consumers/tracking-changed.consumer';
import { DueFinderService } from '../../src/services/due-finder.service';
import { PollerService } from '../../src/services/poller.service';
import { checkObservation } from '../../src/services/observation';
import { RecorderService } from '../../src/services/recorder.service';
import { TrackingService } from '../../src/services/tracking.service';
import {
  eventually,
  HOUR,
  observedEnvelope,
  startPricing,
  trackingEnvelope,
  type PricingUnderTest,
} from './harness';

const NOW = Date.UTC(2025, 4, 1, 10);

/** An eBay driver whose catalogue the test edits: price per id, or an error, or nothing (gone). */
class FakeEbay implements MarketplaceDriver {
  readonly marketplace = 'ebay' as const;
  readonly batching = true;
  prices = new Map<string, number>();
  errors = new Map<string, EbayApiError>();
  /** Listed with OUT_OF_STOCK (still answered, with its price). */
  outOfStock = new Set<string>();
  calls: string[][] = [];
  search = () => Promise.reject(new Error('not used'));
  hot = () => Promise.reject(new Error('not used'));
  getItem = () => Promise.reject(new Error('not used'));
  async getItems(ids: readonly string[]): Promise<GetItemsResult> {
    this.calls.push([...ids]);
    const result: GetItemsResult = { marketplace: 'ebay', products: [], notFound: [], failed: [] };
    for (const id of ids) {
      const error = this.errors.get(id);
      const price = this.prices.get(id);
      if (error) result.failed.push({ id, error });
      else if (price === undefined) result.notFound.push(id);
      else
        result.products.push({
          ...product(id, price),
          ...(this.outOfStock.has(id) ? { availability: 'out_of_stock' } : {}),
        });
    }
    return result;
  }
}

function product(id: string, price: number): MarketplaceProduct {
  return {
    id: `v1|${id}|0`,
    title: `Item ${id}`,
    description: '',
    price: { amount: price, currency: 'USD', formattedPrice: `$${price}` },
    currency: 'USD',
    imageUrl: 'https://img.example/x.jpg',
    images: [],
    url: `https://www.ebay.com/itm/${id}`,
    marketplace: 'ebay',
    marketplaceName: 'eBay',
    rating: 4.5,
    reviewCount: 1,
    seller: { name: 's' },
    shipping: { price: 0, formattedPrice: '$0.00', isFree: true },
    freeShipping: true,
    availability: 'in_stock',
    features: [],
    specifications: {},
    categories: [],
    condition: 'New',
    lastUpdated: new Date(NOW).toISOString(),
    isSponsored: false,
  };
}

/** Pricing on its own database with the fake eBay, a test clock and the in-process queue. */
function pricingOnFakeEbay() {
  const host = {
    clock: new FakeClock(NOW),
    ebay: new FakeEbay(),
    queue: new InlineJobQueue(),
    pg: undefined as unknown as TestPostgres,
    app: undefined as unknown as PricingUnderTest,
  };
  beforeAll(async () => {
    host.pg = await createTestPostgres();
    host.app = await startPricing({
      db: host.pg.db,
      clock: host.clock,
      queue: host.queue,
      drivers: { get: (m) => (m === 'ebay' ? host.ebay : undefined) },
    });
  });
  afterAll(async () => {
    await host.app?.close();
    await host.queue.close();
    await host.pg?.drop();
  });
  return host;
}

describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describe(TrackingService.name, () => {
    const host = pricingOnFakeEbay();
    const { clock, ebay, queue } = host;

    const state = async (productId: string) =>
      (
        await host.pg.db.query<{
          next_due_at: Date;
          interval_seconds: number;
          priority: number;
          failures: number;
          last_error: string | null;
          leased_until: Date | null;
        }>(
          `SELECT next_due_at, interval_seconds, priority, failures, last_error, leased_until FROM pricing.poll_state WHERE product_id = $1`,
          [productId],
        )
      ).rows[0];
    const reasons = async (productId: string) =>
      (
        await host.pg.db.query(
          `SELECT reason, owner_id FROM pricing.tracking_reasons WHERE product_id = $1 ORDER BY reason, owner_id`,
          [productId],
        )
      ).rows;

    it('counts reasons per (reason, owner), ignores repeats and stops polling when none is left', async () => {
      const consumer = host.app.get(TrackingChangedConsumer);
      const deliver = (e: EventEnvelope) =>
        consumer.handle(e, { topic: Topics.trackingChanged, group: 'pricing.tracking', attempt: 1 });
      const add = trackingEnvelope({
        productId: 'v1|400000000001|0',
        marketplace: 'ebay',
        reason: 'wishlist',
        ownerId: 'item-1',
        tracked: true,
      });
      await deliver(add);
      await deliver(add);
      await deliver(
        trackingEnvelope({
          productId: 'ebay_400000000001',
          marketplace: 'ebay',
          reason: 'wishlist',
          ownerId: 'item-1',
          tracked: true,
        }),
      );
      await deliver(
        trackingEnvelope({
          productId: '400000000001',
          marketplace: 'ebay',
          reason: 'wishlist',
          ownerId: 'item-2',
          tracked: true,
        }),
      );
      await deliver(
        trackingEnvelope({
          productId: '400000000001',
          marketplace: 'ebay',
          reason: 'alert',
          ownerId: 'alert-1',
          tracked: true,
          targetPrice: 10,
        }),
      );
      expect(await reasons('400000000001')).toHaveLength(3);
      expect(new Date((await state('400000000001')).next_due_at).getTime()).toBe(NOW);

      await deliver(
        trackingEnvelope({
          productId: '400000000001',
          marketplace: 'ebay',
          reason: 'wishlist',
          ownerId: 'item-1',
          tracked: false,
        }),
      );
      await deliver(
        trackingEnvelope({
          productId: '400000000001',
          marketplace: 'ebay',
          reason: 'alert',
          ownerId: 'alert-1',
          tracked: false,
        }),
      );
      expect(await reasons('400000000001')).toEqual([{ reason: 'wishlist', owner_id: 'item-2' }]);
      expect(await state('400000000001')).toBeDefined();

      await deliver(
        trackingEnvelope({
          productId: '400000000001',
          marketplace: 'ebay',
          reason: 'wishlist',
          ownerId: 'item-2',
          tracked: false,
        }),
      );
      expect(await reasons('400000000001')).toEqual([]);
      expect(await state('400000000001')).toBeUndefined();
    });

    it('refreshes hourly while an alert is within 10% of its target, every 6 hours otherwise', async () => {
      const tracking = host.app.get(TrackingService);
      const recorder = host.app.get(RecorderService);
      const seen = checkObservation(
        observedEnvelope({
          productId: '400000000002',
          price: 105,
          observedAt: new Date(NOW - HOUR).toISOString(),
        }),
      );
      if (!seen.ok) throw new Error(seen.message);
      await recorder.record([seen.observation]);
      await tracking.apply({
        productId: '400000000002',
        marketplace: 'ebay',
        reason: 'wishlist',
        ownerId: 'w',
        tracked: true,
      });
      expect(await state('400000000002')).toEqual(
        expect.objectContaining({ interval_seconds: 6 * 3600, priority: 2 }),
      );
      // 105 is within 10% of 100: hot.
      await tracking.apply({
        productId: '400000000002',
        marketplace: 'ebay',
        reason: 'alert',
        ownerId: 'a',
        tracked: true,
        targetPrice: 100,
      });
      expect(await state('400000000002')).toEqual(
        expect.objectContaining({ interval_seconds: 3600, priority: 1 }),
      );
      // 105 is more than 10% above 90: not hot any more.
      await tracking.apply({
        productId: '400000000002',
        marketplace: 'ebay',
        reason: 'alert',
        ownerId: 'a',
        tracked: true,
        targetPrice: 90,
      });
      expect(await state('400000000002')).toEqual(
        expect.objectContaining({ interval_seconds: 6 * 3600, priority: 2 }),
      );
    });

    it('enqueues due listings once, in batches of at most 20 with de-duplicating job ids', async () => {
      const tracking = host.app.get(TrackingService);
      for (let i = 0; i < 45; i++) {
        await tracking.apply({
          productId: String(500000000000 + i),
          marketplace: 'ebay',
          reason: 'wishlist',
          ownerId: 'w',
          tracked: true,
        });
      }
      const enqueued: PollBatchJob[] = [];
      const capture: JobHandler = async (data) => {
        enqueued.push(data as PollBatchJob);
      };
      const finder = host.app.get(DueFinderService);
      const first = await finder.run('ebay');
      const second = await finder.run('ebay');
      expect(first.listings).toBeGreaterThanOrEqual(45);
      expect(second).toEqual(expect.objectContaining({ listings: 0, jobs: 0 }));
      const worker = await queue.process('poll:ebay', {
        [JobNames.pollBatch]: capture,
        [JobNames.pollDue]: capture,
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await worker.close();
      expect(enqueued.length).toBe(first.jobs);
      expect(Math.max(...enqueued.map((j) => j.productIds.length))).toBe(20);
      const ids = enqueued.flatMap((j) => j.productIds);
      expect(new Set(ids).size).toBe(ids.length);
      expect(await state('500000000000')).toEqual(
        expect.objectContaining({ leased_until: expect.any(Date) }),
      );
    });

    it('a due-finder killed between claiming and queuing holds its listings for the claim only, not the lease', async () => {
      const tracking = host.app.get(TrackingService);
      const ids = ['700000000001', '700000000002', '700000000003'];
      for (const id of ids)
        await tracking.apply({
          productId: id,
          marketplace: 'ebay',
          reason: 'wishlist',
          ownerId: 'k',
          tracked: true,
        });
      const finder = host.app.get(DueFinderService);
      const started = clock.now().getTime();
      // The finder's process dies while it queues: its jobs never reach the queue, nothing gives the listings back.
      const enqueue = jest
        .spyOn(queue, 'enqueue')
        .mockImplementation(() => new Promise<never>(() => undefined));
      try {
        void finder.run('ebay');
        for (let i = 0; i < 100 && !(await state(ids[0]!))?.leased_until; i++)
          await new Promise((resolve) => setTimeout(resolve, 20));
      } finally {
        enqueue.mockRestore();
      }
      const claimed = (await state(ids[0]!))!.leased_until!;
      expect(claimed.getTime() - started).toBeLessThan(HOUR);
      // Once the claim lapses the next run queues them, and only then are they leased for long.
      clock.advance(claimed.getTime() - started + 1);
      try {
        const again = await finder.run('ebay');
        expect(again.listings).toBeGreaterThanOrEqual(ids.length);
        const leased = (await state(ids[0]!))!.leased_until!;
        expect(leased.getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(HOUR);
      } finally {
        clock.set(started);
      }
    });

    it('polls a batch: observes found listings, backs off failures and marks vanished ones unavailable', async () => {
      const poller = host.app.get(PollerService);
      const recorder = host.app.get(RecorderService);
      const tracking = host.app.get(TrackingService);
      for (const id of ['600000000001', '600000000002', '600000000003']) {
        await tracking.apply({
          productId: id,
          marketplace: 'ebay',
          reason: 'wishlist',
          ownerId: 'w',
          tracked: true,
        });
      }
      ebay.prices.set('600000000001', 25).set('600000000003', 40);
      ebay.errors.set('600000000002', new EbayApiError({ code: 'rate_limited', retryAfterMs: 30 * 60_000 }));
      await host.app.relay.stop();
      const outcome = await poller.poll({
        marketplace: 'ebay',
        productIds: ['600000000001', '600000000002', '600000000003'],
      });
      expect(outcome).toEqual({ observed: 2, notFound: 0, failed: 1 });
      const { rows } = await host.pg.db.query<{ envelope: EventEnvelope<PriceObservedPayload> }>(
        `SELECT envelope FROM pricing.outbox WHERE topic = $1 ORDER BY id`,
        [Topics.priceObserved],
      );
      expect(
        rows.map((r) => [r.envelope.payload.productId, r.envelope.payload.price, r.envelope.payload.source]),
      ).toEqual([
        ['600000000001', 25, 'poll'],
        ['600000000003', 40, 'poll'],
      ]);
      for (const { envelope } of rows) {
        const check = checkObservation(envelope);
        if (check.ok) await recorder.record([check.observation]);
      }
      expect(await state('600000000001')).toEqual(expect.objectContaining({ failures: 0, last_error: null }));
      const failing = await state('600000000002');
      expect(failing).toEqual(
        expect.objectContaining({ failures: 1, last_error: expect.stringContaining('rate_limited') }),
      );
      // Retry-After (30 min) is longer than the first back-off step (5 min).
      expect(new Date(failing.next_due_at).getTime() - NOW).toBe(30 * 60_000);

      // The listing vanishes: unavailable, history kept, looked at again a day later.
      ebay.prices.delete('600000000003');
      clock.advance(2 * HOUR);
      expect(await poller.poll({ marketplace: 'ebay', productIds: ['600000000003'] })).toEqual({
        observed: 0,
        notFound: 1,
        failed: 0,
      });
      const current = await host.pg.db.query(
        `SELECT available, price FROM pricing.current_prices WHERE product_id = '600000000003'`,
      );
      expect(current.rows).toEqual([{ available: false, price: 40 }]);
      const gone = await state('600000000003');
      expect(gone.last_error).toMatch(/not_found/);
      expect(new Date(gone.next_due_at).getTime() - clock.now().getTime()).toBe(24 * HOUR);
      const calls = await host.pg.db.query<{ calls: number }>(
        `SELECT calls FROM pricing.api_usage WHERE marketplace = 'ebay'`,
      );
      expect(calls.rows[0].calls).toBe(2);
    });

    it('marks a listing the marketplace answers out of stock unavailable, records no price, and says so once', async () => {
      const poller = host.app.get(PollerService);
      const recorder = host.app.get(RecorderService);
      const id = '600000000009';
      await host.app
        .get(TrackingService)
        .apply({ productId: id, marketplace: 'ebay', reason: 'alert', ownerId: 'a', tracked: true });
      ebay.prices.set(id, 30);
      await host.app.relay.stop();
      const observed = async () =>
        (
          await host.pg.db.query<{ envelope: EventEnvelope<PriceObservedPayload> }>(
            `SELECT envelope FROM pricing.outbox WHERE topic = $1 ORDER BY id`,
            [Topics.priceObserved],
          )
        ).rows.filter((r) => r.envelope.payload.productId === id);
      await poller.poll({ marketplace: 'ebay', productIds: [id] });
      for (const { envelope } of await observed()) {
        const check = checkObservation(envelope);
        if (check.ok) await recorder.record([check.observation]);
      }

      ebay.outOfStock.add(id);
      ebay.prices.set(id, 12); // an out-of-stock listing's price is nobody's to pay
      clock.advance(2 * HOUR);
      expect(await poller.poll({ marketplace: 'ebay', productIds: [id] })).toEqual({
        observed: 0,
        notFound: 1,
        failed: 0,
      });
      expect((await observed()).map((r) => r.envelope.payload.price)).toEqual([30]);
      const current = await host.pg.db.query(
        `SELECT available, price FROM pricing.current_prices WHERE product_id = $1`,
        [id],
      );
      expect(current.rows).toEqual([{ available: false, price: 30 }]);
      expect((await state(id)).last_error).toMatch(/^out_of_stock/);
      const availability = await host.pg.db.query<{ envelope: EventEnvelope<{ available: boolean }> }>(
        `SELECT envelope FROM pricing.outbox WHERE topic = $1 AND envelope->'payload'->>'productId' = $2`,
        [Topics.listingAvailabilityChanged, id],
      );
      expect(availability.rows.map((r) => r.envelope.payload.available)).toEqual([false]);
    });
  });

  describe(`${DueFinderService.name} with a poll job still finishing`, () => {
    const host = pricingOnFakeEbay();
    const { clock, ebay, queue } = host;

    it('polls a listing due again while the job that polled it last has not completed yet', async () => {
      const id = '800000000001';
      ebay.prices.set(id, 25);
      await host.app
        .get(TrackingService)
        .apply({ productId: id, marketplace: 'ebay', reason: 'wishlist', ownerId: 'w', tracked: true });
      const poller = host.app.get(PollerService);
      const finder = host.app.get(DueFinderService);
      const polls = () => ebay.calls.filter((ids) => ids.includes(id)).length;
      // The first job records its poll (and frees the listing), then stays active: a busy process.
      let release!: () => void;
      const finishing = new Promise<void>((resolve) => (release = resolve));
      const worker = await queue.process('poll:ebay', {
        [JobNames.pollBatch]: async (data) => {
          await poller.poll(data as PollBatchJob);
          if (polls() === 1) await finishing;
        },
      });
      try {
        expect((await finder.run('ebay')).jobs).toBe(1);
        await eventually(
          async () =>
            polls() === 1 &&
            (
              await host.pg.db.query(
                `SELECT 1 FROM pricing.poll_state WHERE product_id = $1 AND leased_until IS NULL`,
                [id],
              )
            ).rowCount === 1,
          { what: 'the first poll to free the listing' },
        );

        clock.advance(6 * HOUR + 1);
        expect((await finder.run('ebay')).jobs).toBe(1);
        release();
        await eventually(() => polls() === 2, { what: 'the second poll', timeoutMs: 5_000 });
      } finally {
        release();
        await worker.close();
      }
    });
  });
});
