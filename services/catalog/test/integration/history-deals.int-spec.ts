import { ProductListResponseSchema, SearchResponseSchema } from '@pt/contracts/catalog-api';
import { createTestPostgres, describeAdapter, postgresAvailability, type TestPostgres } from '@pt/testing';
import { startCatalogHost, HOST_START_TIMEOUT_MS, type CatalogHost } from '../support/catalog-host';
import { FakeDriver, fakeDrivers, fakeProduct } from '../support/fake-driver';
import { startPricingBeside, type PricingBeside } from '../support/pricing-beside';

const usd = (amount: number) => ({ price: { amount, currency: 'USD', formattedPrice: `$${amount}` } });
const shipping = (price: number) => ({
  shipping: { price, formattedPrice: `$${price}`, isFree: price === 0 },
  freeShipping: price === 0,
});

/**
 * Deals from the listing's own history: Deals ranks listings whose landed price is below their own
 * trailing 90-day median (pricing's stored statistics), narrowed like a search; the marketplaces'
 * own discounts only fill the page after them, and a "sale" from a price the listing never
 * charged is not a deal at all.
 */
describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describe('deals from our own history, through catalog and pricing', () => {
    let pg: TestPostgres;
    let host: CatalogHost;
    let pricing: PricingBeside;
    const ebay = new FakeDriver('ebay', [
      // 100 for two months, 70 now + 10 shipping: landed 80 against a landed median of 110 → 27%.
      fakeProduct('ebay', '285990000001', {
        title: 'Deal kettle',
        ...usd(70),
        ...shipping(10),
        categories: ['Home & Kitchen'],
      }),
      // 100 for two months, 90 now → 10%.
      fakeProduct('ebay', '285990000002', { title: 'Deal lamp', ...usd(90) }),
      // Never above 50, "was 200": a fake sale by its own history.
      fakeProduct('ebay', '285990000003', {
        title: 'Fake sale mixer',
        ...usd(50),
        originalPrice: 200,
        discount: 75,
      }),
      // No history yet: the seller's discount, after the history deals.
      fakeProduct('ebay', '285990000004', {
        title: 'Listed toaster',
        ...usd(80),
        originalPrice: 100,
        discount: 20,
      }),
    ]);

    async function history(id: string, usual: number, now: number) {
      const at = host.clock.now().getTime();
      await pg.db.query(
        `INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
         SELECT $1, 'ebay', $2::numeric, 'USD', $3::timestamptz - make_interval(days => d), 'poll'
           FROM generate_series(1, 60) AS d
         UNION ALL SELECT $1, 'ebay', $4::numeric, 'USD', $3::timestamptz - interval '1 hour', 'poll'`,
        [id, usual, new Date(at).toISOString(), now],
      );
    }

    const deals = async (query: Record<string, string> = {}) => {
      const res = await host.request.get('/api/v1/deals').query(query).expect(200);
      return ProductListResponseSchema.parse(res.body).products;
    };
    const ids = (products: Array<{ id: string }>) => products.map((p) => p.id);

    beforeAll(async () => {
      pg = await createTestPostgres();
      host = await startCatalogHost({
        db: pg.db,
        drivers: fakeDrivers(ebay),
        env: { PRICING_WORKERS: 'off' },
      });
      pricing = await startPricingBeside(host);
      await history('285990000001', 100, 70);
      await history('285990000002', 100, 90);
      await history('285990000003', 50, 50);
      // A deal card needs the catalog's product data: the listings were opened once.
      for (const n of ['285990000001', '285990000002', '285990000003'])
        await host.request.get(`/api/v1/products/v1%7C${n}%7C0`).expect(200);
    }, HOST_START_TIMEOUT_MS);
    afterAll(async () => {
      await pricing?.close();
      await host?.close();
      await pg?.drop();
    });

    it('ranks history deals by the landed drop below the median, then the honest listed discounts', async () => {
      const products = await deals();
      expect(ids(products)).toEqual(['v1|285990000001|0', 'v1|285990000002|0', 'v1|285990000004|0']);
      expect(products[0]).toMatchObject({
        price: 70,
        historyDeal: { dropPercent: 27, medianLanded: 110, currency: 'USD', windowDays: 90 },
      });
      expect(products[1]?.historyDeal?.dropPercent).toBe(10);
      expect(products[2]).toMatchObject({ discount: 20 });
      expect(products[2]).not.toHaveProperty('historyDeal');
    });

    it('leaves out a seller’s "sale" from a price the listing never charged, and says so on search', async () => {
      expect(ids(await deals())).not.toContain('v1|285990000003|0');
      const res = await host.request.get('/api/v1/search').query({ q: 'fake sale mixer' }).expect(200);
      const card = SearchResponseSchema.parse(res.body).products.find((p) => p.id === 'v1|285990000003|0');
      expect(card?.priceBadge).toMatchObject({ listPriceNeverSeen: true });
    });

    it.each<[string, Record<string, string>, string[]]>([
      ['a minimum drop', { minDrop: '15' }, ['v1|285990000001|0', 'v1|285990000004|0']],
      ['a category', { category: 'home' }, ['v1|285990000001|0']],
      [
        'a landed price range',
        { minPrice: '75', maxPrice: '85' },
        ['v1|285990000001|0', 'v1|285990000004|0'],
      ],
      ['a marketplace without deals', { marketplace: 'aliexpress' }, []],
      ['another region’s eBay site', { region: 'uk', marketplace: 'ebay', minDrop: '25' }, []],
    ])('narrows by %s', async (_name, query, expected) => {
      expect(ids(await deals(query))).toEqual(expected);
    });

    it.each([
      [{ minDrop: '0' }, 'minDrop must be a whole percent from 1 to 90'],
      [{ minDrop: '91' }, 'minDrop must be a whole percent from 1 to 90'],
      [{ category: 'nope' }, 'Unknown category'],
      [{ minPrice: '10', maxPrice: '5' }, 'minPrice must not be above maxPrice'],
    ])('refuses %j with a 400 error body', async (query, message) => {
      const res = await host.request.get('/api/v1/deals').query(query).expect(400);
      expect(JSON.stringify(res.body.error)).toContain(message);
    });
  });
});
