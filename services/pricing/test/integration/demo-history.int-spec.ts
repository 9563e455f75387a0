import { backfillInstants, demoCredentialEnv, DemoCatalog } from '@pt/demo-marketplaces';
import { createLogger } from '@pt/platform';
import request from 'supertest';
import {
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  type TestPostgres,
  FakeClock,
} from '@pt/testing';
import { PriceObservedConsumer } from '../../src/consumers/price-observed.consumer';
import { DemoHistoryRepository } from '../../src/repositories/demo-history.repository';
import {
  DemoHistoryBackfill,
  demoListingId,
  type DemoHistoryConfig,
} from '../../src/services/demo-history-backfill';
import { migrate, observedEnvelope, startPricing, type PricingUnderTest } from './harness';

/**
 * A demo that looks real offline: a demo listing's simulated past (spec §7 price history, shown as
 * demo data). Real Postgres; the consumer path a catalog lookup takes (price.observed).
 */
const SEED = 'demo-history-spec';
const NOW = Date.UTC(2026, 3, 20, 9, 30);
const DAY = 24 * 60 * 60 * 1000;
const demoEnv = {
  DEMO_MARKETPLACES: 'ebay,aliexpress',
  DEMO_SEED: SEED,
  ...demoCredentialEnv(),
};
const catalog = new DemoCatalog({ seed: SEED });
const ebayProduct = catalog.byMarketplace('ebay').find((p) => !p.variationId)!;
const aliProduct = catalog.byMarketplace('aliexpress')[0]!;

describeAdapter('database', 'postgres', postgresAvailability(), () => {
  let pg: TestPostgres;

  beforeAll(async () => {
    pg = await createTestPostgres();
    await migrate(pg.db);
  });
  afterAll(async () => pg?.drop());

  async function rows(productId: string) {
    const { rows: found } = await pg.db.query<{ observed_at: Date; price: string; source: string }>(
      `SELECT observed_at, price, source FROM pricing.global_price_history
        WHERE product_id = $1 ORDER BY observed_at, id`,
      [productId],
    );
    return found.map((r) => ({
      at: new Date(r.observed_at).getTime(),
      price: Number(r.price),
      source: r.source,
    }));
  }

  async function priceChangedEvents(productId: string): Promise<number> {
    const { rows: found } = await pg.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM pricing.outbox WHERE topic = 'price.changed' AND envelope->'payload'->>'productId' = $1`,
      [productId],
    );
    return Number(found[0]!.n);
  }

  async function observe(
    app: PricingUnderTest,
    productId: string,
    marketplace: 'ebay' | 'aliexpress',
    at: number,
    price: number,
  ) {
    await app
      .get(PriceObservedConsumer)
      .handle(observedEnvelope({ productId, marketplace, price, observedAt: new Date(at).toISOString() }));
  }

  describe('in demo mode (the demo marketplaces stand in for both, with their own credentials)', () => {
    let app: PricingUnderTest;
    beforeAll(async () => {
      app = await startPricing({ db: pg.db, clock: new FakeClock(NOW), env: demoEnv });
    });
    afterAll(async () => app?.close());

    it('writes a listing’s year before its first observation from the demo price function, marked demo, no price.changed', async () => {
      const id = demoListingId(ebayProduct);
      const live = catalog.priceAt(ebayProduct.key, NOW);
      await observe(app, id, 'ebay', NOW, live);

      const history = await rows(id);
      const demo = history.filter((r) => r.source === 'demo');
      const expected = backfillInstants(NOW);
      expect(demo.map((r) => r.at)).toEqual(expected);
      expect(demo.map((r) => r.price)).toEqual(
        expected.map((t) => catalog.simulatedPriceAt(ebayProduct.key, t)),
      );
      // Daily for the year, every 6 hours for the last 30 days: ~458 points, all before the live one.
      expect(demo.length).toBeGreaterThan(450);
      expect(demo.length).toBeLessThan(460);
      expect(demo[0]!.at).toBeGreaterThan(NOW - 365 * DAY);
      expect(history.at(-1)).toEqual({ at: NOW, price: live, source: 'lookup' });
      expect(await priceChangedEvents(id)).toBe(0);
    });

    it('answers the history with source demo and a year of statistics and a verdict', async () => {
      const id = demoListingId(ebayProduct);
      const response = await request(app.express)
        .get(`/api/v1/products/${encodeURIComponent(id)}/price-history?marketplace=ebay&days=365`)
        .expect(200);
      const body = response.body as {
        points: Array<{ source: string }>;
        statistics: { count: number; firstAt: string; lowest90Days: number | null };
        verdict: { action: string };
      };
      expect(body.points.filter((p) => p.source === 'demo').length).toBeGreaterThan(450);
      expect(body.points.at(-1)!.source).toBe('global');
      expect(body.statistics.count).toBeGreaterThan(450);
      expect(new Date(body.statistics.firstAt).getTime()).toBeLessThan(NOW - 360 * DAY);
      expect(body.statistics.lowest90Days).not.toBeNull();
      expect(body.verdict.action).not.toBe('unknown');
    });

    it('is idempotent: later observations and a second start add no demo point', async () => {
      const id = demoListingId(ebayProduct);
      const before = (await rows(id)).filter((r) => r.source === 'demo').length;
      await observe(
        app,
        id,
        'ebay',
        NOW + 7 * 60 * 60 * 1000,
        catalog.priceAt(ebayProduct.key, NOW + 7 * 60 * 60 * 1000),
      );
      const again = await startPricing({ db: pg.db, clock: new FakeClock(NOW + DAY), env: demoEnv });
      try {
        await again.get(DemoHistoryBackfill).idle();
        expect(await again.get(DemoHistoryBackfill).sweepOnce()).toMatchObject({ listings: 0, points: 0 });
      } finally {
        await again.close();
      }
      expect((await rows(id)).filter((r) => r.source === 'demo').length).toBe(before);
    });

    it('backfills at start a demo listing seen before but never backfilled, only before its first snapshot', async () => {
      // A listing recorded by a pricing without the backfill (an older data directory).
      const plain = await startPricing({ db: pg.db, clock: new FakeClock(NOW), env: {} });
      const id = aliProduct.key;
      const firstSeen = NOW - 3 * DAY;
      try {
        await observe(plain, id, 'aliexpress', firstSeen, catalog.priceAt(id, firstSeen));
      } finally {
        await plain.close();
      }
      expect((await rows(id)).map((r) => r.source)).toEqual(['lookup']);

      const restarted = await startPricing({ db: pg.db, clock: new FakeClock(NOW), env: demoEnv });
      try {
        await restarted.get(DemoHistoryBackfill).idle();
      } finally {
        await restarted.close();
      }
      const history = await rows(id);
      expect(history.filter((r) => r.source === 'demo').map((r) => r.at)).toEqual(
        backfillInstants(firstSeen),
      );
      expect(history.at(-1)).toMatchObject({ at: firstSeen, source: 'lookup' });
      expect(await priceChangedEvents(id)).toBe(0);
    });
  });

  describe('a backfill cut short (a restart in the middle) completes without duplicates', () => {
    const config: DemoHistoryConfig = {
      seed: 'demo-history-all',
      marketplaces: ['ebay', 'aliexpress'],
      mode: 'all',
      catalogSize: 24,
    };
    const small = new DemoCatalog({ seed: config.seed, size: 24 });
    const silent = createLogger({ service: 'demo-history-spec', level: 'silent' });

    it('resumes where it stopped; two running at once write each listing once', async () => {
      const clock = new FakeClock(NOW);
      const repository = new DemoHistoryRepository(pg.db);
      // The first run "crashes" after 7 listings (its 8th transaction fails and rolls back).
      let calls = 0;
      const crashing = Object.create(repository) as DemoHistoryRepository;
      crashing.backfill = async (key, options) => {
        if (++calls === 8) throw new Error('killed');
        return repository.backfill(key, options);
      };
      await expect(new DemoHistoryBackfill(config, clock, crashing, silent).sweepOnce()).rejects.toThrow(
        'killed',
      );

      const [a, b] = await Promise.all([
        new DemoHistoryBackfill(config, clock, repository, silent).sweepOnce(),
        new DemoHistoryBackfill(config, clock, repository, silent).sweepOnce(),
      ]);
      expect(a.listings + b.listings).toBe(24 - 7);

      const ids = small.products.map((p) => demoListingId(p));
      const { rows: counts } = await pg.db.query<{ product_id: string; n: string; distinct_at: string }>(
        `SELECT product_id, count(*) AS n, count(DISTINCT observed_at) AS distinct_at FROM pricing.global_price_history
          WHERE product_id = ANY($1::text[]) AND source = 'demo' GROUP BY product_id`,
        [ids],
      );
      const perListing = backfillInstants(NOW).length;
      expect(counts).toHaveLength(24);
      expect(
        counts.filter((c) => Number(c.n) !== perListing || Number(c.distinct_at) !== perListing),
      ).toEqual([]);
    });
  });

  describe('never outside demo mode', () => {
    it.each([
      [
        'real eBay credentials configured',
        { ...demoEnv, EBAY_CLIENT_ID: 'real-client-id', EBAY_CLIENT_SECRET: 'real-client-secret' },
        'ebay' as const,
        { enabled: true, index: 5 },
      ],
      [
        'real AliExpress credentials configured',
        { ...demoEnv, ALIEXPRESS_APP_KEY: '777001', ALIEXPRESS_APP_SECRET: 'real-secret' },
        'aliexpress' as const,
        { enabled: true, index: 6 },
      ],
      [
        'real credentials for both',
        {
          ...demoEnv,
          EBAY_CLIENT_ID: 'real-client-id',
          EBAY_CLIENT_SECRET: 'real-client-secret',
          ALIEXPRESS_APP_KEY: '777001',
          ALIEXPRESS_APP_SECRET: 'real-secret',
        },
        'ebay' as const,
        { enabled: false, index: 7 },
      ],
      [
        'demo mode off (no demo marketplaces named)',
        { ...demoEnv, DEMO_MARKETPLACES: '' },
        'ebay' as const,
        { enabled: false, index: 8 },
      ],
      [
        'the backfill switched off',
        { ...demoEnv, DEMO_HISTORY_BACKFILL: 'off' },
        'ebay' as const,
        { enabled: false, index: 9 },
      ],
    ])(
      '%s: the observation is recorded, nothing is backfilled',
      async (_name, env, marketplace, { enabled, index }) => {
        const product = catalog.byMarketplace(marketplace).filter((p) => !p.variationId)[index]!;
        const id = demoListingId(product);
        const app = await startPricing({ db: pg.db, clock: new FakeClock(NOW), env });
        try {
          // Demo mode for the other marketplace may stay on; never for one with real credentials.
          expect(app.get(DemoHistoryBackfill).enabled).toBe(enabled);
          await observe(app, id, marketplace, NOW, catalog.priceAt(product.key, NOW));
          await app.get(DemoHistoryBackfill).idle();
        } finally {
          await app.close();
        }
        expect((await rows(id)).map((r) => r.source)).toEqual(['lookup']);
        const { rows: marks } = await pg.db.query(
          `SELECT 1 FROM pricing.demo_history_backfills WHERE product_id = $1`,
          [id],
        );
        expect(marks).toEqual([]);
      },
    );
  });
});
