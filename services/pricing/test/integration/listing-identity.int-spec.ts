import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Topics, type EventEnvelope, type PriceObservedPayload } from '@pt/contracts';
import { listingKeyOf } from '@pt/domain';
import type { GetItemsResult, MarketplaceDriver, MarketplaceProduct } from '@pt/marketplaces';
import { runMigrations, type Database } from '@pt/platform';
import {
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  type TestPostgres,
  FakeClock,
} from '@pt/testing';
import { pricingService } from '../../src';
import { DueFinderService } from '../../src/services/due-finder.service';
import { PollerService } from '../../src/services/poller.service';
import { TrackingService } from '../../src/services/tracking.service';
import { startPricing, type PricingUnderTest } from './harness';

const NOW = Date.UTC(2025, 5, 1, 10);

/** eBay answering each id with the listing it names: a variation id finds that variation. */
class VariationsEbay implements MarketplaceDriver {
  readonly marketplace = 'ebay' as const;
  readonly batching = true;
  readonly prices = new Map<string, number>();
  search = () => Promise.reject(new Error('not used'));
  hot = () => Promise.reject(new Error('not used'));
  getItem = () => Promise.reject(new Error('not used'));
  async getItems(ids: readonly string[]): Promise<GetItemsResult> {
    const result: GetItemsResult = { marketplace: 'ebay', products: [], notFound: [], failed: [] };
    for (const id of ids) {
      const price = this.prices.get(id);
      if (price === undefined) result.notFound.push(id);
      // eBay answers with the API id: "v1|<item>|<variation>", variation 0 for the plain item.
      else result.products.push(product(id.startsWith('v1|') ? id : `v1|${id}|0`, price));
    }
    return result;
  }
}

function product(id: string, price: number): MarketplaceProduct {
  return {
    id,
    title: `Item ${id}`,
    description: '',
    price: { amount: price, currency: 'USD', formattedPrice: `$${price}` },
    currency: 'USD',
    imageUrl: 'https://img.example/x.jpg',
    images: [],
    url: 'https://www.ebay.com/itm/1',
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

const rows = async <T>(db: Database, sql: string, params: unknown[] = []) =>
  (await db.query<T & Record<string, unknown>>(sql, params)).rows;

describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describe('listing identity in pricing (ARCHITECTURE §6)', () => {
    let pg: TestPostgres;
    let app: PricingUnderTest;
    const ebay = new VariationsEbay();

    beforeAll(async () => {
      pg = await createTestPostgres();
      app = await startPricing({
        db: pg.db,
        clock: new FakeClock(NOW),
        drivers: { get: (m) => (m === 'ebay' ? ebay : undefined) },
      });
      await app.relay.stop();
    });
    afterAll(async () => {
      await app?.close();
      await pg?.drop();
    });

    it('tracks, polls and keys each variation of one item as a listing of its own', async () => {
      const tracking = app.get(TrackingService);
      const item = '700000000001';
      const named = [`v1|${item}|456`, `v1%7C${item}%7C789`, `ebay_${item}`, `v1|${item}|0`];
      for (const [i, productId] of named.entries()) {
        await tracking.apply({
          productId,
          marketplace: 'ebay',
          reason: 'wishlist',
          ownerId: `w${i}`,
          tracked: true,
        });
      }
      const listings = [item, `v1|${item}|456`, `v1|${item}|789`];
      const tracked = await rows<{ product_id: string }>(
        pg.db,
        `SELECT product_id FROM pricing.poll_state WHERE product_id LIKE $1 ORDER BY product_id`,
        [`%${item}%`],
      );
      expect(tracked.map((r) => r.product_id)).toEqual([...listings].sort());

      // The due-finder asks for each listing by its id; the poller observes each under its key.
      const due = await app.get(DueFinderService).run('ebay');
      expect(due.listings).toBe(3);
      ebay.prices.set(item, 10).set(`v1|${item}|456`, 19.99).set(`v1|${item}|789`, 24.99);
      await app.get(PollerService).poll({ marketplace: 'ebay', productIds: listings });
      const observed = await rows<{ envelope: EventEnvelope<PriceObservedPayload> }>(
        pg.db,
        `SELECT envelope FROM pricing.outbox WHERE topic = $1 ORDER BY id`,
        [Topics.priceObserved],
      );
      expect(
        observed.map((r) => [r.envelope.key, r.envelope.payload.productId, r.envelope.payload.price]),
      ).toEqual([
        [listingKeyOf('ebay', `ebay_${item}`), item, 10],
        [listingKeyOf('ebay', `v1%7C${item}%7C456`), `v1|${item}|456`, 19.99],
        [listingKeyOf('ebay', `v1|${item}|789`), `v1|${item}|789`, 24.99],
      ]);
      expect(new Set(observed.map((r) => r.envelope.key)).size).toBe(3);
    });
  });

  describe('migration 004: existing rows move to their listing', () => {
    let pg: TestPostgres;
    let before: string;

    beforeAll(async () => {
      pg = await createTestPostgres();
      // The schema as it was before listing identity: migrations 001–003 only.
      before = fs.mkdtempSync(path.join(os.tmpdir(), 'pricing-migrations-'));
      for (const file of fs.readdirSync(pricingService.migrationsDir).filter((f) => f < '004'))
        fs.copyFileSync(path.join(pricingService.migrationsDir, file), path.join(before, file));
      await runMigrations(pg.db, { schema: 'pricing', dir: before });
    });
    afterAll(async () => {
      fs.rmSync(before, { recursive: true, force: true });
      await pg?.drop();
    });

    it('gives a variation polled under its item id its own tracking, poll state, polled snapshots and price', async () => {
      const db = pg.db;
      const at = (h: number) => new Date(NOW + h * 3_600_000).toISOString();
      // 800000000001 was tracked for variation 456 (poll_id); 800000000002 is a plain item.
      await db.exec(`
        INSERT INTO pricing.tracked_products VALUES ('800000000001', 'ebay', '${at(0)}'), ('800000000002', 'ebay', '${at(0)}');
        INSERT INTO pricing.tracking_reasons VALUES
          ('800000000001', 'ebay', 'wishlist', 'w1', NULL, '${at(0)}'),
          ('800000000001', 'ebay', 'alert', 'a1', 15, '${at(0)}'),
          ('800000000002', 'ebay', 'wishlist', 'w2', NULL, '${at(0)}');
        INSERT INTO pricing.poll_state (product_id, marketplace, next_due_at, interval_seconds, poll_id) VALUES
          ('800000000001', 'ebay', '${at(6)}', 21600, 'v1|800000000001|456'),
          ('800000000002', 'ebay', '${at(6)}', 21600, NULL);
        INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source) VALUES
          ('800000000001', 'ebay', 30, 'USD', '${at(0)}', 'lookup'),
          ('800000000001', 'ebay', 20, 'USD', '${at(1)}', 'poll'),
          ('800000000001', 'ebay', 18, 'USD', '${at(2)}', 'poll'),
          ('800000000002', 'ebay', 50, 'USD', '${at(1)}', 'poll');
        INSERT INTO pricing.current_prices (product_id, marketplace, price, currency, recorded_at) VALUES
          ('800000000001', 'ebay', 18, 'USD', '${at(2)}'),
          ('800000000002', 'ebay', 50, 'USD', '${at(1)}');
        INSERT INTO pricing.price_history (product_id, marketplace, price, currency, user_id, observed_at) VALUES
          ('800000000002', 'ebay', 50, 'USD', 'u1', '${at(1)}'),
          ('800000000002', 'ebay', 50, 'USD', 'u1', '${at(1)}'),
          ('800000000002', 'ebay', 50, 'USD', 'u1', '${at(1)}'),
          ('800000000002', 'ebay', 50, 'USD', 'u2', '${at(1)}');
      `);

      await runMigrations(db, { schema: 'pricing', dir: pricingService.migrationsDir });

      const variation = 'v1|800000000001|456';
      expect(await rows(db, `SELECT product_id FROM pricing.tracked_products ORDER BY product_id`)).toEqual([
        { product_id: '800000000002' },
        { product_id: variation },
      ]);
      expect(
        await rows(db, `SELECT product_id, reason FROM pricing.tracking_reasons ORDER BY product_id, reason`),
      ).toEqual([
        { product_id: '800000000002', reason: 'wishlist' },
        { product_id: variation, reason: 'alert' },
        { product_id: variation, reason: 'wishlist' },
      ]);
      expect(
        await rows(db, `SELECT product_id, poll_id FROM pricing.poll_state ORDER BY product_id`),
      ).toEqual([
        { product_id: '800000000002', poll_id: null },
        { product_id: variation, poll_id: null },
      ]);
      expect(
        await rows(
          db,
          `SELECT product_id, price, source FROM pricing.global_price_history ORDER BY product_id, observed_at`,
        ),
      ).toEqual([
        { product_id: '800000000001', price: 30, source: 'lookup' },
        { product_id: '800000000002', price: 50, source: 'poll' },
        { product_id: variation, price: 20, source: 'poll' },
        { product_id: variation, price: 18, source: 'poll' },
      ]);
      expect(
        await rows(
          db,
          `SELECT product_id, price, recorded_at FROM pricing.current_prices ORDER BY product_id`,
        ),
      ).toEqual([
        { product_id: '800000000001', price: 30, recorded_at: new Date(at(0)) },
        { product_id: '800000000002', price: 50, recorded_at: new Date(at(1)) },
        { product_id: variation, price: 18, recorded_at: new Date(at(2)) },
      ]);
      expect(await rows(db, `SELECT user_id FROM pricing.price_history ORDER BY user_id`)).toEqual([
        { user_id: 'u1' },
        { user_id: 'u2' },
      ]);
    });
  });
});
