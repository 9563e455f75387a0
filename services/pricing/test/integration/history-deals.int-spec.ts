import { HistoryDealsResponseSchema, PriceBadgesResponseSchema } from '@pt/contracts';
import { PGliteDatabase, type Database } from '@pt/platform';
import { ALWAYS, createTestPostgres, describeAdapter, postgresAvailability, FakeClock } from '@pt/testing';
import request from 'supertest';
import { startPricing, type PricingUnderTest } from './harness';

const NOW = Date.UTC(2026, 9, 30, 12);

/**
 * A listing's daily history in one statement (as the demo backfill writes a year at once): `days`
 * daily snapshots at `usual` ending yesterday, then one at `now` today (hours ago).
 */
async function history(
  db: Database,
  id: string,
  o: { usual: number; now: number; days: number; hoursAgo?: number; currency?: string; marketplace?: string },
): Promise<void> {
  await db.query(
    `INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
     SELECT $1, $2, $3::numeric, $4, $5::timestamptz - make_interval(days => d), 'poll'
       FROM generate_series(1, $6::int) AS d
     UNION ALL SELECT $1, $2, $7::numeric, $4, $5::timestamptz - make_interval(hours => $8::int), 'poll'`,
    [
      id,
      o.marketplace ?? 'ebay',
      o.usual,
      o.currency ?? 'USD',
      new Date(NOW).toISOString(),
      o.days,
      o.now,
      o.hoursAgo ?? 3,
    ],
  );
}

interface StatsRow {
  product_id: string;
  price: number;
  median: number;
  points: number;
  highest_ever: number;
}
const SELECT_STATS = `product_id, price::float8 AS price, median::float8 AS median, points, highest_ever::float8 AS highest_ever`;
/** What the triggers stored. */
const stored = async (db: Database) =>
  (await db.query<StatsRow>(`SELECT ${SELECT_STATS} FROM pricing.listing_deal_stats ORDER BY product_id`))
    .rows;
/** The same figures computed from the snapshots, to compare the stored ones with. */
const recomputed = async (db: Database) =>
  (
    await db.query<StatsRow>(
      `WITH latest AS (
         SELECT DISTINCT ON (product_id) product_id, price, observed_at FROM pricing.global_price_history
          ORDER BY product_id, observed_at DESC, id DESC)
       SELECT ${SELECT_STATS} FROM (
         SELECT l.product_id, l.price,
                (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY g.price) FROM pricing.global_price_history g
                  WHERE g.product_id = l.product_id AND g.observed_at > l.observed_at - interval '90 days')::numeric(12, 2) AS median,
                (SELECT count(*)::int FROM pricing.global_price_history g
                  WHERE g.product_id = l.product_id AND g.observed_at > l.observed_at - interval '90 days') AS points,
                (SELECT max(g.price) FROM pricing.global_price_history g WHERE g.product_id = l.product_id) AS highest_ever
           FROM latest l) x ORDER BY product_id`,
    )
  ).rows;

/**
 * Deals from the listing's own history: listings below their trailing 90-day median now, from
 * statistics the triggers of migration 008 keep for every writer of snapshots.
 */
function historyDealsContract(open: () => Promise<{ db: Database; close(): Promise<void> }>) {
  let db: Database;
  let close: () => Promise<void>;
  let app: PricingUnderTest;

  const deals = async (query = '') => {
    const res = await request(app.express).get(`/api/v1/price-deals${query}`).expect(200);
    return HistoryDealsResponseSchema.parse(res.body).deals;
  };

  beforeAll(async () => {
    ({ db, close } = await open());
    app = await startPricing({ db, clock: new FakeClock(NOW) });
    await history(db, '400000000001', { usual: 100, now: 70, days: 120 }); // 30% below
    await history(db, '400000000002', { usual: 100, now: 90, days: 60 }); // 10% below
    await history(db, '400000000003', { usual: 100, now: 100, days: 60 }); // at its median
    await history(db, '400000000004', { usual: 100, now: 50, days: 3 }); // too short a history
    await history(db, '400000000005', { usual: 100, now: 50, days: 60, hoursAgo: 24 * 3 }); // stale
    await history(db, '400000000006', { usual: 80, now: 60, days: 60, currency: 'EUR' }); // 25%, EUR
    await history(db, '1005000000000007', { usual: 20, now: 16, days: 60, marketplace: 'aliexpress' }); // 20%
  });
  afterAll(async () => {
    await app.close();
    await close();
  });

  it('stores what the snapshots give, for a bulk insert, a later snapshot, an update and a delete', async () => {
    expect(await stored(db)).toEqual(await recomputed(db));
    // 120 days at 100 then 70: the window is the 90 days ending at the latest snapshot (90 + 1 points).
    expect((await stored(db)).find((r) => r.product_id === '400000000001')).toMatchObject({
      price: 70,
      median: 100,
      points: 91,
      highest_ever: 100,
    });
    await db.query(
      `INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
       VALUES ('400000000003', 'ebay', 150, 'USD', $1::timestamptz - interval '40 days', 'lookup')`,
      [new Date(NOW).toISOString()],
    );
    await db.query(
      `UPDATE pricing.global_price_history SET price = 60
        WHERE product_id = '400000000002' AND observed_at > $1::timestamptz - interval '1 hour' * 4`,
      [new Date(NOW).toISOString()],
    );
    await db.query(
      `DELETE FROM pricing.global_price_history
        WHERE product_id = '400000000004' AND observed_at > $1::timestamptz - interval '1 day'`,
      [new Date(NOW).toISOString()],
    );
    expect(await stored(db)).toEqual(await recomputed(db));
    expect((await stored(db)).find((r) => r.product_id === '400000000003')?.highest_ever).toBe(150);
    await db.query(
      `UPDATE pricing.global_price_history SET price = 90
        WHERE product_id = '400000000002' AND observed_at > $1::timestamptz - interval '1 hour' * 4`,
      [new Date(NOW).toISOString()],
    );
    await db.query(`DELETE FROM pricing.global_price_history WHERE product_id = '400000000004'`);
    expect((await stored(db)).map((r) => r.product_id)).not.toContain('400000000004');
    expect(await stored(db)).toEqual(await recomputed(db));
  });

  it('ranks fresh listings below their own median by the share, with enough history only', async () => {
    const all = await deals();
    expect(all.map((d) => [d.productId, d.dropPercent])).toEqual([
      ['400000000001', 30],
      ['400000000006', 25],
      ['1005000000000007', 20],
      ['400000000002', 10],
    ]);
    expect(all[0]).toMatchObject({
      marketplace: 'ebay',
      currency: 'USD',
      price: 70,
      median: 100,
      points: 91,
    });
  });

  it('filters by marketplace, currency and minimum drop, and limits', async () => {
    expect((await deals('?marketplace=aliexpress')).map((d) => d.productId)).toEqual(['1005000000000007']);
    expect((await deals('?currency=EUR')).map((d) => d.productId)).toEqual(['400000000006']);
    expect((await deals('?minDrop=21')).map((d) => d.productId)).toEqual(['400000000001', '400000000006']);
    expect((await deals('?minDrop=30')).map((d) => d.productId)).toEqual(['400000000001']);
    expect(await deals('?limit=1')).toHaveLength(1);
  });

  it.each([
    ['?minDrop=0', 'minDrop must be at least 1'],
    ['?minDrop=91', 'minDrop must be at most 90'],
    ['?minDrop=abc', 'minDrop must be a whole number'],
    ['?limit=501', 'limit must be at most 500'],
    ['?currency=XYZ', 'currency must be one of'],
    ['?marketplace=etsy', ''],
  ])('refuses %s with a 400 error body', async (query, message) => {
    const res = await request(app.express).get(`/api/v1/price-deals${query}`).expect(400);
    expect(res.body.error.code).toEqual(expect.any(String));
    expect(res.body.error.message).toBe('Invalid query');
    expect(JSON.stringify(res.body.error)).toContain(message);
  });

  it('badges a strikethrough price the listing never charged as "list price never seen"', async () => {
    const res = await request(app.express)
      .post('/api/v1/price-badges')
      .send({
        listings: [
          { marketplace: 'ebay', productId: '400000000001', price: 70, currency: 'USD', originalPrice: 199 },
          { marketplace: 'ebay', productId: '400000000001', price: 70, currency: 'USD', originalPrice: 100 },
          { marketplace: 'ebay', productId: '400000000001', price: 70, currency: 'USD' },
        ],
      })
      .expect(200);
    const [fake, seen, none] = PriceBadgesResponseSchema.parse(res.body).badges;
    expect(fake).toMatchObject({ level: 'low', listPriceNeverSeen: true });
    expect(seen?.level).toBe('low');
    expect(seen).not.toHaveProperty('listPriceNeverSeen');
    expect(none).not.toHaveProperty('listPriceNeverSeen');
  });
}

describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describe('history deals (Postgres)', () =>
    historyDealsContract(async () => {
      const pg = await createTestPostgres();
      return { db: pg.db, close: () => pg.drop() };
    }));
});

describeAdapter('database', 'pglite', ALWAYS, () => {
  describe('history deals (PGlite)', () =>
    historyDealsContract(async () => {
      const db = await PGliteDatabase.open();
      return { db, close: () => db.close() };
    }));
});
