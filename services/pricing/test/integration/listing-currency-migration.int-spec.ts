import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Topics } from '@pt/contracts';
import { runMigrations, type Database } from '@pt/platform';
import {
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  type TestPostgres,
  FakeClock,
} from '@pt/testing';
import { pricingService } from '../../src';
import { checkObservation } from '../../src/services/observation';
import { RecorderService } from '../../src/services/recorder.service';
import { observedEnvelope, startPricing, type PricingUnderTest } from './harness';

const T0 = Date.UTC(2025, 3, 1, 8);
const HOUR = 3_600_000;
const at = (hours: number) => new Date(T0 + hours * HOUR).toISOString();

const rows = async <T>(db: Database, sql: string, params: unknown[] = []) =>
  (await db.query<T & Record<string, unknown>>(sql, params)).rows;

/** A listing's global series as [price, currency]. */
const series = (db: Database, productId: string) =>
  rows<{ price: string; currency: string }>(
    db,
    `SELECT price, currency FROM pricing.global_price_history WHERE product_id = $1 ORDER BY observed_at, id`,
    [productId],
  ).then((r) => r.map((x) => [Number(x.price), x.currency]));

/**
 * ARCHITECTURE §6 "One history per listing, in the listing's currency": migration 005 drops the
 * points recorded in a viewer's currency (kept aside in history_currency_dropped, which counts them).
 */
describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describe('migration 005: one history per listing, in its currency', () => {
    let pg: TestPostgres;
    let before: string;
    let app: PricingUnderTest | undefined;

    beforeAll(async () => {
      pg = await createTestPostgres();
      before = fs.mkdtempSync(path.join(os.tmpdir(), 'pricing-migrations-'));
      for (const file of fs.readdirSync(pricingService.migrationsDir).filter((f) => f < '005'))
        fs.copyFileSync(path.join(pricingService.migrationsDir, file), path.join(before, file));
      await runMigrations(pg.db, { schema: 'pricing', dir: before });
    });
    afterAll(async () => {
      await app?.close();
      fs.rmSync(before, { recursive: true, force: true });
      await pg?.drop();
    });

    it('drops the points in a foreign currency, says how many, and the recorder goes on in the listing currency', async () => {
      const db = pg.db;
      const global = async (
        productId: string,
        marketplace: string,
        points: Array<[number, string, number]>,
      ) => {
        for (const [price, currency, hours] of points)
          await db.query(
            `INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
             VALUES ($1, $2, $3, $4, $5, 'lookup')`,
            [productId, marketplace, price, currency, at(hours)],
          );
        const [price, currency, hours] = points.at(-1)!;
        await db.query(
          `INSERT INTO pricing.current_prices (product_id, marketplace, price, currency, recorded_at)
           VALUES ($1, $2, $3, $4, $5)`,
          [productId, marketplace, price, currency, at(hours)],
        );
      };
      // Seen in USD, then from the Deutschland region, then in USD again.
      await global('900000000001', 'ebay', [
        [10.53, 'USD', 0],
        [9.69, 'EUR', 1],
        [10.53, 'USD', 2],
      ]);
      for (const [price, currency, hours] of [
        [10.53, 'USD', 0],
        [9.69, 'EUR', 1],
      ] as const)
        await db.query(
          `INSERT INTO pricing.price_history (product_id, marketplace, price, currency, observed_at, user_id)
           VALUES ('900000000001', 'ebay', $1, $2, $3, 'user-1')`,
          [price, currency, at(hours)],
        );
      // Views from the US, Germany and Japan: [9.49, 8.73, 1418.76, 8.73].
      await global('1005000000000002', 'aliexpress', [
        [9.49, 'USD', 0],
        [8.73, 'EUR', 1],
        [1418.76, 'JPY', 2],
        [8.73, 'EUR', 3],
      ]);
      // Only ever seen in EUR: kept as it is.
      await global('900000000003', 'ebay', [
        [20, 'EUR', 0],
        [21, 'EUR', 8],
      ]);

      await runMigrations(db, { schema: 'pricing', dir: pricingService.migrationsDir });

      const counts = await rows<{ source_table: string; n: number }>(
        db,
        `SELECT source_table, count(*)::int AS n FROM pricing.history_currency_dropped GROUP BY 1 ORDER BY 1`,
      );
      // The figure to report: rows dropped from a database that had polluted rows.
      console.log(
        `migration 005 dropped ${counts.map((c) => `${c.n} ${c.source_table}`).join(', ')} row(s) in a foreign currency`,
      );
      expect(counts).toEqual([
        { source_table: 'global_price_history', n: 4 },
        { source_table: 'price_history', n: 1 },
      ]);
      expect(await series(db, '900000000001')).toEqual([
        [10.53, 'USD'],
        [10.53, 'USD'],
      ]);
      expect(await series(db, '1005000000000002')).toEqual([[9.49, 'USD']]);
      expect(await series(db, '900000000003')).toEqual([
        [20, 'EUR'],
        [21, 'EUR'],
      ]);
      expect(
        await rows(
          db,
          `SELECT price::float8 AS price, currency FROM pricing.price_history ORDER BY observed_at`,
        ),
      ).toEqual([{ price: 10.53, currency: 'USD' }]);
      expect(
        await rows(
          db,
          `SELECT product_id, price::float8 AS price, currency, recorded_at, currency_confirmed
             FROM pricing.current_prices ORDER BY product_id`,
        ),
      ).toEqual([
        {
          product_id: '1005000000000002',
          price: 9.49,
          currency: 'USD',
          recorded_at: new Date(at(0)),
          currency_confirmed: false,
        },
        {
          product_id: '900000000001',
          price: 10.53,
          currency: 'USD',
          recorded_at: new Date(at(2)),
          currency_confirmed: false,
        },
        {
          product_id: '900000000003',
          price: 21,
          currency: 'EUR',
          recorded_at: new Date(at(8)),
          currency_confirmed: false,
        },
      ]);

      // The next observations carry the listing's own currency. An unconfirmed guess gives way to
      // the first one without a price.changed; from then on another currency is refused.
      app = await startPricing({ db, clock: new FakeClock(T0 + 24 * HOUR) });
      await app.relay.stop();
      const recorder = app.get(RecorderService);
      const record = async (productId: string, price: number, currency: string, hours: number) => {
        const check = checkObservation(
          observedEnvelope({ productId, price, currency, observedAt: at(hours), marketplace: 'ebay' }),
        );
        if (!check.ok) throw new Error(check.message);
        return recorder.record([check.observation]);
      };
      expect(await record('900000000003', 22.5, 'USD', 20)).toEqual({ outcomes: ['recorded'], changes: [] });
      expect((await record('900000000003', 21, 'EUR', 21)).outcomes).toEqual(['foreign_currency']);
      expect((await record('900000000001', 9.99, 'USD', 22)).changes).toEqual([
        expect.objectContaining({ oldPrice: 10.53, newPrice: 9.99, currency: 'USD', dropped: true }),
      ]);
      const events = await rows<{ envelope: { payload: { productId: string } } }>(
        db,
        `SELECT envelope FROM pricing.outbox WHERE topic = $1`,
        [Topics.priceChanged],
      );
      expect(events.map((e) => e.envelope.payload.productId)).toEqual(['900000000001']);
    });
  });
});
