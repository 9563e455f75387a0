import { MarketplaceProductSchema } from '@pt/contracts';
import { AliExpressDriver } from '../src/aliexpress/aliexpress-driver';
import { AliExpressApiError } from '../src/errors';
import { rejectionOf, startRig, type DemoRig } from './support';

let rig: DemoRig;

beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => rig.demo.close());
afterEach(() => {
  rig.demo.faults.clear();
  rig.demo.requests.clear();
});

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, AliExpressApiError);

const calls = (method: string) => rig.demo.requests.list({ marketplace: 'aliexpress', operation: method });

describe(`${AliExpressDriver.name} against the demo AliExpress`, () => {
  describe('product query', () => {
    it('searches with signed §7 parameters and the LAST_VOLUME_DESC default sort', async () => {
      const result = await rig.aliexpress().search({ q: 'smart watch', limit: 10 });
      expect(result.products).toHaveLength(10);
      expect(result.total).toBeGreaterThan(10);
      expect(result.hasMore).toBe(true);
      for (const product of result.products) {
        expect(product.id).toMatch(/^aliexpress_\d{16}$/);
        expect(product.title.toLowerCase()).toMatch(/smart.*watch|watch.*smart/);
        expect(product.marketplaceName).toBe('AliExpress');
        expect(MarketplaceProductSchema.safeParse(product).error).toBeUndefined();
      }
      expect(calls('aliexpress.affiliate.product.query')[0]?.params).toMatchObject({
        app_key: rig.demo.credentials.aliexpress.appKey,
        sign_method: 'sha256',
        v: '2.0',
        format: 'json',
        keywords: 'smart watch',
        page_no: '1',
        page_size: '10',
        sort: 'LAST_VOLUME_DESC',
        ship_to_country: 'US',
        target_currency: 'USD',
        target_language: 'EN',
      });
    });

    it('pages: an offset is served from the page holding it', async () => {
      const driver = rig.aliexpress();
      const page3 = await driver.search({ q: 'mug', limit: 10, offset: 20 });
      expect(page3.offset).toBe(20);
      expect(calls('aliexpress.affiliate.product.query')[0]?.params.page_no).toBe('3');
    });

    it('filters by category and price (sent in cents) and sorts by price', async () => {
      const result = await rig
        .aliexpress()
        .search({ q: '', categoryIds: ['44'], minPrice: 10, maxPrice: 25.5, sort: 'price_asc', limit: 50 });
      expect(result.products.length).toBeGreaterThan(0);
      const prices = result.products.map((p) => p.price.amount);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      for (const product of result.products) {
        expect(product.price.amount).toBeGreaterThanOrEqual(10);
        expect(product.price.amount).toBeLessThanOrEqual(25.5);
        expect(product.categories).toContain('Electronics');
      }
      expect(calls('aliexpress.affiliate.product.query')[0]?.params).toMatchObject({
        category_ids: '44',
        min_sale_price: '1000',
        max_sale_price: '2550',
        sort: 'SALE_PRICE_ASC',
      });
    });

    it('asks for the region currency, country and language', async () => {
      const result = await rig.aliexpress().search({ q: 'tent', region: 'uk', limit: 2 });
      expect(result.products[0]?.currency).toBe('GBP');
      expect(calls('aliexpress.affiliate.product.query')[0]?.params).toMatchObject({
        ship_to_country: 'GB',
        target_currency: 'GBP',
        target_language: 'EN',
      });
    });

    it('returns an empty result for "The result is empty" (resp_code 405)', async () => {
      await expect(rig.aliexpress().search({ q: 'zzzz-no-such-thing' })).resolves.toMatchObject({
        products: [],
        total: 0,
        hasMore: false,
      });
    });

    it('does not call for a condition filter without new (AliExpress sells new goods)', async () => {
      await expect(rig.aliexpress().search({ q: 'mug', condition: 'used' })).resolves.toMatchObject({
        products: [],
        total: 0,
      });
      expect(rig.demo.requests.count({ marketplace: 'aliexpress' })).toBe(0);
    });

    it('uses promotion_link as the url when a tracking id is configured', async () => {
      const result = await rig.aliexpress({ trackingId: 'pt_demo' }).search({ q: 'mug', limit: 2 });
      expect(result.products[0]?.url).toMatch(/^https:\/\/s\.click\.aliexpress\.com\//);
      expect(calls('aliexpress.affiliate.product.query')[0]?.params.tracking_id).toBe('pt_demo');
      const plain = await rig.aliexpress().search({ q: 'mug', limit: 2 });
      expect(plain.products[0]?.url).toMatch(/^https:\/\/www\.aliexpress\.com\/item\//);
    });

    it('signs with md5 as well', async () => {
      await expect(
        rig.aliexpress({ signMethod: 'md5' }).search({ q: 'mug', limit: 1 }),
      ).resolves.toMatchObject({ marketplace: 'aliexpress' });
      expect(calls('aliexpress.affiliate.product.query')[0]?.params.sign_method).toBe('md5');
    });
  });

  describe('hot products', () => {
    it('queries hotproduct.query, keywords optional, discount sort', async () => {
      const result = await rig.aliexpress().hot({ limit: 5, sort: 'discount_desc' });
      expect(result.products).toHaveLength(5);
      const [call] = calls('aliexpress.affiliate.hotproduct.query');
      expect(call?.params).toMatchObject({ page_size: '5', sort: 'DISCOUNT_DESC' });
      expect(call?.params.keywords).toBeUndefined();
      const discounts = result.products.map((p) => p.discount ?? 0);
      expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    });
  });

  describe('product details', () => {
    const demoProduct = (n = 0) => rig.demo.catalog.byMarketplace('aliexpress')[n]!;

    it.each([
      ['aliexpress_', (key: string) => `aliexpress_${key}`],
      ['ae_', (key: string) => `ae_${key}`],
      ['bare', (key: string) => key],
    ])('gets a product by a %s id', async (_case, idOf) => {
      const demo = demoProduct();
      const product = await rig.aliexpress().getItem(idOf(demo.key));
      expect(product.id).toBe(`aliexpress_${demo.key}`);
      expect(product.price.amount).toBe(rig.demo.catalog.priceAt(demo.key, rig.clock.now()));
      expect(calls('aliexpress.affiliate.productdetail.get')[0]?.params.product_ids).toBe(demo.key);
    });

    it.each(['aliexpress_1005999999999999', 'aliexpress_abc'])(
      'rejects %s with Product not found',
      async (id) => {
        const error = await rejection(rig.aliexpress().getItem(id));
        expect(error).toMatchObject({ code: 'not_found', message: 'Product not found' });
      },
    );

    it('batches getItems through productdetail.get', async () => {
      const demos = rig.demo.catalog.byMarketplace('aliexpress').slice(0, 25);
      const ids = [...demos.map((p) => `aliexpress_${p.key}`), 'aliexpress_1005999999999999'];
      const result = await rig.aliexpress().getItems(ids);
      expect(result.products.map((p) => p.id)).toEqual(demos.map((p) => `aliexpress_${p.key}`));
      expect(result.notFound).toEqual(['aliexpress_1005999999999999']);
      expect(
        calls('aliexpress.affiliate.productdetail.get').map((c) => c.params.product_ids?.split(',').length),
      ).toEqual([20, 6]);
    });
  });

  describe('errors and faults', () => {
    it("maps a wrong secret to 'AliExpress API failed: {message}'", async () => {
      const error = await rejection(rig.aliexpress({ appSecret: 'wrong' }).search({ q: 'mug' }));
      expect(error.message).toBe(
        'AliExpress API failed: The request signature does not conform to platform standards',
      );
      expect(error.code).toBe('auth');
    });

    it('maps an injected bad signature the same way', async () => {
      rig.demo.faults.set({ marketplace: 'aliexpress', kind: 'bad-signature' });
      const error = await rejection(rig.aliexpress().search({ q: 'mug' }));
      expect(error.message).toBe(
        'AliExpress API failed: The request signature does not conform to platform standards',
      );
    });

    it('treats ApiCallLimit as rate limited, without retrying, and pauses for the announced ban', async () => {
      const driver = rig.aliexpress();
      rig.demo.faults.set({ marketplace: 'aliexpress', kind: '429', retryAfterS: 3 });
      const error = await rejection(driver.search({ q: 'mug' }));
      expect(error).toMatchObject({ code: 'rate_limited', rateLimited: true, retryAfterMs: 3_000 });
      expect(error.message).toMatch(/^AliExpress API failed: Api access frequency exceeds the limit/);
      for (let i = 0; i < 5; i++)
        expect((await rejection(driver.search({ q: 'mug' }))).rateLimited).toBe(true);
      expect(rig.demo.requests.count({ marketplace: 'aliexpress' })).toBe(1);
      rig.clock.advance(3_000);
      await expect(driver.search({ q: 'mug', limit: 1 })).resolves.toMatchObject({
        marketplace: 'aliexpress',
      });
    });

    it('retries a 500 and then succeeds', async () => {
      rig.demo.faults.set({ marketplace: 'aliexpress', kind: '500', times: 2 });
      await expect(rig.aliexpress().search({ q: 'mug', limit: 1 })).resolves.toMatchObject({
        marketplace: 'aliexpress',
      });
      expect(rig.demo.requests.list({ marketplace: 'aliexpress' }).map((r) => r.status)).toEqual([
        500, 500, 200,
      ]);
    });

    it("maps a malformed body to 'AliExpress API request failed'", async () => {
      rig.demo.faults.set({ marketplace: 'aliexpress', kind: 'malformed' });
      const error = await rejection(rig.aliexpress().search({ q: 'mug' }));
      expect(error).toMatchObject({ code: 'bad_response', message: 'AliExpress API request failed' });
    });

    it("times out a slow answer with 'AliExpress API request failed'", async () => {
      rig.demo.faults.set({ marketplace: 'aliexpress', kind: 'slow', delayMs: 1_000 });
      const error = await rejection(rig.aliexpress({ timeoutMs: 150 }).search({ q: 'mug' }));
      expect(error).toMatchObject({ code: 'timeout', message: 'AliExpress API request failed' });
    });

    it('opens the circuit after consecutive failures', async () => {
      const driver = rig.aliexpress({
        retry: { maxAttempts: 1 },
        breaker: { failureThreshold: 2, resetTimeoutMs: 5_000 },
      });
      rig.demo.faults.set({ marketplace: 'aliexpress', kind: '500', times: Infinity });
      await rejection(driver.search({ q: 'mug' }));
      await rejection(driver.search({ q: 'mug' }));
      expect((await rejection(driver.search({ q: 'mug' }))).code).toBe('circuit_open');
      expect(rig.demo.requests.count({ marketplace: 'aliexpress' })).toBe(2);
    });

    it('refuses calls over the shared per-credential quota without calling', async () => {
      const { MemoryRateLimiter } = await import('@pt/platform/rate-limit/index');
      const limiter = new MemoryRateLimiter(rig.clock.now);
      const first = rig.aliexpress({ rateLimiter: limiter, rateLimit: { limit: 2, windowMs: 1_000 } });
      const second = rig.aliexpress({ rateLimiter: limiter, rateLimit: { limit: 2, windowMs: 1_000 } });
      await first.search({ q: 'mug', limit: 1 });
      await second.search({ q: 'mug', limit: 1 });
      const error = await rejection(first.search({ q: 'mug', limit: 1 }));
      expect(error).toMatchObject({ code: 'rate_limited', rateLimited: true });
      expect(rig.demo.requests.count({ marketplace: 'aliexpress' })).toBe(2);
    });
  });
});
