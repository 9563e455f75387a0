// Alert pipeline benchmark: latency from `price.changed` to the mail accepted by a real
// SMTP server, for 1,000 alerts over 100 listings (10 users per listing, one email each), with the
// embedded adapters (PGlite, in-memory bus, inline queue) and the distributed ones (Postgres,
// Redis Streams, BullMQ). Next to each mode, in the same run: the baseline of the same 1,000
// emails sent straight through the same SMTP mailer (the floor any pipeline pays).
//
//   npm run bench:alerts                 (builds first; the distributed mode needs DATABASE_URL
//                                         naming a *test* database and REDIS_URL, else it is skipped)
//   BENCH_SMOKE=1 npm run bench:alerts   (5 listings × 2 alerts: does it still start and finish?)
//   BENCH_LISTINGS=100 BENCH_ALERTS_PER_LISTING=10 npm run bench:alerts
//
// The service runs in this process with each mode's adapters (the bus and queue under a key
// prefix of their own, so a bench never steals another run's events); alerts are created through
// its HTTP API against a stand-in catalog; events go in through the bus as pricing publishes them.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';

const require = createRequire(import.meta.url);
const platform = require('@pt/platform');
const { createTestPostgres, startSmtpSink } = require('@pt/testing');
const { alertNotifierService } = require('@pt/alert-notifier');
const { createEventEnvelope, Topics } = require('@pt/contracts');

const SMOKE = process.env.BENCH_SMOKE === '1';
const LISTINGS = SMOKE ? 5 : Number(process.env.BENCH_LISTINGS ?? 100);
const PER_LISTING = SMOKE ? 2 : Number(process.env.BENCH_ALERTS_PER_LISTING ?? 10);
const TOTAL = LISTINGS * PER_LISTING;
const TARGET_P95_MS = 2000;
const POOL = process.env.BENCH_SMTP_POOL === '0' ? '' : '?pool=true&maxConnections=8';
const ID_BASE = 281_000_000_000;
const silent = platform.createLogger({ service: 'bench', level: process.env.LOG_LEVEL ?? 'silent' });

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] };
};
const fmt = (ms) => `${ms.toFixed(0).padStart(6)} ms`;

/** The catalog as the notifier asks it: every bench listing at 100 USD. */
async function startFakeCatalog() {
  const server = http.createServer((req, res) => {
    const id = decodeURIComponent(/^\/api\/v1\/products\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '');
    const legacy = /(\d{12})/.exec(id)?.[1];
    if (!legacy) return res.writeHead(404).end();
    const index = Number(legacy) - ID_BASE;
    const body = JSON.stringify({
      product: { id, title: `Bench item ${index}`, price: 100, currency: 'USD', marketplace: 'ebay' },
      source: 'live',
      fetchedAt: new Date().toISOString(),
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

async function inParallel(items, limit, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One mode: start the service on the given adapters, create the alerts, drop every price at once. */
async function runMode(name, makeAdapters) {
  const sink = await startSmtpSink();
  const catalog = await startFakeCatalog();
  const adapters = await makeAdapters();
  // A pooled transport (nodemailer `?pool=true`), as production should configure SMTP_URL: a
  // connection per email costs more than the email. The baseline uses the same setting.
  const mailer = new platform.SmtpMailer({
    url: `${sink.url}${POOL}`,
    from: 'Bench <bench@price-tracker.test>',
  });
  const runtime = {
    env: platform.serviceEnvSchema.parse({}),
    rawEnv: { CATALOG_URL: catalog.url, APP_URL: 'http://bench.test' },
    logger: silent,
    db: adapters.db,
    bus: adapters.bus,
    queue: adapters.queue,
    mailer,
    rateLimiter: new platform.MemoryRateLimiter(),
    clock: platform.systemClock,
    close: async () => undefined,
  };
  const service = await platform.startService(alertNotifierService, runtime);
  const server = http.createServer(service.express);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const api = `http://127.0.0.1:${server.address().port}`;
  try {
    const jobs = [];
    for (let l = 0; l < LISTINGS; l++)
      for (let u = 0; u < PER_LISTING; u++)
        jobs.push({ productId: String(ID_BASE + l), user: `bench-${l}-${u}` });
    const createdAt = Date.now();
    await inParallel(jobs, 16, async ({ productId, user }) => {
      const res = await fetch(`${api}/api/v1/alerts`, {
        method: 'POST',
        // The identity the gateway would sign for this user (services check it).
        headers: {
          'content-type': 'application/json',
          ...platform.identityHeaders({ id: user, role: 'user', email: `${user}@bench.test` }),
        },
        body: JSON.stringify({ productId, marketplace: 'ebay', targetPrice: 90 }),
      });
      if (res.status !== 201) throw new Error(`alert not created: ${res.status} ${await res.text()}`);
    });
    const setupMs = Date.now() - createdAt;

    // Every listing drops from 100 to 80 at once (a burst of TOTAL emails), as pricing publishes.
    const publishedAt = new Map();
    const events = Array.from({ length: LISTINGS }, (_, l) => {
      const productId = String(ID_BASE + l);
      return createEventEnvelope(
        Topics.priceChanged,
        {
          productId,
          marketplace: 'ebay',
          oldPrice: 100,
          newPrice: 80,
          currency: 'USD',
          dropped: true,
          observedAt: new Date().toISOString(),
          source: 'poll',
        },
        { id: randomUUID(), occurredAt: new Date().toISOString(), key: `ebay:${productId}` },
      );
    });
    const start = performance.now();
    for (const [l, event] of events.entries()) {
      publishedAt.set(l, performance.now());
      await runtime.bus.publish(Topics.priceChanged, event);
    }
    const receivedAt = [];
    const seen = new Set();
    await waitFor(
      () => {
        for (const message of sink.messages()) {
          if (seen.has(message)) continue;
          seen.add(message);
          receivedAt.push({ at: message.receivedAt, subject: message.subject });
        }
        return seen.size >= TOTAL;
      },
      180_000,
      `${TOTAL} emails`,
    );
    const wallMs = performance.now() - start;
    // Sink timestamps are wall-clock Dates; map them onto the same clock as publishedAt.
    const offset = Date.now() - performance.now();
    const latencies = receivedAt.map(({ at, subject }) => {
      const l = Number(/Bench item (\d+)/.exec(subject)?.[1]);
      return at.getTime() - offset - publishedAt.get(l);
    });
    if (seen.size !== TOTAL) throw new Error(`expected ${TOTAL} emails, got ${seen.size}`);

    // Baseline: the same number of emails straight through the same mailer, same concurrency.
    const baselineSink = await startSmtpSink();
    const baselineMailer = new platform.SmtpMailer({
      url: `${baselineSink.url}${POOL}`,
      from: 'Bench <bench@price-tracker.test>',
    });
    const baselineStart = performance.now();
    const baseline = [];
    await inParallel(
      Array.from({ length: TOTAL }, (_, i) => i),
      8,
      async (i) => {
        await baselineMailer.send({
          to: `b${i}@bench.test`,
          subject: `Baseline ${i}`,
          text: 'x',
          html: '<p>x</p>',
        });
        baseline.push(performance.now() - baselineStart);
      },
    );
    await baselineMailer.close();
    await baselineSink.close();
    return { name, setupMs, wallMs, pipeline: summary(latencies), baseline: summary(baseline) };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await service.close();
    await adapters.close();
    await mailer.close();
    await catalog.close();
    await sink.close();
  }
}

const modes = [
  [
    'embedded (PGlite, memory bus, inline queue)',
    async () => {
      const db = await platform.PGliteDatabase.open();
      const bus = new platform.MemoryEventBus({});
      const queue = new platform.InlineJobQueue();
      return {
        db,
        bus,
        queue,
        close: async () => (await queue.close(), await bus.close(), await db.close()),
      };
    },
  ],
];
const distributedReason = !process.env.DATABASE_URL
  ? 'DATABASE_URL is not set'
  : !process.env.REDIS_URL
    ? 'REDIS_URL is not set'
    : undefined;
if (!distributedReason)
  modes.push([
    'distributed (Postgres, Redis Streams, BullMQ)',
    async () => {
      const pg = await createTestPostgres();
      const prefix = `pt-bench-${randomUUID().slice(0, 8)}`;
      const bus = new platform.RedisStreamsEventBus({
        url: process.env.REDIS_URL,
        prefix: `${prefix}:events`,
      });
      const queue = new platform.BullMqJobQueue({ url: process.env.REDIS_URL, prefix });
      return {
        db: pg.db,
        bus,
        queue,
        close: async () => {
          await queue.close();
          await bus.close();
          await pg.drop();
        },
      };
    },
  ]);

// BENCH_MODES=embedded or =distributed runs one of them.
const only = process.env.BENCH_MODES;
if (only) modes.splice(0, modes.length, ...modes.filter(([name]) => name.startsWith(only)));

console.log(
  `bench:alerts${SMOKE ? ' (smoke)' : ''}: ${TOTAL} alerts over ${LISTINGS} listings, every price drops at once; ` +
    `latency = price.changed published → mail accepted by the SMTP sink. ${os.cpus().length} CPUs.`,
);
for (const [name, make] of modes) {
  const r = await runMode(name, make);
  console.log(`\n${r.name}`);
  console.log(`  alerts created through the API in ${r.setupMs} ms`);
  console.log(
    `  pipeline  p50 ${fmt(r.pipeline.p50)}  p95 ${fmt(r.pipeline.p95)}  max ${fmt(r.pipeline.max)}  (all ${TOTAL} in ${r.wallMs.toFixed(0)} ms)`,
  );
  console.log(
    `  baseline  p50 ${fmt(r.baseline.p50)}  p95 ${fmt(r.baseline.p95)}  max ${fmt(r.baseline.max)}  (same emails sent straight to SMTP)`,
  );
  const met = r.pipeline.p95 <= TARGET_P95_MS;
  console.log(`  target p95 ≤ ${TARGET_P95_MS} ms: ${met ? 'met' : 'NOT met'}`);
}
if (distributedReason) console.log(`\ndistributed mode skipped: ${distributedReason}`);
// Numbers are the result; a missed target is printed, not an error. Errors (a lost or extra
// email, a failed request) throw and exit non-zero.
process.exit(0);
