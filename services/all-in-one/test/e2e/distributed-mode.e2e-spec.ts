import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { formatPrice } from '@pt/domain';
import {
  createTestPostgres,
  DISTRIBUTED_SERVICES as SERVICES,
  DemoCatalog,
  eventually,
  fastPollingEnv,
  gatewayClient,
  priceDropsTo,
  processesInGroup,
  quietEbayListings,
  signedIn,
  sinkMail,
  kafkaAvailability,
  postgresAvailability,
  redisAvailability,
  privateRedisDatabase,
  startDistributedHost,
  startSmtpSink,
  waitForExit,
  type DistributedHost,
  type SmtpSink,
  type TestPostgres,
  observedPoints,
} from '@pt/testing';

const DEMO_SEED = 'distributed-e2e';
const METRICS_TOKEN = `metrics-${randomBytes(12).toString('hex')}`;

/** This machine's first non-loopback IPv4 address, to knock on a port from "the network". */
function networkAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}
const POLL_INTERVAL_MS = 1000;

const infraMissing = [postgresAvailability(), redisAvailability()].find((a) => !a.available);

/** The bus the services talk over: the Redis Streams default, and Kafka (production's) when a cluster is given. */
const BUSES = [
  { bus: 'redis', title: 'distributed mode (npm run start:distributed)', missing: infraMissing },
  {
    bus: 'kafka',
    title: `distributed mode on Kafka (EVENT_BUS=kafka${process.env.KAFKA_CLUSTER ? `, ${process.env.KAFKA_CLUSTER}` : ''})`,
    missing: infraMissing ?? [kafkaAvailability()].find((a) => !a.available),
  },
] as const;

/**
 * The distributed mode (`npm run start:distributed`: every service
 * its own process, real HTTP between them, the event bus, Postgres and Redis) carries a demo
 * price drop poller → pricing → notifier → SMTP, with a price alert (§3 price alerts,
 * ARCHITECTURE §6 firing rule: once per crossing). One start serves every check of the mode: each
 * process ready behind the gateway, the drop, and a graceful stop that leaves no process behind.
 * The same journey on Kafka.
 */
for (const { bus, title, missing } of BUSES) {
  (missing ? describe.skip : describe)(`${title}${missing ? ` skipped: ${missing.reason}` : ''}`, () =>
    journey(bus),
  );
}

function journey(bus: 'redis' | 'kafka'): void {
  let pg: TestPostgres;
  let sink: SmtpSink;
  let host: DistributedHost | undefined;
  let base = 0;
  let gateway = '';
  // Queues, streams and limits go to a Redis database of the run's own (privateRedisDatabase): the
  // services take no key prefix, and another host's workers would take this one's jobs.
  const run = randomBytes(4).toString('hex');
  const shopper = `shopper-${run}@example.com`;
  const admin = `admin-${run}@example.com`;
  // A client address of its own: auth's per-IP limits live in Redis and outlast one run.
  const clientIp = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

  beforeAll(async () => {
    [pg, sink] = await Promise.all([createTestPostgres(), startSmtpSink()]);
    const redisUrl = await privateRedisDatabase(process.env.REDIS_URL ?? '');
    // Links in mails lead to this gateway: the unsubscribe link below is followed for real.
    host = await startDistributedHost((site) => ({
      DATABASE_URL: pg.url,
      REDIS_URL: redisUrl,
      EVENT_BUS: bus,
      // Topics and groups of this run only: a new consumer group reads its topic from the start.
      ...(bus === 'kafka'
        ? { KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '', KAFKA_TOPIC_PREFIX: `e2e-${run}.` }
        : {}),
      SMTP_URL: sink.url,
      ADMIN_EMAILS: admin,
      DEMO_SEED,
      ...fastPollingEnv(POLL_INTERVAL_MS),
      ALERT_EMAIL_BACKOFF_MS: '200',
      APP_URL: site,
      AUTH_SITE_URL: site,
      AUTH_EXTERNAL_URL: `${site}/auth/v1`,
      METRICS_TOKEN,
    }));
    base = host.base;
    gateway = host.url;
  }, 180_000);

  afterAll(async () => {
    await host?.stop();
    await Promise.all([sink?.close(), pg?.drop()]);
  }, 40_000);

  const call = gatewayClient(() => gateway, clientIp);
  const priceDrops = () => priceDropsTo(sink, shopper);

  it('starts every service as its own process behind the gateway, each ready', async () => {
    for (const [i, service] of SERVICES.entries()) {
      const res = await fetch(`http://127.0.0.1:${base + 1 + i}/readyz`);
      expect({ service, status: res.status }).toEqual({ service, status: 200 });
      expect(await res.json()).toMatchObject({ service, status: 'ready' });
    }
    expect((await fetch(`http://127.0.0.1:${base + 1 + SERVICES.length}/readyz`)).status).toBe(200);
    expect((await fetch(`${gateway}/readyz`)).status).toBe(200);
    // The gateway's readiness does not hang on the services; /healthz shows each.
    const health = (await (await fetch(`${gateway}/healthz`)).json()) as {
      dependencies: Record<string, { status: string }>;
    };
    for (const service of SERVICES) expect(health.dependencies[service]).toMatchObject({ status: 'up' });

    // Routed over HTTP: the wishlist process itself answers (its own 404 body), not the gateway.
    const proxied = await call('GET', '/api/v1/wishlists/probe');
    expect(proxied.status).toBe(404);
    expect(proxied.body.error.message).toContain('/api/v1/wishlists/probe');

    // A service's own port does not take bare identity headers.
    const pricingPort = base + 1 + SERVICES.indexOf('pricing');
    const spoofed = await fetch(`http://127.0.0.1:${pricingPort}/api/v1/admin/pricing/status`, {
      headers: { 'x-user-id': 'someone', 'x-user-role': 'admin' },
    });
    expect(spoofed.status).toBe(401);
  });

  it("serves the demo marketplaces' own pictures, which the gateway's CSP allows by exact origin", async () => {
    const search = await call('GET', '/api/v1/search?q=lamp&marketplace=ebay&region=us');
    expect(search.status).toBe(200);
    const image = (search.body.products as Array<{ image: string }>)[0]!.image;
    expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/\d+\/0\.svg$/);
    const picture = await fetch(image);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const csp = (await fetch(`${gateway}/`)).headers.get('content-security-policy') ?? '';
    const imgSrc = /img-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(imgSrc).toEqual(expect.arrayContaining(["'self'", 'https:', new URL(image).origin]));
    expect(imgSrc).not.toContain('http:');
  });

  it('every process listens on loopback only and serves /metrics (process health included) only with the token', async () => {
    // The gateway, each service and the pricing worker, as start:distributed numbers their ports.
    const ports = [base, ...SERVICES.map((_s, i) => base + 1 + i), base + 1 + SERVICES.length];
    for (const port of ports) {
      const bare = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect({ port, status: bare.status }).toEqual({ port, status: 401 });
      const wrong = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: 'Bearer not-the-metrics-token' },
      });
      expect({ port, status: wrong.status }).toEqual({ port, status: 401 });
      const ok = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect({ port, status: ok.status }).toEqual({ port, status: 200 });
      // Each process's own health beside its request metrics: CPU, heap and event-loop lag.
      const exposed = (await ok.text()).split('\n').filter((line) => !line.startsWith('#'));
      const has = (name: string) => exposed.some((line) => line.startsWith(name));
      expect({
        port,
        cpu: has('process_cpu_seconds_total'),
        heap: has('nodejs_heap_size_used_bytes'),
        lag: has('nodejs_eventloop_lag_seconds'),
      }).toEqual({ port, cpu: true, heap: true, lag: true });
    }
    const outside = networkAddress();
    if (!outside) {
      console.warn('no non-loopback IPv4 interface here: the listen-address check is skipped');
      return;
    }
    for (const port of ports) {
      const error = await fetch(`http://${outside}:${port}/healthz`).then(
        () => undefined,
        (e: unknown) => e as { cause?: { code?: string } },
      );
      expect({ port, refused: error?.cause?.code }).toEqual({ port, refused: 'ECONNREFUSED' });
    }
  });

  it('a pinned demo price below the target mails the shopper once per crossing, through every process', async () => {
    const [product] = quietEbayListings(new DemoCatalog({ seed: DEMO_SEED }));
    if (!product) throw new Error('no quiet demo eBay listing');
    const [userToken, adminToken] = await Promise.all([
      signedIn(call, sinkMail(sink), shopper, { site: gateway }),
      signedIn(call, sinkMail(sink), admin, { site: gateway }),
    ]);

    // An alert 10% under the current price: armed (§3).
    const probe = await call(
      'POST',
      '/api/v1/alerts',
      { productId: product.key, targetPrice: 1_000_000 },
      userToken,
    );
    expect({ status: probe.status, error: probe.body.error }).toEqual({ status: 201, error: undefined });
    const current = probe.body.alert.currentPrice as number;
    expect(current).toBeGreaterThan(0);
    const target = Math.round(current * 0.9 * 100) / 100;
    const created = await call(
      'POST',
      '/api/v1/alerts',
      { productId: product.key, targetPrice: target },
      userToken,
    );
    expect(created.status).toBe(201);
    expect(created.body.alert).toMatchObject({ state: 'armed', targetPrice: target, currency: 'USD' });
    const alertId = created.body.alert.id as string;

    // Pricing has the first observation (the first one emits no price.changed), so the pin is a change.
    const history = `/api/v1/products/${encodeURIComponent(product.key)}/price-history?marketplace=ebay`;
    await eventually(async () => observedPoints((await call('GET', history)).body.points) >= 1, {
      what: 'first snapshot in pricing',
      timeoutMs: 20_000,
      everyMs: 250,
    });
    // The demo listing came with its simulated year (distributed demo), before that observation.
    const year = (await call('GET', `${history}&days=365`)).body.points as Array<{ source: string }>;
    expect(year.filter((p) => p.source === 'demo').length).toBeGreaterThan(400);
    expect(year.at(-1)?.source).not.toBe('demo');

    // Only an admin moves demo prices; the notifier forwards the pin to the demo process.
    const pinPath = `/api/v1/admin/demo/products/${encodeURIComponent(product.key)}/price`;
    expect((await call('PUT', pinPath, { price: 1 }, userToken)).status).toBe(403);
    const pinned = Math.round(current * 0.5 * 100) / 100;
    expect(await call('PUT', pinPath, { price: pinned }, adminToken)).toEqual({
      status: 200,
      body: { productId: product.key, marketplace: 'ebay', pinnedPrice: pinned },
    });

    // Worker polls the demo → price.observed → pricing → price.changed → notifier → SMTP.
    const drop = await sink.waitFor(
      (m) => m.envelope.to.includes(shopper) && m.subject.startsWith('Price drop'),
      45_000,
    );
    expect(drop.subject).toBe(`Price drop: ${product.title} is now ${formatPrice(pinned, 'USD')}`);
    expect(drop.text).toContain(
      `The price of ${product.title} dropped to your target of ${formatPrice(target, 'USD')}.`,
    );
    expect(drop.text).toContain(`Price: ${formatPrice(current, 'USD')} → ${formatPrice(pinned, 'USD')}`);
    // The product page by the id the app routes, which the catalog finds (the bare key: 404).
    const pageId = `v1|${product.key}|0`;
    expect(drop.text).toContain(`See the product: ${gateway}/product/${encodeURIComponent(pageId)}\n`);
    expect((await call('GET', `/api/v1/products/${encodeURIComponent(pageId)}`)).body.product).toMatchObject({
      title: product.title,
    });
    const unsubscribe = /<(\S+)>/.exec(drop.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    expect(unsubscribe.startsWith(`${gateway}/api/v1/alerts/unsubscribe?token=`)).toBe(true);
    // People click through pages of the app; mail clients POST to the API link (RFC 8058).
    const token = new URL(unsubscribe).searchParams.get('token') ?? '';
    expect(drop.text).toContain(
      `Stop alerts for this product: ${gateway}/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    expect(drop.text).toContain(`Manage your alerts: ${gateway}/wishlist/alerts`);
    expect(drop.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // A second pin, still under the target: pricing records it and the notifier evaluates it (the
    // alert shows the new price), but the alert is met, so no second notification and no mail.
    const lower = Math.round(current * 0.4 * 100) / 100;
    expect((await call('PUT', pinPath, { price: lower }, adminToken)).status).toBe(200);
    await eventually(
      async () =>
        ((await call('GET', history)).body.points as { price: number }[] | undefined)?.some(
          (p) => p.price === lower,
        ),
      { what: 'the second pin in the price history', timeoutMs: 20_000, everyMs: 250 },
    );
    const evaluated = await eventually(
      async () => {
        const alerts = (await call('GET', '/api/v1/alerts', undefined, userToken)).body.alerts as
          { id: string; currentPrice: number; state: string }[] | undefined;
        return alerts?.find((a) => a.id === alertId && a.currentPrice === lower);
      },
      { what: 'the notifier to evaluate the second pin', timeoutMs: 20_000, everyMs: 250 },
    );
    expect(evaluated.state).toBe('met');
    // One notification row in all, marked sent (its status follows the SMTP answer).
    let notifications: unknown;
    await eventually(
      async () => {
        const queue = await call('GET', '/api/v1/admin/notifications/emails', undefined, adminToken);
        notifications = queue.body.notifications;
        return queue.body.notifications?.sent === 1;
      },
      { what: 'the notification marked sent', timeoutMs: 10_000, everyMs: 250 },
    ).catch(() => undefined);
    expect(notifications).toEqual({ sent: 1 });
    expect(priceDrops()).toHaveLength(1);

    // The mailed one-click unsubscribe link works through the gateway (RFC 8058 POST).
    const off = await fetch(unsubscribe, { method: 'POST', headers: { 'x-forwarded-for': clientIp } });
    expect(off.status).toBe(200);
    const after = (await call('GET', '/api/v1/alerts', undefined, userToken)).body.alerts as {
      id: string;
      isActive: boolean;
    }[];
    expect(after.find((a) => a.id === alertId)?.isActive).toBe(false);
  }, 150_000);

  it('a sign-out reaches the other processes over the bus: the old token is refused within 5 s', async () => {
    const email = `leaver-${run}@example.com`;
    const token = await signedIn(call, sinkMail(sink), email, { site: gateway });
    expect((await call('GET', '/api/v1/wishlists', undefined, token)).status).toBe(200);
    expect((await call('POST', '/auth/v1/logout?scope=local', undefined, token)).status).toBe(204);
    const refused = await eventually(
      async () => {
        const res = await call('GET', '/api/v1/wishlists', undefined, token);
        return res.status === 401 ? res : undefined;
      },
      { what: 'the revoked token refused', timeoutMs: 5000, everyMs: 100 },
    );
    expect(refused.body.error.code).toBe('session_revoked');
  }, 60_000);

  it('stops every process of the mode on SIGTERM, in stages, leaving none behind', async () => {
    const proc = host!.launcher;
    const started = Date.now();
    proc.kill('SIGTERM');
    expect((await waitForExit(proc)).code).toBe(0);
    // Well inside an orchestrator's grace period (Kubernetes: 30 s) on either bus.
    expect(Date.now() - started).toBeLessThan(15_000);
    // Every service, the worker and the demo marketplaces are in the launcher's process group.
    if (fs.existsSync('/proc')) expect(processesInGroup(proc.pid as number)).toEqual([]);
  }, 30_000);
}
