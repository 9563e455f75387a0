import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProductResponseSchema, SearchResponseSchema } from '@pt/contracts/catalog-api';
import { createTestPostgres, describeAdapter, postgresAvailability, type TestPostgres } from '@pt/testing';
import { startCatalogHost, HOST_START_TIMEOUT_MS, type CatalogHost } from '../support/catalog-host';
import { FakeDriver, fakeDrivers, fakeProduct } from '../support/fake-driver';
import { startPricingBeside, type PricingBeside } from '../support/pricing-beside';

const DAY = 86_400_000;
const usd = (amount: number) => ({ price: { amount, currency: 'USD', formattedPrice: `$${amount}` } });

/**
 * ARCHITECTURE §6 "Price verdict and good price badge": a search answer carries each card's badge,
 * computed by pricing from its stored daily statistics and asked for in one request per answer; a
 * pricing that is down or slow costs the answer its badges, never its success or its speed.
 */
describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describe('search and product answers carry good-price badges', () => {
    let pg: TestPostgres;
    let host: CatalogHost;
    let pricing: PricingBeside;
    let pricingUrl: string;
    const badgeRequests: string[] = [];
    const ebay = new FakeDriver('ebay', [
      fakeProduct('ebay', '285112230001', { title: 'Badge kettle low', ...usd(82) }),
      fakeProduct('ebay', '285112230002', { title: 'Badge kettle new', ...usd(50) }),
      fakeProduct('ebay', '285112230003', { title: 'Badge kettle dear', ...usd(118) }),
      // A US listing quoted by the UK site: £94.40 shown, $118 listed (eBay's convertedFromValue).
      fakeProduct('ebay', '285112230004', {
        title: 'Converted lamp',
        price: { amount: 94.4, currency: 'GBP', formattedPrice: '£94.40' },
        currency: 'GBP',
        listingPrice: { amount: 118, currency: 'USD' },
      }),
    ]);

    /** Global snapshots as any writer stores them (the demo backfill inserts them directly). */
    async function snapshots(productId: string, points: Array<[daysAgo: number, price: number]>) {
      const now = host.clock.now().getTime();
      for (const [d, price] of points)
        await pg.db.query(
          `INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
           VALUES ($1, 'ebay', $2, 'USD', $3, 'poll')`,
          [productId, price, new Date(now - d * DAY).toISOString()],
        );
    }

    const search = async () => {
      const res = await host.request.get('/api/v1/search').query({ q: 'badge kettle' }).expect(200);
      const body = SearchResponseSchema.parse(res.body);
      return Object.fromEntries(body.products.map((p) => [p.id, p.priceBadge?.label ?? null]));
    };

    beforeAll(async () => {
      pg = await createTestPostgres();
      host = await startCatalogHost({
        db: pg.db,
        drivers: fakeDrivers(ebay),
        env: { PRICING_WORKERS: 'off' },
      });
      pricing = await startPricingBeside(host, (url) => {
        if (url.startsWith('/api/v1/price-badges')) badgeRequests.push(url);
      });
      pricingUrl = pricing.url;
      // 90 days between 80 and 120; nothing below 82 since first seen 90 days ago.
      await snapshots('285112230001', [
        [90, 100],
        [60, 120],
        [30, 90],
        [10, 85],
      ]);
      // Two days of history: too little to say anything.
      await snapshots('285112230002', [
        [2, 55],
        [1, 50],
        [0, 50],
      ]);
      await snapshots('285112230003', [
        [40, 80],
        [20, 120],
        [5, 100],
      ]);
      await snapshots('285112230004', [
        [40, 80],
        [20, 120],
        [5, 100],
      ]);
    }, HOST_START_TIMEOUT_MS);
    afterAll(async () => {
      await pricing?.close();
      await host?.close();
      await pg?.drop();
    });

    it('answers a search with each card’s badge, in one request to pricing', async () => {
      badgeRequests.length = 0;
      expect(await search()).toEqual({
        'v1|285112230001|0': 'Lowest in 90 days',
        'v1|285112230002|0': null,
        'v1|285112230003|0': 'High price',
      });
      expect(badgeRequests).toHaveLength(1);
    });

    it('answers a product page with its badge, by the same rule', async () => {
      const res = await host.request.get('/api/v1/products/v1%7C285112230003%7C0').expect(200);
      const { product } = ProductResponseSchema.parse(res.body);
      expect(product.priceBadge).toEqual({
        level: 'high',
        label: 'High price',
        rangeLow: 80,
        rangeHigh: 120,
        currency: 'USD',
      });
    });

    it('ARCHITECTURE §6 one history per listing: a converted price gets the badge of the listing’s own price, its range at the marketplace’s rate', async () => {
      const expected = {
        level: 'high',
        label: 'High price',
        // $80–$120 at the quote's own rate (94.40 / 118 = 0.8), beside the £ price.
        rangeLow: 64,
        rangeHigh: 96,
        currency: 'GBP',
      };
      const found = await host.request.get('/api/v1/search').query({ q: 'converted lamp' }).expect(200);
      const [card] = SearchResponseSchema.parse(found.body).products;
      expect(card).toMatchObject({
        price: 94.4,
        currency: 'GBP',
        listingPrice: { amount: 118, currency: 'USD' },
      });
      expect(card.priceBadge).toEqual(expected);
      // The product page, answered from the catalog's cache, keeps the listing's price and so its badge.
      const page = await host.request.get('/api/v1/products/v1%7C285112230004%7C0').expect(200);
      const { product } = ProductResponseSchema.parse(page.body);
      expect(product.listingPrice).toEqual({ amount: 118, currency: 'USD' });
      expect(product.priceBadge).toEqual(expected);
    });

    it('reads the stored statistics, not the snapshots', async () => {
      // The snapshots go while the rollup stays (its trigger held off): the badges do not change.
      await pg.db.query(`ALTER TABLE pricing.global_price_history DISABLE TRIGGER USER`);
      await pg.db.query(`DELETE FROM pricing.global_price_history WHERE product_id LIKE '28511223000%'`);
      await pg.db.query(`ALTER TABLE pricing.global_price_history ENABLE TRIGGER USER`);
      expect(await search()).toEqual({
        'v1|285112230001|0': 'Lowest in 90 days',
        'v1|285112230002|0': null,
        'v1|285112230003|0': 'High price',
      });
    });

    it('answers without badges when pricing is down', async () => {
      host.runtime.rawEnv.PRICING_URL = 'http://127.0.0.1:9';
      try {
        expect(await search()).toEqual({
          'v1|285112230001|0': null,
          'v1|285112230002|0': null,
          'v1|285112230003|0': null,
        });
      } finally {
        host.runtime.rawEnv.PRICING_URL = pricingUrl;
      }
    });

    it('answers on time without badges when pricing does not answer', async () => {
      const sockets = new Set<import('node:net').Socket>();
      const hung = http.createServer(() => undefined);
      hung.on('connection', (s) => sockets.add(s));
      await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
      host.runtime.rawEnv.PRICING_URL = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
      try {
        const started = Date.now();
        expect(await search()).toEqual({
          'v1|285112230001|0': null,
          'v1|285112230002|0': null,
          'v1|285112230003|0': null,
        });
        // The deadline is CATALOG_BADGE_TIMEOUT_MS (300 ms); the rest of the answer is in-process.
        expect(Date.now() - started).toBeLessThan(3_000);
      } finally {
        host.runtime.rawEnv.PRICING_URL = pricingUrl;
        for (const s of sockets) s.destroy();
        await new Promise((resolve) => hung.close(resolve));
      }
    });
  });
});
