import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import request from 'supertest';
import { Redis } from 'ioredis';
import { Topics, type PriceChangedPayload } from '@pt/contracts';
import { listingIdOf } from '@pt/domain';
import { createMarketplaceDrivers } from '@pt/marketplaces';
import { BullMqJobQueue, MemoryEventBus, MemoryRateLimiter, identityHeaders } from '@pt/platform';
import {
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  redisAvailability,
  type TestPostgres,
  FakeClock,
} from '@pt/testing';
import { startDemoMarketplaces, type DemoMarketplaces } from '@pt/demo-marketplaces';
import { PollersService } from '../../src/services/pollers.service';
import { eventually, startPricing, trackingEnvelope, type PricingUnderTest } from './harness';

const both = [postgresAvailability(), redisAvailability()];
const availability = both.find((a) => !a.available) ?? { available: true };

const ENV = {
  PRICING_WORKERS: 'on',
  PRICING_SCHEDULER_EVERY_MS: '200',
  PRICING_POLL_INTERVAL_MS: '60000',
  PRICING_HOT_POLL_INTERVAL_MS: '30000',
  // The limiter spreads a day's quota; a big one keeps the test fast.
  PRICING_EBAY_CALLS_PER_DAY: '10000000',
  PRICING_ALIEXPRESS_CALLS_PER_DAY: '10000000',
};

describeAdapter('jobs', 'bullmq+postgres', availability, () => {
  describe(PollersService.name, () => {
    const prefix = `pt-pricing-test-${randomBytes(4).toString('hex')}`;
    const clock = new FakeClock(Date.UTC(2025, 3, 1, 9));
    const bus = new MemoryEventBus();
    const queues: BullMqJobQueue[] = [];
    const apps: PricingUnderTest[] = [];
    let pg: TestPostgres;
    let demo: DemoMarketplaces;
    const changes: PriceChangedPayload[] = [];

    const newQueue = () => {
      const queue = new BullMqJobQueue({ url: process.env.REDIS_URL!, prefix, onError: () => undefined });
      queues.push(queue);
      return queue;
    };
    const drivers = () =>
      createMarketplaceDrivers(demo.env, {
        rateLimiter: new MemoryRateLimiter(),
        now: () => clock.now().getTime(),
        retry: { maxAttempts: 1 },
      });
    const snapshots = async (productId: string) =>
      (
        await pg.db.query<{ price: number; source: string }>(
          `SELECT price, source FROM pricing.global_price_history WHERE product_id = $1 ORDER BY observed_at, id`,
          [productId],
        )
      ).rows;

    beforeAll(async () => {
      pg = await createTestPostgres();
      demo = await startDemoMarketplaces({
        seed: 'pricing-pollers',
        size: 400,
        clock: { now: () => clock.now().getTime() },
      });
      await bus.subscribe(Topics.priceChanged, 'test-observer', async (e) => {
        changes.push(e.payload as PriceChangedPayload);
      });
    });
    afterAll(async () => {
      for (const app of apps) await app.close().catch(() => undefined);
      for (const queue of queues) await queue.close().catch(() => undefined);
      await bus.close();
      await demo?.close();
      await pg?.drop();
      // Leave nothing of this run in Redis.
      const redis = new Redis(process.env.REDIS_URL!);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    it('creates one schedule per due-finder when 3 instances start at once', async () => {
      const started = await Promise.all(
        [0, 1, 2].map(() =>
          startPricing({ db: pg.db, clock, bus, queue: newQueue(), env: ENV, drivers: drivers() }),
        ),
      );
      apps.push(...started);
      const scheduler = new Queue('poll.scheduler', { connection: { url: process.env.REDIS_URL! }, prefix });
      try {
        const schedulers = await scheduler.getJobSchedulers();
        expect(schedulers.map((s) => s.key).sort()).toEqual(['poll-due:aliexpress', 'poll-due:ebay']);
      } finally {
        await scheduler.close();
      }
      // One instance is enough for the rest.
      for (const app of apps.splice(1)) await app.close();
    });

    it('serves bull-board at /admin/queues to admins only', async () => {
      const board = apps[0].express;
      expect((await request(board).get('/admin/queues').expect(401)).body.error.code).toBe('unauthorized');
      await request(board)
        .get('/admin/queues')
        .set(identityHeaders({ id: 'u', role: 'user' }))
        .expect(403);
      const page = await request(board)
        .get('/admin/queues')
        .set(identityHeaders({ id: 'a', role: 'admin' }))
        .expect(200);
      expect(page.text).toContain('<html');
      const api = await request(board)
        .get('/admin/queues/api/queues')
        .set(identityHeaders({ id: 'a', role: 'admin' }))
        .expect(200);
      expect(JSON.stringify(api.body)).toContain('poll.ebay');
    });

    it('polls tracked demo listings of both marketplaces and records what they observe', async () => {
      const ebay = demo.catalog.byMarketplace('ebay').slice(0, 3);
      const ali = demo.catalog.byMarketplace('aliexpress').slice(0, 3);
      await bus.publish(Topics.trackingChanged, [
        ...ebay.map((p, i) =>
          trackingEnvelope({
            productId: p.itemId!,
            marketplace: 'ebay',
            reason: 'wishlist',
            ownerId: `item-${i}`,
            tracked: true,
          }),
        ),
        ...ali.map((p, i) =>
          trackingEnvelope({
            productId: `aliexpress_${p.key}`,
            marketplace: 'aliexpress',
            reason: 'wishlist',
            ownerId: `item-${i}`,
            tracked: true,
          }),
        ),
      ]);
      for (const product of [...ebay, ...ali]) {
        const rows = await eventually(
          async () => {
            const r = await snapshots(product.key);
            return r.length > 0 ? r : undefined;
          },
          { timeoutMs: 20_000 },
        );
        expect(rows[0].source).toBe('poll');
      }
      expect((await snapshots(ebay[0].key))[0].price).toBe(demo.catalog.priceAt(ebay[0].key, clock.now()));
      const { rows } = await pg.db.query<{ marketplace: string; calls: number }>(
        `SELECT marketplace, calls FROM pricing.api_usage ORDER BY marketplace`,
      );
      expect(rows.map((r) => r.marketplace)).toEqual(['aliexpress', 'ebay']);
      const state = await pg.db.query<{ failures: number; next_due_at: Date }>(
        `SELECT failures, next_due_at FROM pricing.poll_state`,
      );
      for (const s of state.rows) {
        expect(s.failures).toBe(0);
        expect(new Date(s.next_due_at).getTime()).toBeGreaterThan(clock.now().getTime());
      }
    });

    it('turns a demo price drop into exactly one price.changed with dropped: true', async () => {
      const product = demo.catalog
        .byMarketplace('ebay')
        .slice(20)
        .find((p) => !p.volatile && demo.catalog.nextDrop(p.key, clock.now().getTime() + 600_000));
      if (!product) throw new Error('the demo catalog has no stable eBay listing with a drop');
      const drop = demo.catalog.nextDrop(product.key, clock.now().getTime() + 600_000)!;
      // ARCHITECTURE §6: a variation is a listing of its own, stored under its listing id.
      const listing = listingIdOf('ebay', product.itemId!);
      clock.set(drop.at.getTime() - 60_000);
      await bus.publish(
        Topics.trackingChanged,
        trackingEnvelope({
          productId: product.itemId!,
          marketplace: 'ebay',
          reason: 'alert',
          ownerId: 'alert-1',
          tracked: true,
          targetPrice: 1,
        }),
      );
      await eventually(async () => (await snapshots(listing)).length === 1, { timeoutMs: 20_000 });
      expect((await snapshots(listing))[0].price).toBe(drop.before);

      // Past the drop and past its poll interval: the next scheduler tick polls it again.
      clock.set(drop.at.getTime() + 60_000);
      const dropped = await eventually(
        () => {
          const mine = changes.filter((c) => c.productId === listing);
          return mine.length > 0 ? mine : undefined;
        },
        { timeoutMs: 20_000 },
      );
      expect(dropped).toEqual([
        expect.objectContaining({
          marketplace: 'ebay',
          oldPrice: drop.before,
          newPrice: drop.after,
          dropped: true,
          source: 'poll',
          currency: 'USD',
          // Landed prices: the poller sends the listing's shipping, and pricing passes it on.
          shipping: product.shippingCost,
        }),
      ]);
      // More scheduler ticks and redeliveries do not add another.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(changes.filter((c) => c.productId === listing)).toHaveLength(1);
      expect((await snapshots(listing)).map((r) => r.price)).toEqual([drop.before, drop.after]);
    });
  });
});
