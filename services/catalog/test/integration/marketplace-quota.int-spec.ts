import { randomUUID } from 'node:crypto';
import { createEventEnvelope, Topics } from '@pt/contracts';
import type { MarketplaceStatus } from '@pt/contracts/catalog-api';
import { listingKeyOf } from '@pt/domain';
import {
  DEFAULT_INTERACTIVE_BURST,
  DEFAULT_POLLER_SHARE,
  fairShareLimits,
  splitBudget,
} from '@pt/marketplaces';
import {
  BullMqJobQueue,
  createLogger,
  identityHeaders,
  MemoryEventBus,
  parseConfig,
  serviceEnvSchema,
  startService,
  systemClock,
  type Mailer,
  type RunningService,
  type Runtime,
  clientAddressHeaders,
} from '@pt/platform';
import { pricingService } from '@pt/pricing';
import {
  createTestPostgres,
  describeAdapter,
  eventually,
  startDemoMarketplaces,
  type DemoMarketplaces,
  type TestPostgres,
} from '@pt/testing';
import { HOST_START_TIMEOUT_MS, startCatalogHost, type CatalogHost } from '../support/catalog-host';
import { postgresAndRedis, redisBudgets, serveOnLoopback } from '../support/shared-budget';

/**
 * The marketplace quota, measured as an outsider would: one client floods the search with distinct
 * queries. With the eBay quota at 300 calls a day (90 reserved for the pollers, 210 interactive
 * with a burst of 53), the flooder gets 429s and spends only its own share of upstream calls,
 * another shopper still gets eBay results, the pollers still poll, and once what anonymous
 * shoppers may spend is spent search answers 200 with eBay's status `quota` — never a 5xx. Catalog and pricing share the budget through real Redis, on real Postgres.
 */
const availability = postgresAndRedis();

const noMail: Mailer = {
  kind: 'file',
  send: () => Promise.reject(new Error('no mail here')),
  ping: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

interface Answer {
  status: number;
  retryAfter: string | null;
  body: {
    error?: { code: string; message: string };
    products?: Array<{ marketplace: string }>;
    marketplaces?: MarketplaceStatus[];
    partial?: boolean;
  };
}

/** eBay at 300 calls a day: a client's own share of upstream calls and the floor kept for trackers. */
const EBAY_SPLIT = splitBudget(300, DEFAULT_POLLER_SHARE, DEFAULT_INTERACTIVE_BURST);
const FLOODER_SHARE = fairShareLimits(EBAY_SPLIT).client.capacity;
const RESERVED_BURST = fairShareLimits(EBAY_SPLIT).reservedBurst;

describeAdapter('marketplace-quota', 'redis+postgres', availability, () => {
  const { prefix, limiter, dispose } = redisBudgets('quota-test');
  let pg: TestPostgres;
  let demo: DemoMarketplaces;
  let catalog: CatalogHost;
  let pricing: RunningService;
  let pricingRuntime: Runtime;
  let server: Awaited<ReturnType<typeof serveOnLoopback>>;
  let base: string;

  /** One GET from `client` (its address as the gateway forwards it). */
  async function get(path: string, client: string, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await fetch(`${base}${path}`, { headers: { ...clientAddressHeaders(client), ...headers } });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as Answer['body'],
    };
  }
  const search = (q: string, client: string) => get(`/api/v1/search?q=${encodeURIComponent(q)}`, client);
  const ebayStatus = (a: Answer) => a.body.marketplaces?.find((m) => m.marketplace === 'ebay');

  /** Runs `count` requests, `concurrency` at a time, and returns every answer. */
  async function flood(count: number, concurrency: number, request: (i: number) => Promise<Answer>) {
    const answers: Answer[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) answers.push(await request(next++));
      }),
    );
    return answers;
  }

  async function budget() {
    const res = await pricingRequest('/api/v1/admin/pricing/status');
    return res.marketplaces.ebay.apiCalls.budget as {
      poller: { used: number; limit: number };
      interactive: { used: number; limit: number; burst: number };
    };
  }
  async function pricingRequest(path: string) {
    const { default: supertest } = await import('supertest');
    const res = await supertest(pricing.express)
      .get(path)
      .set(identityHeaders({ id: 'admin-1', role: 'admin' }))
      .expect(200);
    return res.body;
  }
  async function track(itemId: string) {
    await pricingRuntime.bus.publish(Topics.trackingChanged, [
      createEventEnvelope(
        Topics.trackingChanged,
        { productId: itemId, marketplace: 'ebay', reason: 'wishlist', ownerId: randomUUID(), tracked: true },
        { id: randomUUID(), occurredAt: new Date().toISOString(), key: listingKeyOf('ebay', itemId) },
      ),
    ]);
  }
  const polls = async () =>
    Number(
      (
        await pg.db.query<{ n: string }>(
          `SELECT count(*) AS n FROM pricing.global_price_history WHERE source = 'poll'`,
        )
      ).rows[0]?.n ?? 0,
    );

  beforeAll(async () => {
    pg = await createTestPostgres();
    demo = await startDemoMarketplaces({ seed: 'quota-test', size: 400 });
    const market = { ...demo.env, EBAY_CALLS_PER_DAY: '300' };
    catalog = await startCatalogHost({
      db: pg.db,
      rateLimiter: limiter,
      // The production defaults of the search cache and the per-client limit (which, with eBay's
      // interactive burst at 53, is 26 requests at once and 26 a minute).
      env: { ...market, CATALOG_SEARCH_CACHE_TTL_MS: '300000', CATALOG_CLIENT_BURST: '' },
    });
    const rawEnv = {
      ...market,
      LOG_LEVEL: 'silent',
      PRICING_WORKERS: 'on',
      PRICING_SCHEDULER_EVERY_MS: '200',
      PRICING_POLL_INTERVAL_MS: '600000',
      // The queues' pace only (a day's share spread evenly would wait minutes between polls);
      // the budget still refuses anything past the pollers' 90 calls.
      PRICING_EBAY_CALLS_PER_DAY: '10000000',
      PRICING_ALIEXPRESS_CALLS_PER_DAY: '10000000',
    };
    const queue = new BullMqJobQueue({ url: process.env.REDIS_URL!, prefix, onError: () => undefined });
    const bus = new MemoryEventBus();
    pricingRuntime = {
      env: { ...parseConfig(serviceEnvSchema, rawEnv), METRICS_TOKEN: 'metrics-token-for-tests' },
      rawEnv,
      logger: createLogger({ service: 'pricing-test', level: 'silent' }),
      db: pg.db,
      bus,
      queue,
      mailer: noMail,
      rateLimiter: limiter,
      clock: systemClock,
      async close() {
        await queue.close();
        await bus.close();
      },
    };
    pricing = await startService(pricingService, pricingRuntime);
    server = await serveOnLoopback(catalog.service.express);
    base = server.base;
  }, HOST_START_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
    await pricing?.close();
    await pricingRuntime?.close();
    await catalog?.close();
    await demo?.close();
    await pg?.drop();
    await dispose();
  });

  it('gives a flooding client 429s while another shopper still gets eBay results and the pollers poll', async () => {
    const flooder = '203.0.113.10';
    const answers = await flood(5000, 25, (i) => search(`quota drain ${i}`, flooder));

    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    const limited = answers.filter((a) => a.status === 429);
    // 26 at once, then 26 a minute: nearly all of the 5,000 are refused.
    expect(limited.length).toBeGreaterThan(4900);
    for (const a of limited.slice(0, 50)) {
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(a.body.error).toEqual({
        code: 'rate_limited',
        message: 'Too many requests. Please wait before trying again.',
        details: expect.anything(),
      });
    }

    const other = await search('wireless earbuds', '198.51.100.20');
    expect(other.status).toBe(200);
    expect(ebayStatus(other)).toMatchObject({ status: 'ok' });
    expect(other.body.products?.some((p) => p.marketplace === 'ebay')).toBe(true);

    // Every eBay search the catalog made came out of the interactive share, none from the pollers',
    // and the flooder's accepted requests spent only its own share of upstream calls.
    const spent = await budget();
    expect(answers.length - limited.length).toBeGreaterThan(FLOODER_SHARE);
    expect(spent.interactive.used).toBe(FLOODER_SHARE + 1);
    expect(spent.poller.used).toBe(0);
    const { default: supertest } = await import('supertest');
    const metrics = await supertest(pricing.express)
      .get('/metrics')
      .set('authorization', 'Bearer metrics-token-for-tests')
      .expect(200);
    expect(metrics.text).toContain(
      `pricing_api_calls_today{marketplace="ebay",kind="interactive_used"} ${spent.interactive.used}`,
    );
    expect(metrics.text).toContain('pricing_api_calls_today{marketplace="ebay",kind="poller_limit"} 90');

    const listing = demo.catalog.byMarketplace('ebay').filter((p) => !p.variationId)[0]!;
    await track(listing.itemId!);
    await eventually(async () => (await polls()) >= 1, { timeoutMs: 30_000 });
    expect((await budget()).poller.used).toBeGreaterThanOrEqual(1);
  }, 180_000);

  it('answers search from the other marketplaces with eBay status quota once the interactive share is spent, and the pollers still poll', async () => {
    // Many anonymous shoppers in different networks, each within their own limit and share, spend
    // what anonymous clients may of the interactive burst; its reserved floor is left.
    // Each shopper's searches past its own share already answer `quota` for eBay; 12 of them spend
    // more than the anonymous part.
    let answers: Answer[] = [];
    for (let client = 0; client < 12; client++)
      answers = answers.concat(
        await flood(8, 4, (i) => search(`spend ${client} ${i}`, `192.0.${client + 1}.1`)),
      );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const spent = await budget();
    expect(spent.interactive.used).toBeGreaterThanOrEqual(spent.interactive.burst - RESERVED_BURST);
    expect(spent.interactive.used).toBeLessThan(spent.interactive.burst);

    const after = await search('earbuds', '198.51.100.21');
    expect(after.status).toBe(200);
    expect(ebayStatus(after)).toMatchObject({
      status: 'quota',
      error: { code: 'quota', rateLimited: true, message: expect.stringContaining('eBay') },
    });
    expect(after.body.partial).toBe(true);
    expect(after.body.products?.some((p) => p.marketplace === 'aliexpress')).toBe(true);

    // The same search as before the share ran out is answered from the cache, eBay included.
    const cached = await search('wireless earbuds', '198.51.100.22');
    expect(ebayStatus(cached)).toMatchObject({ status: 'ok' });

    const before = await polls();
    const listing = demo.catalog.byMarketplace('ebay').filter((p) => !p.variationId)[1]!;
    await track(listing.itemId!);
    await eventually(async () => (await polls()) > before, { timeoutMs: 30_000 });
  }, 180_000);
});
