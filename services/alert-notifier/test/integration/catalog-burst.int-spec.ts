import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import type { AddressInfo } from 'node:net';
import { catalogConfigSchema, catalogService } from '@pt/catalog';
import { clientLimits } from '@pt/catalog/config';
import {
  closeServer,
  createLogger,
  InlineJobQueue,
  MemoryEventBus,
  parseConfig,
  RedisRateLimiter,
  serviceEnvSchema,
  startService,
  systemClock,
  type JobQueue,
  type Mailer,
  type RunningService,
  type Runtime,
} from '@pt/platform';
import {
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  redisAvailability,
  startDemoMarketplaces,
  startSmtpSink,
  type DemoMarketplaces,
  type SmtpSink,
  type TestPostgres,
} from '@pt/testing';
import request from 'supertest';
import { HttpProductLookup } from '../../src/services/product-lookup.service';
import {
  asUser,
  smtpMailer,
  startNotifier,
  testQueue,
  type NotifierUnderTest,
} from '../support/notifier-host';

const USERS = 20;
const PER_USER = 10;

const noMail: Mailer = {
  kind: 'file',
  send: () => Promise.reject(new Error('the catalog sends no mail')),
  ping: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

/**
 * The catalog as a host runs it (its own per-client limit at the defaults, its drivers against the
 * demo marketplaces), listening on loopback: the notifier reaches it over HTTP as in the
 * distributed mode, every lookup from the one address of the notifier's process.
 */
async function startCatalog(db: TestPostgres['db'], demo: DemoMarketplaces, redisPrefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-burst-'));
  const rawEnv: Record<string, string> = {
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...demo.env,
  };
  const queue = new InlineJobQueue();
  const bus = new MemoryEventBus();
  // Under a prefix of this file's: every test file's catalog sees its callers at 127.0.0.1.
  const rateLimiter = new RedisRateLimiter(process.env.REDIS_URL ?? '', `${redisPrefix}:rl`);
  const runtime: Runtime = {
    env: parseConfig(serviceEnvSchema, rawEnv),
    rawEnv,
    logger: createLogger({ service: 'catalog-burst', level: 'silent' }),
    db,
    bus,
    queue,
    mailer: noMail,
    rateLimiter,
    clock: systemClock,
    close: async () => {
      await queue.close();
      await bus.close();
      await rateLimiter.close();
    },
  };
  const service: RunningService = await startService(catalogService, runtime);
  const server = http.createServer(service.express);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    limits: clientLimits(catalogConfigSchema.parse(rawEnv)),
    async close() {
      await closeServer(server);
      await service.close();
      await runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Above about 60 creations a minute across all users, creation answered 400
 * "Unknown product": the catalog limited the notifier's lookups as one client (its address) and the
 * notifier read the 429 as "not found". Real catalog, real demo marketplaces, real Postgres.
 */
const needs = postgresAvailability().available ? redisAvailability() : postgresAvailability();

describeAdapter('alert creation under a burst', 'postgres+redis', needs, () => {
  const redisPrefix = `pt-burst-test-${randomBytes(4).toString('hex')}`;
  let demo: DemoMarketplaces;
  let catalogDb: TestPostgres;
  let notifierDb: TestPostgres;
  let catalog: Awaited<ReturnType<typeof startCatalog>>;
  let sink: SmtpSink;
  let queue: JobQueue;
  let notifier: NotifierUnderTest;

  beforeAll(async () => {
    demo = await startDemoMarketplaces({ seed: 'alert-burst' });
    catalogDb = await createTestPostgres();
    notifierDb = await createTestPostgres();
    catalog = await startCatalog(catalogDb.db, demo, redisPrefix);
    sink = await startSmtpSink();
    queue = testQueue();
    notifier = await startNotifier({
      db: notifierDb.db,
      mailer: smtpMailer(sink.url),
      queue,
      catalog: new HttpProductLookup(() => catalog.url),
    });
  }, 120_000);

  afterAll(async () => {
    await notifier?.close();
    await queue?.close();
    await sink?.close();
    await catalog?.close();
    await demo?.close();
    await notifierDb?.drop();
    await catalogDb?.drop();
    const redis = new Redis(process.env.REDIS_URL ?? '');
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  /** eBay listings that exist and hold still, each looked up once (`v1|key|0` with the marketplace). */
  const listings = (n: number, skip = 0) => {
    const found = demo.catalog
      .byMarketplace('ebay')
      .filter((p) => !p.volatile && !p.variationId)
      .slice(skip, skip + n);
    expect(found).toHaveLength(n);
    return found.map((p) => p.key);
  };

  const create = (userId: string, productId: string) =>
    request(notifier.express)
      .post('/api/v1/alerts')
      .set(asUser(userId))
      .send({ productId, marketplace: 'ebay', targetPrice: 1 });

  it(`${USERS} users creating ${PER_USER} alerts each at once: every one is created`, async () => {
    const total = USERS * PER_USER;
    // The burst is well over one client's limit at the catalog: one shared client cannot pass.
    expect(catalog.limits.burst).toBeLessThan(total / 2);
    const products = listings(PER_USER * 2);
    const users = Array.from({ length: USERS }, () => `burst-${randomUUID()}`);
    const answers = await Promise.all(
      users.flatMap((user, u) =>
        Array.from({ length: PER_USER }, (_, i) => create(user, products[(u + i) % products.length]!)),
      ),
    );
    const byStatus = answers.reduce<Record<number, number>>((counts, res) => {
      counts[res.status] = (counts[res.status] ?? 0) + 1;
      return counts;
    }, {});
    expect(byStatus).toEqual({ 201: total });
  }, 120_000);

  it('a user over their own limit at the catalog gets 429 with Retry-After, never "Unknown product"', async () => {
    const greedy = `greedy-${randomUUID()}`;
    const products = listings(catalog.limits.burst + 15, PER_USER * 2);
    const answers = await Promise.all(products.map((productId) => create(greedy, productId)));
    const refused = answers.filter((res) => res.status !== 201);
    expect(answers.filter((res) => res.status === 400).map((res) => res.body)).toEqual([]);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect({ status: res.status, code: res.body.error?.code }).toEqual({
        status: 429,
        code: 'rate_limited',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Another user is untouched by the greedy one's limit.
    expect((await create(`other-${randomUUID()}`, products[0]!)).status).toBe(201);
  }, 120_000);
});
