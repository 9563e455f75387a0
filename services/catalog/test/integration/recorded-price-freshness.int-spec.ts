import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Topics, type PriceChangedPayload } from '@pt/contracts';
import type { CatalogProduct, SearchResponse } from '@pt/contracts/catalog-api';
import { listingIdOf } from '@pt/domain';
import { createMarketplaceDrivers } from '@pt/marketplaces';
import {
  InlineJobQueue,
  MemoryEventBus,
  MemoryRateLimiter,
  RedisStreamsEventBus,
  type EventBus,
} from '@pt/platform';
import {
  createTestPostgres,
  eventually,
  FakeClock,
  fastPollingEnv,
  postgresAvailability,
  quietEbayListings,
  redisAvailability,
  startDemoMarketplaces,
  type DemoMarketplaces,
  type TestPostgres,
} from '@pt/testing';
import {
  startPricing,
  trackingEnvelope,
  type PricingUnderTest,
} from '../../../pricing/test/integration/harness';
import { HOST_START_TIMEOUT_MS, startCatalogHost, type CatalogHost } from '../support/catalog-host';

/** The catalog, pricing and the demo on the wall clock: the pollers pace themselves by it. */
class WallClock extends FakeClock {
  override now(): Date {
    return new Date();
  }
}

const POLL_INTERVAL_MS = 1000;
/** ARCHITECTURE §6 freshness: every cached view shows a recorded price within a second. */
const FRESH_WITHIN_MS = 1000;

type BusMode = 'memory' | 'redis';
const modes: Array<{ mode: BusMode; available: boolean; reason?: string }> = [
  { mode: 'memory', ...postgresAvailability() },
  {
    mode: 'redis',
    ...([postgresAvailability(), redisAvailability()].find((a) => !a.available) ?? { available: true }),
  },
];

/**
 * The product page, the alert and the email agree on the price: a poll that observes a pinned
 * demo price reaches products_cache, every catalog instance's LRU and its cached search answers
 * within a second of pricing recording it — on the embedded host's memory bus (one catalog) and
 * on Redis Streams with two catalog instances, as in the distributed mode. Real Postgres.
 */
describe.each(modes)(
  'a recorded price reaches every cached view ($mode bus)',
  ({ mode, available, reason }) => {
    const run = available ? it : it.skip;
    const prefix = `test:freshness:${randomBytes(4).toString('hex')}`;
    const buses: EventBus[] = [];
    let pg: TestPostgres;
    let demo: DemoMarketplaces;
    let pricing: PricingUnderTest;
    const catalogs: CatalogHost[] = [];
    let observer: EventBus;
    const changes: Array<{ change: PriceChangedPayload; at: number }> = [];

    const newBus = (): EventBus => {
      if (mode === 'memory') return (buses[0] ??= new MemoryEventBus());
      const bus = new RedisStreamsEventBus({ url: process.env.REDIS_URL as string, prefix, blockMs: 200 });
      buses.push(bus);
      return bus;
    };

    beforeAll(async () => {
      if (!available) return;
      pg = await createTestPostgres();
      demo = await startDemoMarketplaces({ seed: `freshness-${mode}`, size: 300 });
      // One catalog in the embedded mode; two processes' worth in the distributed one.
      for (let i = 0; i < (mode === 'memory' ? 1 : 2); i++) {
        catalogs.push(
          await startCatalogHost({
            db: pg.db,
            bus: newBus(),
            clock: new WallClock(),
            // The search cache on, at its default TTL: the answer must not outlive the price.
            env: { ...demo.env, CATALOG_SEARCH_CACHE_TTL_MS: '300000', MARKETPLACE_TIMEOUT_MS: '2000' },
          }),
        );
      }
      pricing = await startPricing({
        db: pg.db,
        clock: new WallClock(),
        bus: newBus(),
        queue: new InlineJobQueue(),
        env: { PRICING_WORKERS: 'on', ...fastPollingEnv(POLL_INTERVAL_MS) },
        drivers: createMarketplaceDrivers(demo.env, {
          rateLimiter: new MemoryRateLimiter(),
          retry: { maxAttempts: 1 },
        }),
      });
      observer = newBus();
      await observer.subscribe(Topics.priceChanged, 'test-freshness-observer', async (e) => {
        changes.push({ change: e.payload as PriceChangedPayload, at: Date.now() });
      });
    }, 2 * HOST_START_TIMEOUT_MS);

    afterAll(async () => {
      await pricing?.close();
      for (const catalog of catalogs) await catalog.close();
      for (const bus of new Set(buses)) await bus.close();
      await demo?.close();
      await pg?.drop();
      if (mode === 'redis' && available) {
        const redis = new Redis(process.env.REDIS_URL as string);
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
    }, 60_000);

    const product = async (catalog: CatalogHost, id: string) =>
      (await catalog.request.get(`/api/v1/products/${encodeURIComponent(id)}`).expect(200)).body as {
        source: string;
        product: CatalogProduct;
      };
    const searched = async (catalog: CatalogHost, q: string, id: string) =>
      (
        (await catalog.request.get('/api/v1/search').query({ q, pageSize: '100' }).expect(200))
          .body as SearchResponse
      ).products.find((p) => p.id === id);

    run(
      `pin, poll: the product answer and the search answer equal the alert's price within ${FRESH_WITHIN_MS} ms (${reason ?? 'postgres'})`,
      async () => {
        const [listing] = quietEbayListings(demo.catalog);
        if (!listing?.itemId) throw new Error('no quiet demo eBay listing');
        const id = listing.itemId;
        const before = demo.catalog.priceAt(listing.key, Date.now());

        // Every instance has the product cached (row, LRU) and the search answer held.
        for (const catalog of catalogs) {
          await product(catalog, id);
          expect(await product(catalog, id)).toMatchObject({ source: 'cache', product: { price: before } });
          expect((await searched(catalog, listing.title, id))?.price).toBe(before);
        }
        const searches = demo.requests.count({ marketplace: 'ebay' });
        expect((await searched(catalogs[0]!, listing.title, id))?.price).toBe(before);
        expect(demo.requests.count({ marketplace: 'ebay' })).toBe(searches);

        // An alert tracks the listing: the pollers poll it every interval.
        await pricing.runtime.bus.publish(
          Topics.trackingChanged,
          trackingEnvelope({
            productId: id,
            marketplace: 'ebay',
            reason: 'alert',
            ownerId: 'alert-freshness',
            tracked: true,
            targetPrice: Math.round(before * 90) / 100,
          }),
        );
        // Pricing holds the listing at `before`, from the catalog's lookups and from a poll of its
        // own, before the pin: then the pin is a change. Pinned earlier, the first poll could see
        // the pin before the lookups reach pricing on a busy machine; it would be the listing's
        // first price and the lookups, older, would change nothing (no price.changed to wait for).
        await eventually(
          async () => {
            const { rows } = await pg.db.query<{ price: string; polled: Date | null }>(
              `SELECT c.price, p.last_success_at AS polled FROM pricing.poll_state p
                 JOIN pricing.current_prices c ON c.product_id = p.product_id AND c.marketplace = p.marketplace
                WHERE p.marketplace = 'ebay'`,
            );
            return rows.length === 1 && Number(rows[0]!.price) === before && rows[0]!.polled !== null;
          },
          { what: 'pricing to hold the price before the pin, looked up and polled', timeoutMs: 20_000 },
        );

        const pinned = Math.round(before * 50) / 100;
        demo.catalog.pin(listing.key, pinned);
        const pinnedAt = Date.now();
        const recorded = await eventually(
          () =>
            changes.find(
              (c) => c.change.productId === listingIdOf('ebay', id) && c.change.newPrice === pinned,
            ),
          { what: 'the poll to record the pinned price', timeoutMs: 20_000 },
        ).catch(async (error: Error) => {
          // What the pollers did meanwhile: the listing's schedule and every eBay call since the pin.
          const state = await pg.db.query(`SELECT * FROM pricing.poll_state`);
          const calls = demo.requests
            .list({ marketplace: 'ebay' })
            .slice(-15)
            .map((r) => `${new Date(r.at).toISOString()} ${r.operation} ${r.status} ${r.path}`);
          const seen = changes.map(
            (c) => `${c.change.productId} ${c.change.oldPrice}→${c.change.newPrice} ${c.change.source}`,
          );
          throw new Error(
            `${error.message}; pinned ${pinned} at ${new Date(pinnedAt).toISOString()}\npoll_state: ${JSON.stringify(state.rows)}\nlast eBay calls:\n${calls.join('\n')}\nprice.changed seen: ${seen.join('; ')}`,
          );
        });
        expect(recorded.change).toMatchObject({
          source: 'poll',
          oldPrice: before,
          dropped: true,
          currency: 'USD',
        });

        // Every view of every instance, checked side by side against one deadline.
        const deadline = recorded.at + FRESH_WITHIN_MS;
        const within = (what: string, check: () => Promise<boolean>) =>
          eventually(check, { what, timeoutMs: Math.max(0, deadline - Date.now()), everyMs: 20 });
        await Promise.all(
          catalogs.flatMap((catalog, i) => [
            within(
              `catalog ${i + 1}'s product answer to show ${pinned}`,
              async () => (await product(catalog, id)).product.price === pinned,
            ),
            within(
              `catalog ${i + 1}'s search answer to show ${pinned}`,
              async () => (await searched(catalog, listing.title, id))?.price === pinned,
            ),
          ]),
        );
        // Served from the refreshed row, not a live call that happened to see the pin.
        expect(await product(catalogs[0]!, id)).toMatchObject({
          source: 'cache',
          product: { price: pinned },
        });
        const { rows } = await pg.db.query<{ price: string; fetched_at: Date }>(
          `SELECT price, fetched_at FROM catalog.products_cache WHERE id = $1`,
          [id],
        );
        expect({
          price: Number(rows[0]?.price),
          fetchedAt: new Date(rows[0]!.fetched_at).toISOString(),
        }).toEqual({
          price: pinned,
          fetchedAt: recorded.change.observedAt,
        });
        demo.catalog.unpin(listing.key);
      },
      90_000,
    );
  },
);
