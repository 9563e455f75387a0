import { MarketplaceProductSchema } from '@pt/contracts';
import { EbayApiError } from '../src/errors';
import { EbayDriver } from '../src/ebay/ebay-driver';
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

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, EbayApiError);

/** An eBay product of the demo catalog without variations (so its legacy id resolves). */
function plainProduct(n = 0) {
  return rig.demo.catalog.byMarketplace('ebay').filter((p) => !p.variationId)[n]!;
}

describe(`${EbayDriver.name} against the demo eBay`, () => {
  describe('search', () => {
    it('searches with the default page size of 20 and reports the total and a next page', async () => {
      const result = await rig.ebay().search({ q: 'wireless earbuds' });
      expect(result.marketplace).toBe('ebay');
      expect(result.products).toHaveLength(20);
      expect(result.total).toBeGreaterThan(20);
      expect(result.hasMore).toBe(true);
      expect(result.dropped).toBe(0);
      for (const product of result.products) {
        expect(product.title.toLowerCase()).toContain('wireless earbuds');
        expect(product.id).toMatch(/^v1\|\d{12}\|\d+$/);
        expect(product.price.amount).toBeGreaterThan(0);
        expect(MarketplaceProductSchema.safeParse(product).error).toBeUndefined();
      }
      const [call] = rig.demo.requests.list({ operation: 'search' });
      expect(call?.params).toMatchObject({ q: 'wireless earbuds', limit: '20', offset: '0' });
      expect(call?.ebayMarketplaceId).toBe('EBAY_US');
    });

    it('pages with offset and says when there is no further page', async () => {
      const driver = rig.ebay();
      const first = await driver.search({ q: 'yoga mat', limit: 5 });
      const total = first.total;
      const last = await driver.search({ q: 'yoga mat', limit: 5, offset: total - 2 });
      expect(last.products).toHaveLength(2);
      expect(last.hasMore).toBe(false);
      const second = await driver.search({ q: 'yoga mat', limit: 5, offset: 5 });
      expect(second.products.map((p) => p.id)).not.toEqual(first.products.map((p) => p.id));
    });

    it('filters by condition (§9 ids), price range with priceCurrency and category, and sorts by price', async () => {
      const result = await rig.ebay().search({
        q: 'black',
        condition: 'used',
        minPrice: 20,
        maxPrice: 80,
        currency: 'USD',
        categoryIds: ['293'],
        sort: 'price_asc',
        limit: 50,
      });
      expect(result.products.length).toBeGreaterThan(0);
      const prices = result.products.map((p) => p.price.amount);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      for (const product of result.products) {
        expect(product.condition).toBe('Used');
        expect(product.price.amount).toBeGreaterThanOrEqual(20);
        expect(product.price.amount).toBeLessThanOrEqual(80);
        expect(product.categories).toContain('Electronics');
      }
      expect(rig.demo.requests.list({ operation: 'search' })[0]?.params).toMatchObject({
        category_ids: '293',
        filter: 'conditionIds:{3000},price:[20..80],priceCurrency:USD',
        sort: 'price',
      });
    });

    it('returns an empty result when nothing matches (no itemSummaries in the answer)', async () => {
      const result = await rig.ebay().search({ q: 'zzzz-no-such-thing' });
      expect(result).toMatchObject({ products: [], total: 0, hasMore: false });
    });

    it('sends the region as X-EBAY-C-MARKETPLACE-ID and gets the site currency back', async () => {
      const result = await rig.ebay().search({ q: 'tent', region: 'uk', limit: 3 });
      expect(result.products[0]?.currency).toBe('GBP');
      expect(rig.demo.requests.list({ operation: 'search' })[0]?.ebayMarketplaceId).toBe('EBAY_GB');
    });

    it('uses itemAffiliateWebUrl and sends the campaign in X-EBAY-C-ENDUSERCTX when a campaign is configured', async () => {
      const result = await rig.ebay({ campaignId: '5338123456' }).search({ q: 'drone', limit: 3 });
      expect(result.products[0]?.url).toContain('campid=5338123456');
      expect(rig.demo.requests.list({ operation: 'search' })[0]?.endUserContext).toBe(
        'affiliateCampaignId=5338123456',
      );
      const plain = await rig.ebay().search({ q: 'drone', limit: 3 });
      expect(plain.products[0]?.url).not.toContain('campid');
    });

    it('hot() searches the trending query when given none', async () => {
      const result = await rig.ebay().hot({ limit: 5 });
      expect(result.products).toHaveLength(5);
      expect(rig.demo.requests.list({ operation: 'search' })[0]?.params.q).toBe('deals');
    });
  });

  describe('items', () => {
    it('gets an item by its pipe id, URL-encoded in the path', async () => {
      const demo = plainProduct();
      const product = await rig.ebay().getItem(demo.itemId!);
      expect(product.id).toBe(demo.itemId);
      expect(product.title).toBe(demo.title);
      expect(product.price.amount).toBe(rig.demo.catalog.priceAt(demo.key, rig.clock.now()));
      expect(product.specifications.Brand).toBe(demo.brand);
      // The item's product identifiers, kept for cross-marketplace matching.
      expect(product.identifiers).toEqual({ ...demo.identifiers, brand: demo.brand });
      expect(rig.demo.requests.list({ operation: 'item' })[0]?.path).toBe(
        `/buy/browse/v1/item/${encodeURIComponent(demo.itemId!)}`,
      );
    });

    it('accepts an already URL-encoded pipe id', async () => {
      const demo = plainProduct(1);
      await expect(rig.ebay().getItem(encodeURIComponent(demo.itemId!))).resolves.toMatchObject({
        id: demo.itemId,
      });
    });

    it('gets an item by legacy id, bare or ebay_-prefixed', async () => {
      const demo = plainProduct(2);
      const driver = rig.ebay();
      await expect(driver.getItem(demo.key)).resolves.toMatchObject({ id: demo.itemId });
      await expect(driver.getItem(`ebay_${demo.key}`)).resolves.toMatchObject({ id: demo.itemId });
      expect(
        rig.demo.requests.list({ operation: 'item_by_legacy_id' }).map((r) => r.params.legacy_item_id),
      ).toEqual([demo.key, demo.key]);
    });

    it('gets a variation by legacy id and variation id', async () => {
      const demo = rig.demo.catalog.byMarketplace('ebay').find((p) => p.variationId)!;
      await expect(rig.ebay().getItemByLegacyId(demo.key, demo.variationId)).resolves.toMatchObject({
        id: demo.itemId,
      });
    });

    it.each(['v1|999999999999|0', '999999999999', 'not-an-id'])(
      'rejects %s with Product not found',
      async (id) => {
        const error = await rejection(rig.ebay().getItem(id));
        expect(error.code).toBe('not_found');
        expect(error.message).toBe('Product not found');
        expect(error.rateLimited).toBe(false);
      },
    );

    it('batches getItems in calls of at most 20 ids when granted', async () => {
      const demos = rig.demo.catalog.byMarketplace('ebay').slice(0, 25);
      const ids = [...demos.map((p) => p.itemId!), 'v1|999999999999|0'];
      const result = await rig.ebay({ getItemsGranted: true }).getItems(ids);
      expect(result.products.map((p) => p.id)).toEqual(demos.map((p) => p.itemId));
      expect(result.notFound).toEqual(['v1|999999999999|0']);
      expect(result.failed).toEqual([]);
      const calls = rig.demo.requests.list({ operation: 'items' });
      expect(calls.map((c) => c.params.item_ids?.split(',').length)).toEqual([20, 6]);
      expect(rig.demo.requests.count({ operation: 'item' })).toBe(0);
    });

    it('uses single item calls when getItems is not granted', async () => {
      const demos = rig.demo.catalog.byMarketplace('ebay').slice(0, 5);
      const result = await rig.ebay({ getItemsGranted: false }).getItems(demos.map((p) => p.itemId!));
      expect(result.products).toHaveLength(5);
      expect(rig.demo.requests.count({ operation: 'items' })).toBe(0);
      expect(rig.demo.requests.count({ operation: 'item' })).toBe(5);
    });

    it('reports per-id failures from getItems instead of throwing', async () => {
      rig.demo.faults.set({ marketplace: 'ebay', kind: '500', times: Infinity });
      const demos = rig.demo.catalog.byMarketplace('ebay').slice(0, 3);
      const result = await rig
        .ebay({ getItemsGranted: true, retry: { maxAttempts: 1 } })
        .getItems(demos.map((p) => p.itemId!));
      expect(result.products).toEqual([]);
      expect(result.failed.map((f) => [f.id, f.error.code])).toEqual(
        demos.map((p) => [p.itemId, 'unavailable']),
      );
    });
  });

  describe('token', () => {
    it('mints one token for many concurrent and sequential calls', async () => {
      const driver = rig.ebay();
      await Promise.all(
        Array.from({ length: 15 }, (_, i) => driver.search({ q: 'lamp', limit: 2, offset: i })),
      );
      for (let i = 0; i < 10; i++) await driver.search({ q: 'mug', limit: 1 });
      expect(rig.demo.requests.tokenMints()).toBe(1);
      expect(rig.demo.requests.count({ operation: 'search' })).toBe(25);
    });

    it('mints again only once the token is about to expire', async () => {
      const driver = rig.ebay();
      await driver.search({ q: 'lamp', limit: 1 });
      rig.clock.advance(60 * 60 * 1000);
      await driver.search({ q: 'lamp', limit: 1 });
      expect(rig.demo.requests.tokenMints()).toBe(1);
      rig.clock.advance(60 * 60 * 1000);
      await driver.search({ q: 'lamp', limit: 1 });
      expect(rig.demo.requests.tokenMints()).toBe(2);
    });

    it('re-mints once and retries when eBay refuses the token (401 errorId 1001)', async () => {
      const driver = rig.ebay();
      await driver.search({ q: 'lamp', limit: 1 });
      rig.demo.faults.set({ marketplace: 'ebay', kind: 'bad-signature' });
      await expect(driver.search({ q: 'lamp', limit: 1 })).resolves.toMatchObject({ marketplace: 'ebay' });
      expect(rig.demo.requests.tokenMints()).toBe(2);
    });

    it('maps refused credentials to an auth error', async () => {
      const error = await rejection(rig.ebay({ clientSecret: 'wrong' }).search({ q: 'lamp' }));
      expect(error).toMatchObject({ code: 'auth', message: 'No valid response from eBay API', status: 401 });
      expect(rig.demo.requests.list({ operation: 'token' })[0]?.status).toBe(401);
    });
  });

  describe('faults', () => {
    it('fails a 429 fast with rateLimited and retryAfterMs, and does not call again until Retry-After has passed', async () => {
      const driver = rig.ebay();
      rig.demo.faults.set({ marketplace: 'ebay', kind: '429', retryAfterS: 30 });
      const error = await rejection(driver.search({ q: 'lamp' }));
      expect(error).toMatchObject({
        code: 'rate_limited',
        rateLimited: true,
        retryAfterMs: 30_000,
        message: 'No valid response from eBay API',
      });
      // Ten more callers during the cool-down: none reaches eBay.
      for (let i = 0; i < 10; i++)
        expect((await rejection(driver.search({ q: 'lamp' }))).rateLimited).toBe(true);
      expect(rig.demo.requests.count({ operation: 'search' })).toBe(1);
      rig.clock.advance(30_000);
      await expect(driver.search({ q: 'lamp' })).resolves.toMatchObject({ marketplace: 'ebay' });
      expect(rig.demo.requests.count({ operation: 'search' })).toBe(2);
    });

    it('does not retry a 429 without Retry-After either', async () => {
      rig.demo.faults.set({ marketplace: 'ebay', kind: '429', times: 5 });
      const driver = rig.ebay();
      expect((await rejection(driver.search({ q: 'lamp' }))).rateLimited).toBe(true);
      expect(rig.demo.requests.count({ operation: 'search' })).toBe(1);
    });

    it('retries a 500 with back-off and then succeeds', async () => {
      rig.demo.faults.set({ marketplace: 'ebay', kind: '500', times: 2 });
      await expect(rig.ebay().search({ q: 'lamp', limit: 2 })).resolves.toMatchObject({
        products: expect.any(Array),
      });
      expect(rig.demo.requests.list({ operation: 'search' }).map((r) => r.status)).toEqual([500, 500, 200]);
    });

    it('gives up after the retries with No valid response from eBay API', async () => {
      rig.demo.faults.set({ marketplace: 'ebay', kind: '500', times: Infinity });
      const error = await rejection(rig.ebay().search({ q: 'lamp' }));
      expect(error).toMatchObject({
        code: 'unavailable',
        status: 500,
        message: 'No valid response from eBay API',
        transient: true,
      });
      expect(rig.demo.requests.count({ operation: 'search' })).toBe(3);
    });

    it('times out a slow answer', async () => {
      const driver = rig.ebay({ timeoutMs: 150 });
      await driver.tokens.getToken();
      rig.demo.faults.set({ marketplace: 'ebay', kind: 'slow', delayMs: 1_000 });
      const started = Date.now();
      const error = await rejection(driver.search({ q: 'lamp' }));
      expect(error.code).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(900);
    });

    it('maps a malformed body to bad_response without crashing', async () => {
      rig.demo.faults.set({ marketplace: 'ebay', kind: 'malformed' });
      const error = await rejection(rig.ebay().search({ q: 'lamp' }));
      expect(error).toMatchObject({ code: 'bad_response', message: 'No valid response from eBay API' });
    });

    it('opens the circuit after consecutive failures and stops calling eBay', async () => {
      const driver = rig.ebay({
        retry: { maxAttempts: 1 },
        breaker: { failureThreshold: 3, resetTimeoutMs: 10_000 },
      });
      await driver.tokens.getToken();
      rig.demo.faults.set({ marketplace: 'ebay', kind: '500', times: Infinity });
      for (let i = 0; i < 3; i++)
        expect((await rejection(driver.search({ q: 'lamp' }))).code).toBe('unavailable');
      expect(driver.http.breaker.state).toBe('open');
      const refused = await rejection(driver.search({ q: 'lamp' }));
      expect(refused).toMatchObject({ code: 'circuit_open', message: 'No valid response from eBay API' });
      expect(rig.demo.requests.count({ operation: 'search' })).toBe(3);

      // After the cool-down one probe goes through; its success closes the circuit.
      rig.demo.faults.clear();
      rig.clock.advance(10_000);
      await expect(driver.search({ q: 'lamp' })).resolves.toMatchObject({ marketplace: 'ebay' });
      expect(driver.http.breaker.state).toBe('closed');
    });
  });

  describe('prices over time', () => {
    it('follows the demo clock deterministically and shows a drop', async () => {
      const demo = plainProduct(3);
      const drop = rig.demo.catalog.nextDrop(demo.key, rig.clock.now())!;
      expect(drop).toBeDefined();
      const driver = rig.ebay();

      rig.clock.set(drop.at.getTime() - rig.demo.catalog.priceBucketMs);
      const before = await driver.getItem(demo.itemId!);
      rig.clock.set(drop.at);
      const after = await driver.getItem(demo.itemId!);

      expect(before.price.amount).toBe(drop.before);
      expect(after.price.amount).toBe(drop.after);
      expect(after.price.amount).toBeLessThan(before.price.amount);
    });
  });
});

describe('EbayDriver when eBay refuses the Limited Release getItems call', () => {
  let refusing: DemoRig;
  beforeAll(async () => {
    refusing = await startRig({ getItemsGranted: false, size: 200 });
  });
  afterAll(async () => refusing.demo.close());

  it('falls back to single item calls and stays there', async () => {
    const driver = refusing.ebay({ getItemsGranted: true });
    const ids = refusing.demo.catalog
      .byMarketplace('ebay')
      .slice(0, 3)
      .map((p) => p.itemId!);
    const first = await driver.getItems(ids);
    expect(first.products.map((p) => p.id)).toEqual(ids);
    expect(driver.batching).toBe(false);
    await driver.getItems(ids);
    expect(refusing.demo.requests.list({ operation: 'items' }).map((r) => r.status)).toEqual([403]);
    expect(refusing.demo.requests.count({ operation: 'item' })).toBe(6);
  });
});
