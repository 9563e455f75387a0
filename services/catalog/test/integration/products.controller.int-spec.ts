import { identityHeaders } from '@pt/platform';
import { SAMPLE_PRODUCTS, PRODUCT_MESSAGES } from '@pt/domain';
import { ProductsController } from '../../src/controllers/products.controller';
import { FakeDriver, fakeDrivers, fakeProduct } from '../support/fake-driver';
import { HOST_START_TIMEOUT_MS, startCatalogHost, type CatalogHost } from '../support/catalog-host';

const HOUR = 60 * 60 * 1000;
const usd = (amount: number) => ({ price: { amount, currency: 'USD', formattedPrice: `$${amount}` } });

describe(ProductsController.name, () => {
  let sut: CatalogHost;
  const ebay = new FakeDriver('ebay');
  const ali = new FakeDriver('aliexpress');

  beforeAll(async () => {
    sut = await startCatalogHost({ drivers: fakeDrivers(ebay, ali) });
  }, HOST_START_TIMEOUT_MS);
  afterAll(() => sut.close());
  beforeEach(() => {
    ebay.heal().calls.length = 0;
    ali.heal().calls.length = 0;
    ebay.products = [];
    ali.products = [];
    sut.observed.length = 0;
  });

  const get = (id: string) => sut.request.get(`/api/v1/products/${encodeURIComponent(id)}`);

  describe('§4 lookup order', () => {
    it('answers a static sample first, without asking a marketplace', async () => {
      const sample = SAMPLE_PRODUCTS[0]!;
      const res = await get(sample.id).expect(200);
      expect(res.body).toMatchObject({
        source: 'sample',
        product: { id: sample.id, title: sample.title, price: sample.price },
      });
      expect(ebay.calls).toHaveLength(0);
    });

    it('asks the live driver on a cache miss, then answers from products_cache', async () => {
      ebay.products = [
        fakeProduct('ebay', '110000000001', {
          price: { amount: 42.5, currency: 'USD', formattedPrice: '$42.50' },
        }),
      ];
      const first = await get('v1|110000000001|0').expect(200);
      expect(first.body).toMatchObject({
        source: 'live',
        matchedBy: 'item',
        product: { id: 'v1|110000000001|0', price: 42.5 },
      });
      const second = await get('v1|110000000001|0').expect(200);
      expect(second.body).toMatchObject({
        source: 'cache',
        fetchedAt: first.body.fetchedAt,
        product: { price: 42.5, title: 'Product 110000000001' },
      });
      expect(ebay.count('getItem')).toBe(1);
    });

    it('finds a cross-border product cached under its aliexpress_ id when asked by another id format', async () => {
      ali.products = [fakeProduct('aliexpress', '1005000000000001')];
      await get('aliexpress_1005000000000001').expect(200);
      for (const id of ['1005000000000001', 'ae_1005000000000001', 'x_ali_1005000000000001']) {
        const res = await get(id).expect(200);
        expect(res.body).toMatchObject({ source: 'cache', product: { id: 'aliexpress_1005000000000001' } });
      }
      expect(ali.count('getItem')).toBe(1);
    });

    it('asks the live API again once the cached row is older than the cache TTL', async () => {
      ali.products = [fakeProduct('aliexpress', '1005000000000002')];
      await get('aliexpress_1005000000000002').expect(200);
      sut.clock.advance(2 * HOUR);
      const res = await get('aliexpress_1005000000000002').expect(200);
      expect(res.body.source).toBe('live');
      expect(ali.count('getItem')).toBe(2);
    });

    it('asks the marketplace once for a product many shoppers open at the same time', async () => {
      ali.products = [fakeProduct('aliexpress', '1005000000000005')];
      // Long enough for all five to arrive while the first call is in flight, even on a busy machine.
      ali.slow(1_000);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => get('aliexpress_1005000000000005').expect(200)),
      );
      expect(answers.every((a) => a.body.source === 'live')).toBe(true);
      expect(ali.count('getItem')).toBe(1);
    });

    it('serves a stale cached row when the live API fails', async () => {
      ali.products = [fakeProduct('aliexpress', '1005000000000003')];
      await get('aliexpress_1005000000000003').expect(200);
      sut.clock.advance(2 * HOUR);
      ali.fail('getItem', 'unavailable');
      const res = await get('aliexpress_1005000000000003').expect(200);
      expect(res.body.source).toBe('cache');
    });

    it('does not serve a stale cached row of a product the marketplace no longer knows', async () => {
      ali.products = [fakeProduct('aliexpress', '1005000000000004')];
      await get('aliexpress_1005000000000004').expect(200);
      sut.clock.advance(2 * HOUR);
      ali.products = [];
      await get('aliexpress_1005000000000004').expect(404);
    });

    it('falls back to a search by item id (exact match) when the eBay lookup fails', async () => {
      ebay.products = [fakeProduct('ebay', '120000000001'), fakeProduct('ebay', '1200000000012')];
      ebay.fail('getItem', 'unavailable');
      const res = await get('v1|120000000001|0').expect(200);
      expect(res.body).toMatchObject({
        source: 'live',
        matchedBy: 'search-exact',
        product: { id: 'v1|120000000001|0' },
      });
      expect(ebay.calls.find((c) => c.method === 'search')?.arg).toMatchObject({ q: '120000000001' });
    });

    it('takes a partial match when no search result has the exact item id', async () => {
      ebay.products = [fakeProduct('ebay', '1300000000019')];
      ebay.fail('getItem', 'not_found');
      const res = await get('v1|130000000001|0').expect(200);
      expect(res.body).toMatchObject({
        source: 'live',
        matchedBy: 'search-partial',
        product: { id: 'v1|1300000000019|0' },
      });
    });

    it('answers the auction placeholder (price 0, being loaded) when every eBay step fails', async () => {
      ebay.fail('getItem', 'not_found').fail('search', 'unavailable');
      const res = await get('v1|140000000001|0').expect(200);
      expect(res.body).toMatchObject({
        source: 'placeholder',
        isPlaceholder: true,
        product: { id: 'v1|140000000001|0', price: 0 },
        // The search got no answer: the listing may exist.
        unavailable: { code: 'marketplace_unavailable' },
      });
      expect(res.body.product.description).toMatch(/being loaded/);
    });

    it('gives the placeholder the §3/§9 default rating 4.2, never 0', async () => {
      ebay.fail('getItem', 'not_found').fail('search', 'unavailable');
      const res = await get('v1|140000000002|0').expect(200);
      expect(res.body).toMatchObject({ source: 'placeholder', product: { rating: 4.2 } });
    });

    it('answers 404 Product not found for an unknown cross-border id', async () => {
      const res = await get('aliexpress_1005999999999999').expect(404);
      expect(res.body.error).toMatchObject({ code: 'product_not_found', message: PRODUCT_MESSAGES.notFound });
    });

    it('answers 404 for an unknown static id', async () => {
      const res = await get('no-such-sample').expect(404);
      expect(res.body.error.message).toBe('Product not found');
    });

    it('answers 503 with the marketplace message when the cross-border API is down and nothing is cached', async () => {
      ali.fail('getItem', 'unavailable');
      const res = await get('aliexpress_1005888888888888').expect(503);
      expect(res.body.error).toMatchObject({
        code: 'marketplace_unavailable',
        message: PRODUCT_MESSAGES.aliexpressRequestFailed,
      });
    });
  });

  describe('products_cache across regions (one row per product, priced by the last live answer)', () => {
    const getIn = (id: string, region?: string) =>
      sut.request.get(`/api/v1/products/${encodeURIComponent(id)}`).query(region ? { region } : {});

    beforeEach(() => {
      ebay.regionalPrices = true;
      ali.regionalPrices = true;
    });

    it('never answers a cross-border lookup from a row in another region currency', async () => {
      ali.products = [fakeProduct('aliexpress', '1005000000000601', { ...usd(47.39) })];
      const id = 'aliexpress_1005000000000601';
      const uk = await getIn(id, 'uk').expect(200);
      expect(uk.body).toMatchObject({ source: 'live', product: { price: 37.44, currency: 'GBP' } });
      const us = await getIn(id).expect(200);
      expect(us.body).toMatchObject({ source: 'live', product: { price: 47.39, currency: 'USD' } });
      const jp = await getIn(id, 'jp').expect(200);
      expect(jp.body).toMatchObject({ source: 'live', product: { currency: 'JPY' } });
      // The same region again: the row is in its currency, so it is a hit.
      const jpAgain = await getIn(id, 'jp').expect(200);
      expect(jpAgain.body).toMatchObject({ source: 'cache', product: { currency: 'JPY' } });
      expect(ali.count('getItem')).toBe(3);
    });

    it("reads eBay's currency from the site: br and kr share EBAY_US, so a US row is their hit", async () => {
      ebay.products = [fakeProduct('ebay', '110000000601', { ...usd(42.5) })];
      const id = 'v1|110000000601|0';
      expect((await getIn(id, 'uk').expect(200)).body).toMatchObject({
        source: 'live',
        product: { currency: 'GBP' },
      });
      expect((await getIn(id, 'us').expect(200)).body).toMatchObject({
        source: 'live',
        product: { price: 42.5, currency: 'USD' },
      });
      for (const region of ['br', 'kr']) {
        expect((await getIn(id, region).expect(200)).body).toMatchObject({
          source: 'cache',
          product: { price: 42.5, currency: 'USD' },
        });
      }
      expect(ebay.count('getItem')).toBe(2);
    });

    it('announces price.observed in the currency the region is priced in, never a cached foreign one', async () => {
      ali.products = [fakeProduct('aliexpress', '1005000000000602', { ...usd(10) })];
      const id = 'aliexpress_1005000000000602';
      await getIn(id, 'uk').expect(200);
      await getIn(id).expect(200);
      // From the cache now: not an observation (ARCHITECTURE §6).
      expect((await getIn(id).expect(200)).body.source).toBe('cache');
      await sut.waitForObservations(2);
      const observed = sut.observed.filter((e) => e.payload.productId === id).map((e) => e.payload);
      expect(observed.map((o) => [o.currency, o.price])).toEqual([
        ['GBP', 7.9],
        ['USD', 10],
      ]);
    });

    it('does not fall back to a row in another currency when the live marketplace fails', async () => {
      ali.products = [fakeProduct('aliexpress', '1005000000000603')];
      ebay.products = [fakeProduct('ebay', '110000000603')];
      await getIn('aliexpress_1005000000000603', 'uk').expect(200);
      await getIn('v1|110000000603|0', 'uk').expect(200);
      ali.fail('getItem', 'unavailable');
      ebay.fail('getItem', 'unavailable').fail('search', 'unavailable');
      expect((await getIn('aliexpress_1005000000000603').expect(503)).body.error.code).toBe(
        'marketplace_unavailable',
      );
      expect((await getIn('v1|110000000603|0').expect(200)).body.source).toBe('placeholder');
      // In its own currency a stale row is still the last resort (the existing refinement).
      sut.clock.advance(2 * HOUR);
      expect((await getIn('aliexpress_1005000000000603', 'uk').expect(200)).body).toMatchObject({
        source: 'cache',
        product: { currency: 'GBP' },
      });
    });
  });

  describe('garbage from a driver', () => {
    const broken = (n: string) =>
      fakeProduct('aliexpress', n, { price: { amount: -5, currency: 'USD', formattedPrice: '-$5.00' } });

    it('never reaches the client: a product failing the §5 checks is a 503, not a page', async () => {
      ali.products = [broken('1005000000000500')];
      const res = await get('aliexpress_1005000000000500').expect(503);
      expect(res.body.error.code).toBe('marketplace_unavailable');
    });

    it('is left out of search results', async () => {
      ali.products = [broken('1005000000000501'), fakeProduct('aliexpress', '1005000000000502')];
      const res = await sut.request
        .get('/api/v1/search')
        .query({ q: 'product', marketplace: 'aliexpress' })
        .expect(200);
      expect(res.body.products.map((p: { id: string }) => p.id)).toEqual(['aliexpress_1005000000000502']);
    });
  });

  describe('bad ids', () => {
    it.each([
      ['an empty id', '/api/v1/products/%20'],
      ['no id', '/api/v1/products'],
      ['an id over 512 characters', `/api/v1/products/${'a'.repeat(513)}`],
      ['a pipe id whose item part is not a number', `/api/v1/products/${encodeURIComponent('v1|abc|0')}`],
      ['a cross-border id without a number', '/api/v1/products/aliexpress_abc'],
      ['an id with a control character', '/api/v1/products/abc%00def'],
    ])('refuses %s with 400', async (_what, path) => {
      const res = await sut.request.get(path).expect(400);
      expect(res.body.error.code).toBe('invalid_product_id');
    });
  });

  describe('price.observed', () => {
    it('is emitted once per live lookup with the verified user, not for the cache or the placeholder', async () => {
      ebay.products = [
        fakeProduct('ebay', '150000000001', {
          price: { amount: 19.99, currency: 'USD', formattedPrice: '$19.99' },
        }),
      ];
      await get('v1|150000000001|0')
        .set(identityHeaders({ id: 'user-1', role: 'user' }))
        .expect(200);
      await get('v1|150000000001|0').expect(200);
      ebay.fail('getItem', 'not_found').fail('search', 'not_found');
      await get('v1|150000000002|0').expect(200);
      await sut.waitForObservations(1);
      const observed = sut.observed.filter((e) => e.payload.productId.includes('15000000000'));
      expect(observed).toHaveLength(1);
      expect(observed[0]?.payload).toMatchObject({
        productId: 'v1|150000000001|0',
        marketplace: 'ebay',
        price: 19.99,
        currency: 'USD',
        source: 'lookup',
        userId: 'user-1',
      });
      // The listing key, as the pollers key it.
      expect(observed[0]?.key).toBe('ebay:150000000001');
    });
  });

  describe('related', () => {
    it('searches the product marketplace with the title terms and leaves the product out', async () => {
      const own = fakeProduct('aliexpress', '1005000000000100', { title: 'Wireless Gaming Mouse RGB' });
      ali.products = [
        own,
        ...Array.from({ length: 12 }, (_, i) =>
          fakeProduct('aliexpress', `10050000000002${i.toString().padStart(2, '0')}`, {
            title: `Wireless Gaming Mouse RGB ${i}`,
          }),
        ),
      ];
      const res = await sut.request.get('/api/v1/products/aliexpress_1005000000000100/related').expect(200);
      expect(res.body.products).toHaveLength(10);
      expect(res.body.products.map((p: { id: string }) => p.id)).not.toContain(own.id);
      expect(ali.calls.find((c) => c.method === 'search')?.arg).toMatchObject({
        q: 'Wireless Gaming Mouse RGB',
      });
      expect(ebay.count('search')).toBe(0);
    });

    const related = (id: string) =>
      sut.request.get(`/api/v1/products/${encodeURIComponent(id)}/related`).expect(200);
    const searched = (driver: FakeDriver) =>
      driver.calls.filter((c) => c.method === 'search').map((c) => (c.arg as { q: string }).q);

    it('retries with 3, 2, then 1 terms while the search finds only the product itself (eBay: 8)', async () => {
      const own = fakeProduct('ebay', '160000000001', { title: 'Sony Alpha Camera Body Kit' });
      ebay.products = [
        own,
        ...Array.from({ length: 10 }, (_, i) =>
          fakeProduct('ebay', `1600000001${i.toString().padStart(2, '0')}`, {
            title: `Sony Alpha Lens ${i}`,
          }),
        ),
      ];
      const res = await related(own.id);
      expect(searched(ebay)).toEqual(['Sony Alpha Camera Body', 'Sony Alpha Camera', 'Sony Alpha']);
      expect(res.body.products).toHaveLength(8);
      expect(res.body.products.map((p: { id: string }) => p.id)).not.toContain(own.id);
      expect(res.body.partial).toBe(false);
    });

    it('gives up with an empty list after the single-term search, never listing the product itself', async () => {
      const own = fakeProduct('ebay', '160000000002', { title: 'Zyxwv Qwerty Unique Gadget' });
      ebay.products = [own];
      const res = await related(own.id);
      expect(searched(ebay)).toEqual([
        'Zyxwv Qwerty Unique Gadget',
        'Zyxwv Qwerty Unique',
        'Zyxwv Qwerty',
        'Zyxwv',
      ]);
      expect(res.body.products).toEqual([]);
    });

    it('does not retry a search that failed, and reports it', async () => {
      const own = fakeProduct('aliexpress', '1005000000000160', { title: 'Camping Tent Four Person' });
      ali.products = [own];
      await get(own.id).expect(200);
      ali.fail('search', 'unavailable');
      const res = await related(own.id);
      expect(ali.count('search')).toBe(1);
      expect(res.body).toMatchObject({ products: [], partial: true });
    });
  });
});
