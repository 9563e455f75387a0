import { PricingStatusResponseSchema, RecentGlobalPricesSchema } from '@pt/contracts';
import { identityHeaders } from '@pt/platform';
import request from 'supertest';
import {
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  type TestPostgres,
  FakeClock,
} from '@pt/testing';
import { PriceHistoryController } from '../../src/controllers/price-history.controller';
import { checkObservation } from '../../src/services/observation';
import { RecorderService } from '../../src/services/recorder.service';
import { PRICING_METRICS_TOKEN, observedEnvelope, startPricing, type PricingUnderTest } from './harness';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2025, 5, 30, 12);
const daysAgo = (d: number) => new Date(NOW - d * DAY).toISOString();

describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describe(PriceHistoryController.name, () => {
    let pg: TestPostgres;
    let app: PricingUnderTest;

    async function record(
      productId: string,
      points: Array<[daysAgo: number, price: number, userId?: string]>,
    ) {
      const recorder = app.get(RecorderService);
      for (const [d, price, userId] of points) {
        const check = checkObservation(
          observedEnvelope({ productId, price, observedAt: daysAgo(d), ...(userId ? { userId } : {}) }),
        );
        if (!check.ok) throw new Error(check.message);
        await recorder.record([check.observation]);
      }
    }

    beforeAll(async () => {
      pg = await createTestPostgres();
      app = await startPricing({ db: pg.db, clock: new FakeClock(NOW) });
      // Falling over the month, now at its 90-day low.
      await record('111111111111', [
        [80, 120],
        [40, 110],
        [20, 105],
        [10, 100],
        [1, 90],
      ]);
      // Cheap two months ago, now more than 5% above its 30-day average.
      await record('222222222222', [
        [60, 50],
        [25, 80],
        [12, 140],
        [6, 130],
        [2, 125],
      ]);
      // Two global points and a signed-in user's own lookup.
      await record('333333333333', [
        [5, 40],
        [3, 38],
        [2, 39, 'user-a'],
      ]);
      // More than a year of history, in USD.
      await record('555555555555', [
        [500, 12],
        [400, 11],
        [100, 10.53],
        [20, 10],
        [5, 10.53],
      ]);
      // Two views two minutes apart.
      await record('666666666666', [
        [2 / (24 * 60), 10],
        [0, 9],
      ]);
    });
    afterAll(async () => {
      await app?.close();
      await pg?.drop();
    });

    it('returns the last 30 days by default with points, statistics and a buy verdict at the 90-day low', async () => {
      const res = await request(app.express)
        .get('/api/v1/products/v1%7C111111111111%7C0/price-history?marketplace=ebay')
        .expect(200);
      expect(res.body).toEqual(
        expect.objectContaining({
          productId: '111111111111',
          marketplace: 'ebay',
          currency: 'USD',
          days: 30,
        }),
      );
      expect(res.body.points).toEqual([
        { date: daysAgo(20), price: 105, listingPrice: 105, formattedPrice: '$105.00', source: 'global' },
        { date: daysAgo(10), price: 100, listingPrice: 100, formattedPrice: '$100.00', source: 'global' },
        { date: daysAgo(1), price: 90, listingPrice: 90, formattedPrice: '$90.00', source: 'global' },
      ]);
      expect(res.body).toEqual(expect.objectContaining({ listingCurrency: 'USD', rate: 1 }));
      expect(res.body.statistics).toEqual({
        count: 3,
        min: 90,
        max: 105,
        average: 98.33,
        current: 90,
        // §9: max(current − min, 15% of (current − average), 5% of current) = 4.5
        potentialSavings: 4.5,
        trend: 'falling',
        lowest90Days: 90,
        average30Days: 98.33,
        available: true,
        lowest: { price: 90, date: daysAgo(1) },
        highest: { price: 105, date: daysAgo(20) },
        // The whole history, not only the window.
        firstAt: daysAgo(80),
        lastAt: daysAgo(1),
      });
      expect(res.body.verdict).toEqual({ action: 'buy', reason: 'At the 90-day low of $90.00.' });
    });

    it('widens the window with days and tells to wait when clearly above the 30-day average', async () => {
      const res = await request(app.express)
        .get('/api/v1/products/222222222222/price-history?marketplace=ebay&days=90')
        .expect(200);
      expect(res.body.points).toHaveLength(5);
      expect(res.body.statistics).toEqual(
        expect.objectContaining({ min: 50, max: 140, current: 125, average30Days: 118.75 }),
      );
      expect(res.body.verdict.action).toBe('wait');
      expect(res.body.verdict.reason).toMatch(/above the 30-day average of \$118\.75/i);
    });

    it("adds the caller's personal points when signed in, and only then", async () => {
      const anonymous = await request(app.express)
        .get('/api/v1/products/333333333333/price-history?marketplace=ebay')
        .expect(200);
      expect(anonymous.body.points.map((p: { source: string }) => p.source)).toEqual([
        'global',
        'global',
        'global',
      ]);
      const signedIn = await request(app.express)
        .get('/api/v1/products/333333333333/price-history?marketplace=ebay')
        .set(identityHeaders({ id: 'user-a', role: 'user' }))
        .expect(200);
      // The user's lookup is both a global and a personal row: shown once, as theirs.
      expect(signedIn.body.points.map((p: { source: string; price: number }) => [p.source, p.price])).toEqual(
        [
          ['global', 40],
          ['global', 38],
          ['personal', 39],
        ],
      );
      const other = await request(app.express)
        .get('/api/v1/products/333333333333/price-history?marketplace=ebay')
        .set(identityHeaders({ id: 'user-b', role: 'user' }))
        .expect(200);
      expect(other.body.points.map((p: { source: string }) => p.source)).toEqual([
        'global',
        'global',
        'global',
      ]);
    });

    it("shows a variation's own history and counts a repeated view once", async () => {
      await record('v1|444444444444|11', [
        [3, 20],
        [2, 20, 'user-a'],
        [2, 20, 'user-a'],
        [2, 20, 'user-a'],
        [1.9, 20, 'user-a'],
      ]);
      await record('v1|444444444444|22', [[3, 30]]);
      const res = await request(app.express)
        .get('/api/v1/products/v1%7C444444444444%7C11/price-history?marketplace=ebay')
        .set(identityHeaders({ id: 'user-a', role: 'user' }))
        .expect(200);
      expect(res.body.productId).toBe('v1|444444444444|11');
      expect(res.body.points.map((p: { source: string; price: number }) => [p.source, p.price])).toEqual([
        ['global', 20],
        ['personal', 20],
      ]);
      expect(res.body.statistics).toEqual(expect.objectContaining({ count: 2, min: 20, max: 20 }));
    });

    it('finds the marketplace from the recorded listings when the query does not name it', async () => {
      const res = await request(app.express).get('/api/v1/products/111111111111/price-history').expect(200);
      expect(res.body.marketplace).toBe('ebay');
      expect(res.body.points).toHaveLength(3);
    });

    it('answers an unknown product with an empty history and an unknown verdict', async () => {
      const res = await request(app.express)
        .get('/api/v1/products/aliexpress_1005009999999999/price-history')
        .expect(200);
      expect(res.body).toEqual(
        expect.objectContaining({
          marketplace: 'aliexpress',
          productId: '1005009999999999',
          points: [],
          listingCurrency: null,
          currency: 'USD',
          rate: 1,
        }),
      );
      expect(res.body.verdict.action).toBe('unknown');
    });

    it.each([
      ['days=0', 'days'],
      ['days=3651', 'days'],
      ['days=al', 'days'],
      ['currency=XYZ', 'currency'],
      ['currency=', 'currency'],
      ['days=1.5', 'days'],
      ['days=abc', 'days'],
      ['marketplace=etsy', 'marketplace'],
    ])('answers 400 with the error body for %s', async (query, field) => {
      const res = await request(app.express)
        .get(`/api/v1/products/111111111111/price-history?${query}`)
        .expect(400);
      expect(res.body.error).toEqual(
        expect.objectContaining({ code: 'validation_failed', details: [expect.objectContaining({ field })] }),
      );
    });

    it('answers a history request for an unknown currency with 400 and the error body', async () => {
      const res = await request(app.express)
        .get('/api/v1/products/111111111111/price-history?marketplace=ebay&currency=XYZ')
        .expect(400);
      expect(res.body).toEqual({
        error: expect.objectContaining({
          code: 'validation_failed',
          message: expect.any(String),
          details: [
            expect.objectContaining({
              field: 'currency',
              message: expect.stringMatching(/^currency must be one of USD, EUR, GBP/),
            }),
          ],
        }),
      });
    });

    // ARCHITECTURE §6: stored in the listing's currency, converted at read time with the §9
    // fallback rates (the ones the web app displays with), both currencies named.
    it.each([
      ['EUR', 0.92, [9.69, 9.2, 9.69], '€9.69'],
      ['JPY', 149.5, [1574.24, 1495, 1574.24], 'JPY 1,574.24'],
    ])(
      'converts every point to ?currency=%s with the rate, naming both currencies',
      async (currency, rate, prices, formatted) => {
        const res = await request(app.express)
          .get(`/api/v1/products/555555555555/price-history?marketplace=ebay&days=120&currency=${currency}`)
          .expect(200);
        expect(res.body).toEqual(
          expect.objectContaining({ listingCurrency: 'USD', currency, rate: expect.closeTo(rate, 10) }),
        );
        expect(res.body.points.map((p: { price: number }) => p.price)).toEqual(prices);
        expect(res.body.points.map((p: { listingPrice: number }) => p.listingPrice)).toEqual([
          10.53, 10, 10.53,
        ]);
        expect(res.body.points[0].formattedPrice).toBe(formatted);
        expect(res.body.statistics).toEqual(
          expect.objectContaining({
            current: prices[2],
            min: prices[1],
            max: prices[0],
            lowest: { price: prices[1], date: daysAgo(20) },
            highest: { price: prices[2], date: daysAgo(5) },
            firstAt: daysAgo(500),
            lastAt: daysAgo(5),
          }),
        );
        // The one potential-savings figure, §9 rule over the converted history: current − min.
        expect(res.body.statistics.potentialSavings).toBeCloseTo(prices[2] - prices[1], 2);
        expect(res.body.verdict.reason).not.toContain('$');
      },
    );

    it('serves the whole history for days=all, and only the window for days=365', async () => {
      const all = await request(app.express)
        .get('/api/v1/products/555555555555/price-history?marketplace=ebay&days=all')
        .expect(200);
      expect(all.body.days).toBe('all');
      expect(all.body.points.map((p: { date: string; price: number }) => [p.date, p.price])).toEqual([
        [daysAgo(500), 12],
        [daysAgo(400), 11],
        [daysAgo(100), 10.53],
        [daysAgo(20), 10],
        [daysAgo(5), 10.53],
      ]);
      expect(all.body.statistics).toEqual(
        expect.objectContaining({ count: 5, highest: { price: 12, date: daysAgo(500) } }),
      );
      const year = await request(app.express)
        .get('/api/v1/products/555555555555/price-history?marketplace=ebay&days=365')
        .expect(200);
      expect(year.body.points).toHaveLength(3);
      const longest = await request(app.express)
        .get('/api/v1/products/555555555555/price-history?marketplace=ebay&days=3650')
        .expect(200);
      expect(longest.body.points).toHaveLength(5);
    });

    it('says nothing about buying after two views two minutes apart (ARCHITECTURE §6)', async () => {
      const res = await request(app.express)
        .get('/api/v1/products/666666666666/price-history?marketplace=ebay')
        .expect(200);
      expect(res.body.points).toHaveLength(2);
      expect(res.body.verdict.action).toBe('unknown');
      expect(res.body.verdict.reason).toMatch(/not enough price history/i);
    });

    it('rewrites nothing stored when read, whatever the currency asked', async () => {
      const stored = async () =>
        (
          await pg.db.query<{ digest: string }>(
            `SELECT md5(coalesce(string_agg(t, '|' ORDER BY t), '')) AS digest FROM (
               SELECT row_to_json(g)::text AS t FROM pricing.global_price_history g
               UNION ALL SELECT row_to_json(h)::text FROM pricing.price_history h
               UNION ALL SELECT row_to_json(c)::text FROM pricing.current_prices c) x`,
          )
        ).rows[0].digest;
      const before = await stored();
      for (const query of ['currency=EUR', 'currency=JPY&days=all', 'days=7', 'currency=USD']) {
        await request(app.express)
          .get(`/api/v1/products/555555555555/price-history?marketplace=ebay&${query}`)
          .set(identityHeaders({ id: 'user-a', role: 'user' }))
          .expect(200);
      }
      expect(await stored()).toBe(before);
    });

    it('accepts days=365 and rejects an id over 512 characters', async () => {
      await request(app.express).get('/api/v1/products/111111111111/price-history?days=365').expect(200);
      const res = await request(app.express)
        .get(`/api/v1/products/${'9'.repeat(513)}/price-history`)
        .expect(400);
      expect(res.body.error.code).toBe('invalid_product_id');
    });

    it.each([
      'a%00b',
      'v1%7C123%7C0',
      'aliexpress_12ab',
      // A variation is 1-20 digits.
      'v1%7C285112233445%7C12x',
      `v1%7C285112233445%7C${'1'.repeat(21)}`,
    ])('answers 400, never 500, for the malformed id %s', async (id) => {
      const res = await request(app.express).get(`/api/v1/products/${id}/price-history`).expect(400);
      expect(res.body.error.code).toBe('invalid_product_id');
    });
  });

  describe('GET /api/v1/admin/pricing/status', () => {
    let pg: TestPostgres;
    let app: PricingUnderTest;

    beforeAll(async () => {
      pg = await createTestPostgres();
      app = await startPricing({ db: pg.db, clock: new FakeClock(NOW) });
    });
    afterAll(async () => {
      await app?.close();
      await pg?.drop();
    });

    it('answers 401 without a user and 403 for a non-admin, with the error body', async () => {
      const anonymous = await request(app.express).get('/api/v1/admin/pricing/status').expect(401);
      expect(anonymous.body.error.code).toBe('unauthorized');
      const user = await request(app.express)
        .get('/api/v1/admin/pricing/status')
        .set(identityHeaders({ id: 'u1', role: 'user' }))
        .expect(403);
      expect(user.body.error.code).toBe('forbidden');
    });

    it('gives an admin the queue, quota, listing and recorder figures, in the shape of its contract', async () => {
      const res = await request(app.express)
        .get('/api/v1/admin/pricing/status')
        .set(identityHeaders({ id: 'admin-1', role: 'admin' }))
        .expect(200);
      // The admin screen reads this answer through the same schema.
      expect(PricingStatusResponseSchema.safeParse(res.body).error).toBeUndefined();
      expect(res.body).toEqual(
        expect.objectContaining({
          workers: 'separate',
          scheduler: expect.objectContaining({ waiting: expect.any(Number) }),
          marketplaces: {
            ebay: expect.objectContaining({
              // The poll pace defaults to the pollers' 30% of EBAY_CALLS_PER_DAY; no credentials, no budget.
              apiCalls: { today: 0, quotaPerDay: 1500, budget: null },
              queue: expect.any(Object),
              listings: expect.objectContaining({ tracked: 0 }),
            }),
            aliexpress: expect.objectContaining({
              apiCalls: { today: 0, quotaPerDay: 30_000, budget: null },
            }),
          },
          process: expect.objectContaining({
            observations: expect.any(Object),
            priceChanges: expect.any(Number),
            drops: expect.any(Number),
          }),
        }),
      );
    });

    it('exposes the pricing metrics on /metrics', async () => {
      await request(app.express).get('/metrics').expect(401);
      const res = await request(app.express)
        .get('/metrics')
        .set('authorization', `Bearer ${PRICING_METRICS_TOKEN}`)
        .expect(200);
      expect(res.text).toContain('pricing_queue_depth');
      expect(res.text).toContain('pricing_api_calls_today{marketplace="ebay",kind="quota"} 1500');
    });
  });

  describe('GET /api/v1/admin/pricing/products/:id/recent-prices (spec §7 debug read)', () => {
    let pg: TestPostgres;
    let app: PricingUnderTest;
    const path = (id: string) => `/api/v1/admin/pricing/products/${encodeURIComponent(id)}/recent-prices`;
    const asAdmin = identityHeaders({ id: 'admin-1', role: 'admin' });

    beforeAll(async () => {
      pg = await createTestPostgres();
      app = await startPricing({ db: pg.db, clock: new FakeClock(NOW) });
      const recorder = app.get(RecorderService);
      // Seven changing prices a day apart (each one stored: the 6-hour rule skips only repeats).
      for (const [d, price] of [7, 6, 5, 4, 3, 2, 1].map((d) => [d, 100 - d] as const)) {
        const check = checkObservation(
          observedEnvelope({ productId: '777777777777', price, observedAt: daysAgo(d) }),
        );
        if (!check.ok) throw new Error(check.message);
        await recorder.record([check.observation]);
      }
    });
    afterAll(async () => {
      await app?.close();
      await pg?.drop();
    });

    it('answers 401 without a user and 403 for a non-admin, with the error body', async () => {
      const anonymous = await request(app.express).get(path('v1|777777777777|0')).expect(401);
      expect(anonymous.body.error).toEqual(
        expect.objectContaining({ code: 'unauthorized', message: expect.any(String) }),
      );
      const user = await request(app.express)
        .get(path('v1|777777777777|0'))
        .set(identityHeaders({ id: 'u1', role: 'user' }))
        .expect(403);
      expect(user.body.error).toEqual(
        expect.objectContaining({ code: 'forbidden', message: expect.any(String) }),
      );
    });

    it('gives an admin the last 5 global snapshots (marketplace, price, timestamp), newest first', async () => {
      const res = await request(app.express).get(path('v1|777777777777|0')).set(asAdmin).expect(200);
      expect(RecentGlobalPricesSchema.parse(res.body)).toEqual({
        productId: 'v1|777777777777|0',
        rows: [1, 2, 3, 4, 5].map((d) => ({
          productId: '777777777777',
          marketplace: 'ebay',
          price: 100 - d,
          currency: 'USD',
          timestamp: daysAgo(d),
          source: 'lookup',
        })),
      });
    });

    it('answers an empty list for a product never recorded, and 400 for a malformed id', async () => {
      const none = await request(app.express).get(path('v1|888888888888|0')).set(asAdmin).expect(200);
      expect(none.body).toEqual({ productId: 'v1|888888888888|0', rows: [] });
      const bad = await request(app.express).get(path('v1|12|0')).set(asAdmin).expect(400);
      expect(bad.body.error.code).toBe('invalid_product_id');
      const badMarketplace = await request(app.express)
        .get(`${path('v1|777777777777|0')}?marketplace=nowhere`)
        .set(asAdmin)
        .expect(400);
      expect(badMarketplace.body.error).toEqual(expect.objectContaining({ message: expect.any(String) }));
    });
  });
});
