import { PriceBadgesResponseSchema } from '@pt/contracts';
import { backfillInstants, demoCredentialEnv, DemoCatalog, type DemoProduct } from '@pt/demo-marketplaces';
import { PGliteDatabase, type Database } from '@pt/platform';
import {
  ALWAYS,
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  type TestPostgres,
  FakeClock,
} from '@pt/testing';
import request from 'supertest';
import { demoListingId } from '../../src/services/demo-history-backfill';
import { startPricing, type PricingUnderTest } from './harness';

/**
 * A demo that looks real offline, on result cards: a badges request (one per search answer) counts
 * as seeing the demo listings it names, so they get their simulated year before their badges are
 * computed (ARCHITECTURE §6 "Price verdict and good price badge"; spec §7 price history).
 */
const SEED = 'demo-badges-spec';
const NOW = Date.UTC(2026, 4, 11, 15, 45);
const demoEnv = {
  DEMO_MARKETPLACES: 'ebay,aliexpress',
  DEMO_SEED: SEED,
  ...demoCredentialEnv(),
};
const catalog = new DemoCatalog({ seed: SEED });
const listings = (marketplace: 'ebay' | 'aliexpress') =>
  catalog.byMarketplace(marketplace).filter((p) => !p.variationId);
/** Distinct pages of a search's cards, so each case starts with listings nobody has seen. */
const page = (from: number, size: number): DemoProduct[] => {
  const ebay = listings('ebay').slice(from, from + Math.ceil(size / 2));
  const ali = listings('aliexpress').slice(from, from + Math.floor(size / 2));
  return [...ebay, ...ali];
};
const perListing = backfillInstants(NOW).length;

const card = (p: DemoProduct) => ({
  productId: demoListingId(p),
  marketplace: p.marketplace,
  price: catalog.priceAt(p.key, NOW),
  currency: 'USD',
});

async function badgesFor(app: PricingUnderTest, products: readonly DemoProduct[]) {
  const res = await request(app.express)
    .post('/api/v1/price-badges')
    .send({ listings: products.map(card) })
    .expect(200);
  return PriceBadgesResponseSchema.parse(res.body).badges;
}

async function demoPoints(db: Database, products: readonly DemoProduct[]) {
  const { rows } = await db.query<{ product_id: string; n: string; distinct_at: string }>(
    `SELECT product_id, count(*) AS n, count(DISTINCT observed_at) AS distinct_at
       FROM pricing.global_price_history
      WHERE product_id = ANY($1::text[]) AND source = 'demo' GROUP BY product_id`,
    [products.map(demoListingId)],
  );
  return new Map(rows.map((r) => [r.product_id, { n: Number(r.n), distinct: Number(r.distinct_at) }]));
}

async function claims(db: Database, products: readonly DemoProduct[]): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM pricing.demo_history_backfills WHERE product_id = ANY($1::text[])`,
    [products.map(demoListingId)],
  );
  return Number(rows[0]!.n);
}

async function outboxEvents(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM pricing.outbox WHERE topic IN ('price.changed', 'price.observed')`,
  );
  return Number(rows[0]!.n);
}

describeAdapter('database', 'postgres', postgresAvailability(), () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await createTestPostgres();
  });
  afterAll(async () => pg?.drop());

  describe('in demo mode', () => {
    let app: PricingUnderTest;
    beforeAll(async () => {
      app = await startPricing({ db: pg.db, clock: new FakeClock(NOW), env: demoEnv });
    });
    afterAll(async () => app?.close());

    it('a badges request for unseen demo listings fills each once and answers their badges', async () => {
      const cards = page(0, 24);
      expect(await demoPoints(pg.db, cards)).toEqual(new Map());
      const eventsBefore = await outboxEvents(pg.db);

      const badges = await badgesFor(app, cards);

      expect(badges).toHaveLength(24);
      expect(badges.filter((b) => b === null)).toEqual([]);
      const points = await demoPoints(pg.db, cards);
      expect(points.size).toBe(24);
      expect([...points.values()].filter((p) => p.n !== perListing || p.distinct !== perListing)).toEqual([]);
      expect(await claims(pg.db, cards)).toBe(24);
      // Written straight into the history: no price.changed, so no alert and no email.
      expect(await outboxEvents(pg.db)).toBe(eventsBefore);

      // The same page again (the next search): nothing more is written, the same badges.
      expect(await badgesFor(app, cards)).toEqual(badges);
      expect(await demoPoints(pg.db, cards)).toEqual(points);
    });

    it('fills only the demo listings of a page; a listing that is not the demo catalog’s gets nothing', async () => {
      const cards = page(30, 4);
      const res = await request(app.express)
        .post('/api/v1/price-badges')
        .send({
          listings: [
            ...cards.map(card),
            { productId: 'v1|999000111222|0', marketplace: 'ebay', price: 10, currency: 'USD' },
          ],
        })
        .expect(200);
      const badges = PriceBadgesResponseSchema.parse(res.body).badges;
      expect(badges.slice(0, 4).filter((b) => b === null)).toEqual([]);
      expect(badges[4]).toBeNull();
      const { rows } = await pg.db.query(
        `SELECT 1 FROM pricing.global_price_history WHERE product_id = 'ebay_999000111222'
          UNION ALL SELECT 1 FROM pricing.demo_history_backfills WHERE product_id = 'ebay_999000111222'`,
      );
      expect(rows).toEqual([]);
    });

    it('concurrent requests naming overlapping pages (two replicas) write each listing once', async () => {
      const other = await startPricing({ db: pg.db, clock: new FakeClock(NOW), env: demoEnv });
      try {
        const all = page(60, 32);
        const first = all.slice(0, 24);
        const second = all.slice(8);
        const reversed = [...all].reverse();
        const answers = await Promise.all([
          badgesFor(app, first),
          badgesFor(other, second),
          badgesFor(other, reversed),
          badgesFor(app, all),
        ]);
        for (const badges of answers) expect(badges.filter((b) => b === null)).toEqual([]);
        const points = await demoPoints(pg.db, all);
        expect(points.size).toBe(32);
        expect([...points.values()].filter((p) => p.n !== perListing || p.distinct !== perListing)).toEqual(
          [],
        );
        expect(await claims(pg.db, all)).toBe(32);
      } finally {
        await other.close();
      }
    });
  });

  describe('never outside demo mode: nothing is written and no badge', () => {
    it.each([
      [
        'real eBay credentials',
        { ...demoEnv, EBAY_CLIENT_ID: 'real-id', EBAY_CLIENT_SECRET: 'real-secret' },
        'ebay',
        'development',
        100,
      ],
      [
        'real AliExpress credentials',
        { ...demoEnv, ALIEXPRESS_APP_KEY: '777001', ALIEXPRESS_APP_SECRET: 'real' },
        'aliexpress',
        'development',
        110,
      ],
      ['production', demoEnv, 'ebay', 'production', 120],
      ['the backfill off', { ...demoEnv, DEMO_HISTORY_BACKFILL: 'off' }, 'ebay', 'development', 130],
      ['no demo marketplaces named', { ...demoEnv, DEMO_MARKETPLACES: '' }, 'aliexpress', 'development', 140],
    ] as const)('%s', async (_name, env, marketplace, nodeEnv, from) => {
      const cards = listings(marketplace).slice(from, from + 6);
      const app = await startPricing({ db: pg.db, clock: new FakeClock(NOW), env, nodeEnv });
      try {
        expect(await badgesFor(app, cards)).toEqual(cards.map(() => null));
      } finally {
        await app.close();
      }
      expect(await demoPoints(pg.db, cards)).toEqual(new Map());
      expect(await claims(pg.db, cards)).toBe(0);
    });
  });
});

/**
 * The embedded host's database. A fresh start's first search page (24-48 cards) is filled inside
 * the badges request; its time is printed so the catalog's badge deadline can be set against it.
 */
describeAdapter('database', 'pglite', ALWAYS, () => {
  let db: PGliteDatabase;
  let app: PricingUnderTest;
  beforeAll(async () => {
    db = await PGliteDatabase.open();
    app = await startPricing({ db, clock: new FakeClock(NOW), env: demoEnv });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it.each([24, 48])(
    'fills a page of %i unseen demo listings in one request and answers their badges',
    async (size) => {
      const cards = page(size === 24 ? 200 : 300, size);
      const started = performance.now();
      const badges = await badgesFor(app, cards);
      const ms = Math.round(performance.now() - started);
      process.stdout.write(`PGlite: badges request filling ${size} demo listings took ${ms} ms\n`);
      expect(badges.filter((b) => b === null)).toEqual([]);
      const points = await demoPoints(db, cards);
      expect([...points.values()].filter((p) => p.n !== perListing)).toEqual([]);
      expect(points.size).toBe(size);
    },
  );
});
