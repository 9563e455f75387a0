import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PriceBadgesResponseSchema, type PriceBadgeRequestItem } from '@pt/contracts';
import { PGliteDatabase, runMigrations, type Database } from '@pt/platform';
import { ALWAYS, createTestPostgres, describeAdapter, postgresAvailability, FakeClock } from '@pt/testing';
import request from 'supertest';
import { pricingService } from '../../src';
import { checkObservation } from '../../src/services/observation';
import { RecorderService } from '../../src/services/recorder.service';
import { observedEnvelope, startPricing, type PricingUnderTest } from './harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 30, 12);
const daysAgo = (d: number) => new Date(NOW - d * DAY).toISOString();

async function insertSnapshots(
  db: Database,
  productId: string,
  points: Array<[daysAgo: number, price: number, currency?: string]>,
): Promise<void> {
  for (const [d, price, currency] of points)
    await db.query(
      `INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
       VALUES ($1, 'ebay', $2, $3, $4, 'poll')`,
      [productId, price, currency ?? 'USD', daysAgo(d)],
    );
}

interface DayRow {
  product_id: string;
  currency: string;
  day: string;
  low: number;
  high: number;
  points: number;
}

/** The rollup the trigger keeps. */
const rollup = async (db: Database) =>
  (
    await db.query<DayRow>(
      `SELECT product_id, currency, to_char(day, 'YYYY-MM-DD') AS day, low::float8 AS low, high::float8 AS high, points
         FROM pricing.listing_price_days ORDER BY product_id, currency, day`,
    )
  ).rows;
/** The rollup as a GROUP BY over the snapshots would give it, to compare the trigger's with. */
const recomputed = async (db: Database) =>
  (
    await db.query<DayRow>(
      `SELECT product_id, currency, to_char((observed_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
              min(price)::float8 AS low, max(price)::float8 AS high, count(*)::int AS points
         FROM pricing.global_price_history GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    )
  ).rows;

/**
 * ARCHITECTURE §6 "Price verdict and good price badge": search answers carry the badge from stored
 * statistics — a daily rollup a trigger keeps for every writer of snapshots (migration 007).
 */
function priceBadgeContract(open: () => Promise<{ db: Database; close(): Promise<void> }>) {
  let db: Database;
  let close: () => Promise<void>;
  let app: PricingUnderTest;

  const badges = async (
    listings: Array<Partial<PriceBadgeRequestItem> & { productId: string; price: number }>,
  ) => {
    const res = await request(app.express)
      .post('/api/v1/price-badges')
      .send({ listings: listings.map((l) => ({ marketplace: 'ebay', currency: 'USD', ...l })) })
      .expect(200);
    return PriceBadgesResponseSchema.parse(res.body).badges.map((b) => b?.label ?? null);
  };

  beforeAll(async () => {
    ({ db, close } = await open());
    app = await startPricing({ db, clock: new FakeClock(NOW) });
  });
  afterAll(async () => {
    await app?.close();
    await close?.();
  });

  it('keeps the rollup for snapshots the recorder stores, and badges them', async () => {
    const recorder = app.get(RecorderService);
    for (const [d, price] of [
      [60, 120],
      [30, 100],
      [10, 110],
      [0, 82],
    ] as const) {
      const check = checkObservation(
        observedEnvelope({ productId: '200000000001', price, observedAt: daysAgo(d) }),
      );
      if (!check.ok) throw new Error(check.message);
      await recorder.record([check.observation]);
    }
    // 82 is in the bottom quarter of 82–120, and nothing was lower since first seen 60 days ago.
    expect(await badges([{ productId: '200000000001', price: 82 }])).toEqual(['Lowest in 60 days']);
    // The card's eBay id form names the same listing.
    expect(await badges([{ productId: 'v1|200000000001|0', price: 115 }])).toEqual(['High price']);
    expect(await rollup(db)).toEqual(await recomputed(db));
  });

  it('keeps it for snapshots inserted directly (a backfill), several on one day included', async () => {
    await insertSnapshots(db, '200000000002', [
      [40, 100],
      [20, 80],
      [20.1, 120],
      [5, 100],
    ]);
    const day20 = (await rollup(db)).filter((r) => r.product_id === '200000000002' && r.points === 2);
    expect(day20).toEqual([expect.objectContaining({ low: 80, high: 120 })]);
    // 20 days since it was lower: too recent for "lowest in"; in the middle half of 80–120.
    expect(await badges([{ productId: '200000000002', price: 100 }])).toEqual(['Typical price']);
    expect(await rollup(db)).toEqual(await recomputed(db));
  });

  it('reads the 90-day window in whole UTC days: a point older than that leaves the range', async () => {
    // A low of 10 on the day just outside the window, a high of 200 on its oldest day.
    await insertSnapshots(db, '200000000003', [
      [91, 10],
      [89, 200],
      [30, 100],
      [0, 100],
    ]);
    // The range is 100–200: the 10 is outside the window, though still the last lower price.
    expect(await badges([{ productId: '200000000003', price: 100 }])).toEqual(['Lowest in 91 days']);
    expect(await badges([{ productId: '200000000003', price: 180 }])).toEqual(['High price']);
  });

  it('says nothing for too short a history, another currency or an unknown listing, in one answer', async () => {
    await insertSnapshots(db, '200000000004', [
      [6, 100],
      [3, 90],
      [0, 95],
    ]);
    await insertSnapshots(db, '200000000005', [
      [30, 100, 'EUR'],
      [20, 90, 'EUR'],
      [0, 95, 'EUR'],
    ]);
    expect(
      await badges([
        { productId: '200000000004', price: 90 },
        { productId: '200000000005', price: 90, currency: 'USD' },
        { productId: '200000000005', price: 100, currency: 'EUR' },
        { productId: '299999999999', price: 90 },
      ]),
    ).toEqual([null, null, 'High price', null]);
  });

  it('recomputes the days an update or delete touches', async () => {
    await db.query(
      `DELETE FROM pricing.global_price_history WHERE product_id = '200000000002' AND price = 80`,
    );
    await db.query(
      `UPDATE pricing.global_price_history SET currency = 'EUR' WHERE product_id = '200000000004' AND price = 90`,
    );
    expect(await rollup(db)).toEqual(await recomputed(db));
  });

  it('refuses a malformed request with a 400 error body', async () => {
    const res = await request(app.express)
      .post('/api/v1/price-badges')
      .send({ listings: [{ productId: 'x' }] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toEqual(expect.any(String));
  });
}

describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describe('price badges from the daily rollup (Postgres)', () =>
    priceBadgeContract(async () => {
      const pg = await createTestPostgres();
      return { db: pg.db, close: () => pg.drop() };
    }));

  it('migration 007 backfills the rollup from the snapshots stored before it', async () => {
    const pg = await createTestPostgres();
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'pricing-migrations-'));
    try {
      for (const file of fs.readdirSync(pricingService.migrationsDir).filter((f) => f < '007'))
        fs.copyFileSync(path.join(pricingService.migrationsDir, file), path.join(before, file));
      await runMigrations(pg.db, { schema: 'pricing', dir: before });
      await insertSnapshots(pg.db, '300000000001', [
        [50, 100],
        [10, 90],
        [10.2, 95],
      ]);
      await insertSnapshots(pg.db, '300000000002', [[3, 7, 'EUR']]);
      await runMigrations(pg.db, { schema: 'pricing', dir: pricingService.migrationsDir });
      const rows = await rollup(pg.db);
      expect(rows).toHaveLength(3);
      expect(rows).toEqual(await recomputed(pg.db));
    } finally {
      fs.rmSync(before, { recursive: true, force: true });
      await pg.drop();
    }
  });
});

describeAdapter('database', 'pglite', ALWAYS, () => {
  describe('price badges from the daily rollup (PGlite)', () =>
    priceBadgeContract(async () => {
      const db = await PGliteDatabase.open();
      return { db, close: () => db.close() };
    }));
});
