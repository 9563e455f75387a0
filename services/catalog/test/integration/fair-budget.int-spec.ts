import { randomUUID } from 'node:crypto';
import { createEventEnvelope, Topics } from '@pt/contracts';
import type { MarketplaceStatus } from '@pt/contracts/catalog-api';
import { listingKeyOf } from '@pt/domain';
import { clientAddressHeaders, identityHeaders } from '@pt/platform';
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
 * The attack on a shared budget as the probe ran it: 50 addresses (X-Forwarded-For as the gateway
 * forwards it, each in its own /24) search distinct queries as fast as their request limit lets them, with
 * every default in force (eBay 5,000 calls a day, AliExpress 100,000 and 10 a second). Meanwhile
 * a signed-in shopper with a tracked item searches once a second, and an anonymous bystander
 * repeats searches it made before the attack. Real Redis (shared budgets), real Postgres, the demo
 * marketplaces over HTTP.
 */
const availability = postgresAndRedis();

interface Answer {
  status: number;
  products: Array<{ marketplace: string }>;
  marketplaces: MarketplaceStatus[];
}

const statusOf = (a: Answer, marketplace: string) =>
  a.marketplaces.find((m) => m.marketplace === marketplace);
const hasResultsFrom = (a: Answer, marketplace: string) =>
  a.products.some((p) => p.marketplace === marketplace);

describeAdapter('fair-budget', 'redis+postgres', availability, () => {
  const { limiter, dispose } = redisBudgets('fair-test');
  let pg: TestPostgres;
  let demo: DemoMarketplaces;
  let catalog: CatalogHost;
  let server: Awaited<ReturnType<typeof serveOnLoopback>>;
  let base: string;

  async function search(q: string, headers: Record<string, string>): Promise<Answer> {
    const res = await fetch(`${base}/api/v1/search?q=${encodeURIComponent(q)}`, { headers });
    const body = (await res.json()) as Partial<Answer>;
    return { status: res.status, products: body.products ?? [], marketplaces: body.marketplaces ?? [] };
  }

  beforeAll(async () => {
    pg = await createTestPostgres();
    demo = await startDemoMarketplaces({ seed: 'fair-budget', size: 600 });
    catalog = await startCatalogHost({
      db: pg.db,
      rateLimiter: limiter,
      // Production defaults: 5-minute search cache, the per-client request limit, the budgets.
      env: { ...demo.env, CATALOG_SEARCH_CACHE_TTL_MS: '300000', CATALOG_CLIENT_BURST: '' },
    });
    server = await serveOnLoopback(catalog.service.express);
    base = server.base;
  }, HOST_START_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
    await catalog?.close();
    await demo?.close();
    await pg?.drop();
    await dispose();
  });

  it('50 attacking addresses cannot take eBay or AliExpress from a signed-in shopper with a tracked item', async () => {
    const victim = { id: `victim-${randomUUID()}`, role: 'user' as const };
    const victimHeaders = identityHeaders(victim);
    const item = demo.catalog.byMarketplace('ebay').filter((p) => !p.variationId)[0]!;
    await catalog.runtime.bus.publish(Topics.trackingChanged, [
      createEventEnvelope(
        Topics.trackingChanged,
        {
          productId: item.itemId!,
          marketplace: 'ebay',
          reason: 'wishlist',
          ownerId: randomUUID(),
          userId: victim.id,
          tracked: true,
        },
        { id: randomUUID(), occurredAt: new Date().toISOString(), key: listingKeyOf('ebay', item.itemId!) },
      ),
    ]);
    await eventually(
      async () =>
        (
          await pg.db.query(`SELECT 1 FROM catalog.tracked_reasons WHERE user_id = $1 AND tracked`, [
            victim.id,
          ])
        ).rows.length === 1,
    );
    const bystander = clientAddressHeaders('192.0.2.50');
    const remembered = await search('wireless earbuds', bystander);
    expect(hasResultsFrom(remembered, 'ebay')).toBe(true);

    // The attack: 50 addresses, 24 requests each (their request limit allows 60 at once), 25 at a time.
    const addresses = Array.from({ length: 50 }, (_, n) => `100.${64 + n}.7.9`);
    const jobs = addresses.flatMap((ip, a) =>
      Array.from({ length: 24 }, (_, i) => ({ ip, q: `drain ${a} ${i}` })),
    );
    const attacker: Answer[] = [];
    let next = 0;
    let attacking = true;
    const attack = Promise.all(
      Array.from({ length: 25 }, async () => {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          attacker.push(await search(job.q, clientAddressHeaders(job.ip)));
        }
      }),
    ).finally(() => (attacking = false));

    const victimAnswers: Answer[] = [];
    const bystanderAnswers: Answer[] = [];
    for (let i = 0; attacking || i < 5; i++) {
      victimAnswers.push(await search(`victim look ${i}`, victimHeaders));
      bystanderAnswers.push(await search('wireless earbuds', bystander));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await attack;

    const attackerEbayOk = attacker.filter((a) => statusOf(a, 'ebay')?.status === 'ok').length;
    const attackerEbayQuota = attacker.filter((a) => statusOf(a, 'ebay')?.status === 'quota').length;
    const aliOk = (a: Answer) => statusOf(a, 'aliexpress')?.status === 'ok';
    const attackerAli = attacker.filter(aliOk).length;
    const victimEbay = victimAnswers.filter((a) => statusOf(a, 'ebay')?.status === 'ok').length;
    const victimAli = victimAnswers.filter(aliOk).length;
    process.stdout.write(
      `[fair-budget] ${attacker.length} attack requests from ${addresses.length} addresses: eBay ok ${attackerEbayOk}, ` +
        `eBay quota ${attackerEbayQuota}, 429 ${attacker.filter((a) => a.status === 429).length}, AliExpress answered ${attackerAli}; ` +
        `victim (signed in, tracked item) ${victimAnswers.length} searches: eBay ok ${victimEbay}, AliExpress answered ${victimAli}; ` +
        `bystander (anonymous, repeat search): eBay results ${bystanderAnswers.filter((a) => hasResultsFrom(a, 'ebay')).length}/${bystanderAnswers.length}\n`,
    );

    expect(attacker.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    // The attack did drain what anonymous clients may spend: its later searches got eBay's `quota`.
    expect(attackerEbayQuota).toBeGreaterThan(0);
    // The signed-in shopper with a tracked item kept both marketplaces through it all.
    expect(victimEbay).toBe(victimAnswers.length);
    expect(victimAli / victimAnswers.length).toBeGreaterThanOrEqual(0.95);
    // The anonymous bystander's repeat search kept its eBay results (the search cache's answer).
    expect(bystanderAnswers.every((a) => hasResultsFrom(a, 'ebay'))).toBe(true);
    const fresh = await search('a bystander asks something new', bystander);
    expect(statusOf(fresh, 'ebay')).toMatchObject({ status: 'quota', error: { code: 'quota' } });
  }, 240_000);
});
