import { identityHeaders } from '@pt/platform';
import { extractSearchTerms, relatedProductsQuery } from '@pt/domain';
import { matchesQuery } from '@pt/testing';
import type { MarketplaceStatus } from '@pt/contracts/catalog-api';
import { startDemoRig, AFFILIATE, RIG_TIMEOUT_MS, type DemoRig } from '../support/demo-rig';

type Body = Record<string, unknown> & {
  products: Array<{ id: string; marketplace: string; price: number; currency: string; url: string }>;
  marketplaces: MarketplaceStatus[];
};

const statusOf = (body: Body, marketplace: string) =>
  body.marketplaces.find((m) => m.marketplace === marketplace);

describe('catalog against the demo marketplaces, through the real drivers', () => {
  let rig: DemoRig;

  beforeAll(async () => {
    rig = await startDemoRig();
  });
  afterAll(() => rig.close());
  afterEach(() => {
    rig.demo.faults.clear();
    // Past any Retry-After cool-down a fault left in the drivers.
    rig.demoClock.advance(60_000);
  });

  const api = () => rig.catalog.request;
  const ebayProduct = (n: number) => rig.demo.catalog.byMarketplace('ebay').filter((p) => !p.variationId)[n]!;
  const aliProduct = (n: number) => rig.demo.catalog.byMarketplace('aliexpress')[n]!;
  const lookup = (id: string) => api().get(`/api/v1/products/${encodeURIComponent(id)}`);

  describe('search', () => {
    it(`merges both marketplaces and the matching samples, capped at 100 (database: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, async () => {
      const res = await api()
        .get('/api/v1/search')
        .query({ q: 'wireless earbuds', pageSize: '50' })
        .expect(200);
      const body = res.body as Body;
      expect(body).toMatchObject({ partial: false, maxResults: 100, pageSize: 50 });
      expect(body.total).toBeLessThanOrEqual(100);
      expect(new Set(body.products.map((p) => p.marketplace))).toEqual(new Set(['ebay', 'aliexpress']));
      expect(statusOf(body, 'ebay')).toMatchObject({ status: 'ok' });
      expect(statusOf(body, 'aliexpress')).toMatchObject({ status: 'ok' });
      const all = await api()
        .get('/api/v1/search')
        .query({ q: 'wireless earbuds', page: '1', pageSize: '100' })
        .expect(200);
      expect((all.body as Body).products.map((p) => p.id)).toContain('sample-aliexpress-1');
    });

    it('sorts by price across marketplaces and applies the price range', async () => {
      const res = await api()
        .get('/api/v1/search')
        .query({ q: 'yoga mat', sort: 'price_asc', minPrice: '10', maxPrice: '60', pageSize: '100' })
        .expect(200);
      const prices = (res.body as Body).products.map((p) => p.price);
      expect(prices.length).toBeGreaterThan(0);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(prices.every((p) => p >= 10 && p <= 60)).toBe(true);
    });

    it('counts in total only the samples that pass the price range', async () => {
      // 'phone' matches the iPhone sample (429.99 USD).
      const res = await api()
        .get('/api/v1/search')
        .query({ q: 'phone', minPrice: '10', maxPrice: '10', pageSize: '100' })
        .expect(200);
      const body = res.body as Body & { total: number };
      expect(body.products.map((p) => p.id)).not.toContain('sample-ebay-1');
      expect(body.total).toBe(body.products.length);
    });

    it('answers one currency per region, samples converted, sorted and ranged by that currency', async () => {
      const res = await api()
        .get('/api/v1/search')
        .query({ q: 'earbuds', region: 'uk', sort: 'price_asc', pageSize: '100' })
        .expect(200);
      const products = (res.body as Body).products;
      expect(new Set(products.map((p) => p.currency))).toEqual(new Set(['GBP']));
      expect(products.find((p) => p.id === 'sample-aliexpress-1')).toMatchObject({ price: 9.75 });
      const prices = products.map((p) => p.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const ranged = await api()
        .get('/api/v1/search')
        .query({ q: 'earbuds', region: 'uk', minPrice: '12', maxPrice: '13', pageSize: '100' })
        .expect(200);
      expect((ranged.body as Body).products.map((p) => p.id)).not.toContain('sample-aliexpress-1');
      expect((ranged.body as Body).products.every((p) => p.price >= 12 && p.price <= 13)).toBe(true);
    });

    it('links to the marketplaces through the affiliate programmes', async () => {
      const res = await api().get('/api/v1/search').query({ q: 'smart watch', pageSize: '100' }).expect(200);
      const products = (res.body as Body).products;
      const ali = products.find((p) => p.marketplace === 'aliexpress');
      expect(ali?.url).toContain(`tracking_id=${AFFILIATE.ALIEXPRESS_TRACKING_ID}`);
      expect(
        rig.demo.requests.list({ marketplace: 'ebay', operation: 'search' }).at(-1)?.endUserContext,
      ).toContain(`affiliateCampaignId=${AFFILIATE.EBAY_CAMPAIGN_ID}`);
    });

    it.each([
      ['ebay', { kind: '429', retryAfterS: 30 }, { code: 'rate_limited', rateLimited: true }],
      ['aliexpress', { kind: '429', retryAfterS: 30 }, { rateLimited: true }],
      ['ebay', { kind: '500' }, { code: 'unavailable' }],
      ['aliexpress', { kind: '500' }, { code: 'unavailable' }],
      ['ebay', { kind: 'malformed' }, { code: 'bad_response' }],
      ['aliexpress', { kind: 'malformed' }, { code: 'bad_response' }],
      ['aliexpress', { kind: 'slow', delayMs: 2 * RIG_TIMEOUT_MS }, { code: 'timeout' }],
    ] as const)('answers partial results when %s fails with %j', async (marketplace, fault, error) => {
      rig.demo.faults.set({ marketplace, ...fault, times: Infinity });
      const started = Date.now();
      const res = await api().get('/api/v1/search').query({ q: 'camping tent' }).expect(200);
      const body = res.body as Body;
      const other = marketplace === 'ebay' ? 'aliexpress' : 'ebay';
      expect(body.partial).toBe(true);
      expect(statusOf(body, marketplace)).toMatchObject({ status: 'failed', count: 0, error });
      expect(statusOf(body, other)).toMatchObject({ status: 'ok' });
      expect(body.products.length).toBeGreaterThan(0);
      expect(body.products.every((p) => p.marketplace !== marketplace)).toBe(true);
      // Answered on the timeout, before the slow marketplace's answer would have come.
      expect(Date.now() - started).toBeLessThan(2 * RIG_TIMEOUT_MS - 100);
    });
  });

  describe('product lookup (§4)', () => {
    it('answers a live eBay item, then the cache, announcing only the live answer', async () => {
      const product = ebayProduct(0);
      const before = rig.catalog.observed.length;
      const first = await lookup(product.itemId!)
        .set(identityHeaders({ id: 'user-42', role: 'user' }))
        .expect(200);
      expect(first.body).toMatchObject({
        source: 'live',
        matchedBy: 'item',
        product: { id: product.itemId, marketplace: 'ebay' },
      });
      const expectedPrice = rig.demo.catalog.priceAt(product.key, rig.demoClock.now());
      expect(first.body.product.price).toBe(expectedPrice);
      expect(first.body.product.url).toContain('campid=');
      const second = await lookup(product.itemId!).expect(200);
      expect(second.body).toMatchObject({
        source: 'cache',
        fetchedAt: first.body.fetchedAt,
        product: { price: expectedPrice },
      });
      expect(rig.demo.requests.list({ marketplace: 'ebay', operation: 'item' })).toHaveLength(1);

      await rig.catalog.waitForObservations(before + 1);
      const observed = rig.catalog.observed.filter((e) => e.payload.productId === product.itemId);
      expect(observed).toHaveLength(1);
      expect(observed[0]?.payload).toMatchObject({
        marketplace: 'ebay',
        price: expectedPrice,
        source: 'lookup',
        userId: 'user-42',
      });
    });

    it('answers from the cache only in the currency the marketplace prices the region in', async () => {
      const ali = `aliexpress_${aliProduct(5).key}`;
      const ebay = ebayProduct(5).itemId!;
      const before = rig.catalog.observed.length;
      const answers: Array<[string, string | undefined, string, string]> = [
        [ali, 'uk', 'live', 'GBP'],
        [ali, undefined, 'live', 'USD'],
        [ali, 'jp', 'live', 'JPY'],
        [ali, 'jp', 'cache', 'JPY'],
        [ebay, 'uk', 'live', 'GBP'],
        [ebay, undefined, 'live', 'USD'],
        // br has no eBay site of its own: EBAY_US answers, in USD, so the US row is its hit.
        [ebay, 'br', 'cache', 'USD'],
      ];
      for (const [id, region, source, currency] of answers) {
        const res = await api()
          .get(`/api/v1/products/${encodeURIComponent(id)}`)
          .query(region ? { region } : {})
          .expect(200);
        expect([id, region, res.body.source, res.body.product.currency]).toEqual([
          id,
          region,
          source,
          currency,
        ]);
      }
      const live = answers.filter(([, , source]) => source === 'live');
      await rig.catalog.waitForObservations(before + live.length);
      // One observation per live lookup (a cache hit is none), each in the
      // listing's own currency whatever the region was shown (ARCHITECTURE §6; the demo lists in
      // USD; the relay does not keep the order).
      const pairs = (list: Array<[string, string]>) => list.map((pair) => pair.join(' ')).sort();
      const observed = rig.catalog.observed
        .filter((e) => e.payload.productId === ali || e.payload.productId === ebay)
        .map((e): [string, string] => [e.payload.productId, e.payload.currency]);
      expect(pairs(observed)).toEqual(pairs(live.map(([id]) => [id, 'USD'])));
    });

    it('answers a cross-border product by any id format from one cached row', async () => {
      const product = aliProduct(0);
      const first = await lookup(`ae_${product.key}`).expect(200);
      expect(first.body).toMatchObject({
        source: 'live',
        product: { id: `aliexpress_${product.key}`, marketplace: 'aliexpress' },
      });
      expect(first.body.product.url).toContain(`tracking_id=${AFFILIATE.ALIEXPRESS_TRACKING_ID}`);
      for (const id of [product.key, `aliexpress_${product.key}`, `x_ali_${product.key}`]) {
        expect((await lookup(id).expect(200)).body.source).toBe('cache');
      }
    });

    it('falls back to a search by item id when the item call answers garbage', async () => {
      const product = ebayProduct(1);
      rig.demo.faults.set({ marketplace: 'ebay', kind: 'malformed', times: 1 });
      const res = await lookup(product.itemId!).expect(200);
      expect(res.body).toMatchObject({
        source: 'live',
        matchedBy: 'search-exact',
        product: { id: product.itemId },
      });
      expect(
        rig.demo.requests.list({ marketplace: 'ebay', operation: 'search' }).at(-1)?.params,
      ).toMatchObject({ q: product.key });
    });

    it('answers the placeholder for an eBay item that neither the item call nor the search knows', async () => {
      const res = await lookup('v1|999999999999|0').expect(200);
      expect(res.body).toMatchObject({ source: 'placeholder', product: { price: 0 } });
      // Both steps got an answer: the placeholder does mean "not known".
      expect(res.body.unavailable).toBeUndefined();
    });

    it('answers the placeholder when eBay is rate limited throughout', async () => {
      rig.demo.faults.set({ marketplace: 'ebay', kind: '429', times: Infinity });
      const res = await lookup(ebayProduct(2).itemId!).expect(200);
      expect(res.body.source).toBe('placeholder');
      // The placeholder says why, so no caller reads a busy marketplace as an unknown listing.
      expect(res.body.unavailable).toMatchObject({ code: 'marketplace_rate_limited' });
    });

    it('waits for a hung eBay once per lookup, not once for the item call and again for the search', async () => {
      // The rig's timeout per call (MARKETPLACE_TIMEOUT_MS and the drivers'); eBay hangs.
      rig.demo.faults.set({
        marketplace: 'ebay',
        kind: 'slow',
        delayMs: 3 * RIG_TIMEOUT_MS,
        times: Infinity,
      });
      const started = performance.now();
      const res = await lookup(ebayProduct(7).itemId!).expect(200);
      const ms = Math.round(performance.now() - started);
      console.log(
        `lookup against a hung eBay answered ${res.body.source} after ${ms} ms (timeout ${RIG_TIMEOUT_MS} ms)`,
      );
      expect(res.body.source).toBe('placeholder');
      expect(res.body.unavailable).toBeDefined();
      expect(ms).toBeLessThan(1.5 * RIG_TIMEOUT_MS);
    });

    it('answers 404 for an unknown cross-border product and 503 when AliExpress is down', async () => {
      const missing = await lookup('aliexpress_1005999999999999').expect(404);
      expect(missing.body.error.message).toBe('Product not found');
      rig.demo.faults.set({ marketplace: 'aliexpress', kind: '500', times: Infinity });
      const down = await lookup(`aliexpress_${aliProduct(1).key}`).expect(503);
      expect(down.body.error).toMatchObject({
        message: 'AliExpress API request failed',
        details: { code: 'unavailable' },
      });
      // Every 503 says when to try again (no 5xx but a 503 with Retry-After).
      expect(down.headers['retry-after']).toBe('5');
    });

    it('answers 503 with the marketplace’s own wait as Retry-After when it rate-limits a lookup', async () => {
      rig.demo.faults.set({ marketplace: 'aliexpress', kind: '429', retryAfterS: 30, times: Infinity });
      const limited = await lookup(`aliexpress_${aliProduct(2).key}`).expect(503);
      expect(limited.body.error).toMatchObject({
        code: 'marketplace_rate_limited',
        details: { rateLimited: true },
      });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(30);
    });

    it('answers a static sample without calling a marketplace', async () => {
      const before = rig.demo.requests.count();
      const res = await lookup('sample-walmart-1').expect(200);
      expect(res.body).toMatchObject({ source: 'sample', product: { marketplace: 'walmart' } });
      expect(rig.demo.requests.count()).toBe(before);
    });

    it('lists related products from the product marketplace', async () => {
      // A product whose title terms (§9) match other listings too, as on a real marketplace.
      const listings = rig.demo.catalog.byMarketplace('aliexpress');
      const product = listings.find(
        (p) => listings.filter((o) => matchesQuery(o, relatedProductsQuery(p.title))).length > 3,
      )!;
      const res = await api().get(`/api/v1/products/aliexpress_${product.key}/related`).expect(200);
      expect((res.body as Body).products.length).toBeGreaterThan(0);
      expect((res.body as Body).products.length).toBeLessThanOrEqual(10);
      expect(
        (res.body as Body).products.every(
          (p) => p.marketplace === 'aliexpress' && p.id !== `aliexpress_${product.key}`,
        ),
      ).toBe(true);
    });
  });

  describe('related products of an eBay item', () => {
    it('drops title terms until other listings match, leaving the item out (8 at most)', async () => {
      // An item whose 4 title terms match only itself on the demo eBay, like most real listings.
      const listings = rig.demo.catalog.byMarketplace('ebay').filter((p) => !p.variationId);
      const matching = (q: string) => listings.filter((o) => matchesQuery(o, q)).length;
      const product = listings.find((p) => {
        const terms = extractSearchTerms(p.title);
        return terms.length === 4 && matching(terms.join(' ')) === 1 && matching(terms[0]!) > 3;
      })!;
      expect(product).toBeDefined();
      const res = await api()
        .get(`/api/v1/products/${encodeURIComponent(product.itemId!)}/related`)
        .expect(200);
      const products = (res.body as Body).products;
      expect(products.length).toBeGreaterThan(0);
      expect(products.length).toBeLessThanOrEqual(8);
      expect(products.every((p) => p.marketplace === 'ebay' && p.id !== product.itemId)).toBe(true);
    });
  });

  describe('browse pages', () => {
    it.each([
      '/api/v1/deals',
      '/api/v1/trending',
      '/api/v1/new-arrivals',
      '/api/v1/marketplaces/aliexpress',
      '/api/v1/marketplaces/ebay?region=de',
    ])('%s lists real products from both sources', async (path) => {
      const res = await api().get(path).expect(200);
      const body = res.body as Body;
      expect(body.products.length).toBeGreaterThan(0);
      expect(body.partial).toBe(false);
    });

    it('orders deals by discount', async () => {
      const res = await api().get('/api/v1/deals').expect(200);
      const discounts = (res.body.products as Array<{ discount: number }>).map((p) => p.discount);
      expect(discounts.every((d) => d > 0)).toBe(true);
      expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    });

    it('answers a category page from both marketplaces in that category', async () => {
      const res = await api().get('/api/v1/categories/sports').query({ q: 'yoga' }).expect(200);
      expect(res.body.category.slug).toBe('sports');
      expect(new Set((res.body as Body).products.map((p) => p.marketplace))).toEqual(
        new Set(['ebay', 'aliexpress']),
      );
    });
  });
});

describe('catalog building its drivers from the environment', () => {
  let rig: DemoRig;

  beforeAll(async () => {
    rig = await startDemoRig({ fromEnv: true });
  });
  afterAll(() => rig.close());

  it('searches the demo marketplaces with one eBay token for many calls', async () => {
    for (const q of ['backpack', 'lamp', 'sneakers', 'puzzle']) {
      const res = await rig.catalog.request.get('/api/v1/search').query({ q }).expect(200);
      expect(res.body.partial).toBe(false);
      expect(res.body.products.length).toBeGreaterThan(0);
    }
    expect(rig.demo.requests.count({ marketplace: 'ebay', operation: 'search' })).toBe(4);
    expect(rig.demo.requests.tokenMints()).toBe(1);
  });
});
