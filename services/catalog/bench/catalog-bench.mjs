// `npm run bench:catalog`: search and product-lookup throughput and p50/p99 latency through the
// gateway of the embedded host (the catalog over the real drivers and the demo marketplaces), next
// to the demo eBay server called directly in the same run — the difference is what the gateway,
// the catalog and the drivers add.
//
// The demo marketplaces run in a child process (as remote marketplaces would); the embedded host
// (gateway + every service) runs in this one, with PGlite, as `npm start` does.
//
// A second table sets one cached product GET through the embedded gateway next to a bare express
// handler sending the same body: the floor a product page could reach in node,
// and how far the host is above it.
//
// The Deals page at scale: before the scenarios, BENCH_DEAL_LISTINGS tracked eBay listings get a
// year of daily snapshots each in pricing's history and a products_cache row; the first table then
// has GET /api/v1/deals through the gateway (the catalog over pricing's stored statistics,
// migration 008) as shoppers ask it (the same page, answered from the catalog's minute-long answer
// cache after the first), the same with a new filter on each request (every answer composed), and
// pricing's GET /api/v1/price-deals alone. Target: deals p99 ≤ 100 ms at 10,000 listings; a miss
// is printed, not failed.
//
// Knobs: BENCH_DURATION_S (default 10 per scenario), BENCH_CONNECTIONS (default 10),
// BENCH_PRODUCTS (products looked up per marketplace, default 200), BENCH_DEAL_LISTINGS (default
// 10000, smoke 200). BENCH_SMOKE=1 (run by `npm test`) runs 20 requests per scenario
// (BENCH_REQUESTS) on a few products and fails when a scenario gets no 2xx at all.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import readline from 'node:readline';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { knob, SMOKE } from '../../../scripts/benches.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const require = createRequire(path.join(root, 'package.json'));

execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--no-web'], {
  cwd: root,
  stdio: 'inherit',
});

const autocannon = require('autocannon');
const express = require('express');
const { startEmbedded, embeddedEnvSchema } = require('@pt/all-in-one');
const { parseConfig } = require('@pt/platform');

const duration = knob('BENCH_DURATION_S', 10, 1);
const connections = knob('BENCH_CONNECTIONS', 10, 2);
const products = knob('BENCH_PRODUCTS', 200, 5);
const dealListings = knob('BENCH_DEAL_LISTINGS', 10_000, 200);
// Smoke: a fixed number of requests per scenario instead of a duration, so a busy CI machine
// (where one search can take over a second) still completes some.
const amount = knob('BENCH_REQUESTS', 0, 20) || undefined;
const QUERIES = [
  'wireless earbuds',
  'yoga mat',
  'camping tent',
  'smart watch',
  'desk lamp',
  'backpack',
  'coffee mug',
  'board game',
  'running sneakers',
  'power bank',
];

function rotating(paths) {
  let i = 0;
  return [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }];
}

async function run(title, url, paths, headers = {}) {
  const result = await autocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration }),
    headers,
    requests: rotating(paths),
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (result['2xx'] === 0) throw new Error(`${title}: no 2xx answer in ${result.requests.total} requests`);
  return {
    scenario: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    'non-2xx/errors': failed,
  };
}

async function ebayToken(demo) {
  const basic = Buffer.from(
    `${demo.credentials.ebay.clientId}:${demo.credentials.ebay.clientSecret}`,
  ).toString('base64');
  const res = await fetch(`${demo.ebayUrl}/identity/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'https://api.ebay.com/oauth/api_scope',
    }),
  });
  if (!res.ok) throw new Error(`demo eBay token: ${res.status}`);
  return (await res.json()).access_token;
}

/** The demo marketplaces in a child process (see demo-process.mjs); resolves with what it printed. */
async function startDemoProcess() {
  const child = spawn(
    process.execPath,
    [path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-process.mjs')],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const [line] = await Promise.race([
    lines.next().then((r) => [r.value]),
    new Promise((_, reject) =>
      child.once('exit', (code) => reject(new Error(`demo marketplaces exited with ${code}`))),
    ),
  ]);
  const info = JSON.parse(line);
  return { ...info, close: () => new Promise((resolve) => (child.once('exit', resolve), child.stdin.end())) };
}

// Production refuses to start without these (auth review). The bench sends no email and keeps no
// accounts, so a throw-away pepper and a loopback URL do; set in process.env too, because the hosted
// services read their own variables from there.
const productionSecrets = {
  AUTH_EXTERNAL_URL: 'http://127.0.0.1/auth/v1',
  AUTH_PASSWORD_PEPPER: randomBytes(24).toString('base64url'),
  // Production also needs a key to encrypt the signing key auth generates.
  AUTH_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
};
Object.assign(process.env, productionSecrets);

/**
 * One cached product page through the gateway, and a bare express handler answering the same
 * bytes with the same content type: what the host adds on top of node's HTTP floor.
 */
async function cachedProductVersusBareExpress(hostUrl, productPath) {
  const res = await fetch(`${hostUrl}${productPath}`);
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok || JSON.parse(body.toString('utf8')).source !== 'cache') {
    throw new Error(`${productPath} is not a cached product: ${res.status} ${body.toString('utf8')}`);
  }
  const contentType = res.headers.get('content-type') ?? 'application/json';
  const bare = express();
  bare.get(/.*/, (_req, reply) => {
    reply.type(contentType).send(body);
  });
  const server = await new Promise((resolve) => {
    const listening = bare.listen(0, '127.0.0.1', () => resolve(listening));
  });
  try {
    const gateway = await run('cached product GET through the embedded gateway', hostUrl, [productPath]);
    const floor = await run(
      'a bare express handler sending the same body',
      `http://127.0.0.1:${server.address().port}`,
      [productPath],
    );
    console.log(
      `\none cached product (${body.length}-byte body): the gateway serves ${Math.round(
        (100 * gateway['req/s']) / Math.max(1, floor['req/s']),
      )}% of the bare handler's req/s\n`,
    );
    return [gateway, floor];
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

// The deals target (the issue: "bench:catalog gets a deals row at 10,000 tracked listings with a
// year of history each, p99 ≤ 100 ms").
const DEALS_P99_TARGET_MS = 100;
const DEAL_HISTORY_DAYS = 365;
/** Seeded listing ids: 12-digit eBay ids well above the demo catalogue's (280… + index·1009). */
const DEAL_ID_BASE = 390_000_000_000;
/** One seeded listing in this many is a deal now (~3 %): 304 of 10,000, 7 of the smoke's 200. */
const DEAL_EVERY = 33;
/** Listings per INSERT: bounds the statement trigger's transition table (1000 × 365 rows). */
const DEAL_SEED_BATCH = 1000;

/**
 * The price of seeded listing `i` on day `d` before now, as SQL: a base between $10 and $195 that
 * wanders ±8 % over the year; the latest snapshot (d = 0) sits 10 % above anything before it, or,
 * for every DEAL_EVERY-th listing, 14–30 % below anything before it — so exactly those listings
 * are below their 90-day median, by a drop that varies between them.
 */
function seededPriceSql(i, d) {
  const base = `(10 + (${i} % 500) * 0.37)`;
  return `round((CASE WHEN ${d} > 0 THEN ${base} * (1 + 0.08 * sin(${d} / 9.0 + ${i}))
                      WHEN ${i} % ${DEAL_EVERY} = 0 THEN ${base} * (0.70 + 0.04 * (${i} / ${DEAL_EVERY} % 5))
                      ELSE ${base} * 1.10 END)::numeric, 2)`;
}

/**
 * `count` tracked eBay listings with a year of daily snapshots each (the latest three hours ago)
 * and the products_cache row a deal card is drawn from, in set-based statements on the host's
 * database handle.
 *
 * The snapshots go through the real write path: plain INSERTs into pricing.global_price_history
 * with its triggers on, so migration 007's row trigger fills listing_price_days and migration
 * 008's statement trigger computes listing_deal_stats once per listing per statement. Measured on
 * a 2-CPU machine: 10,000 × 365 rows take ~140 s that way (~14 s per batch of 1000 listings),
 * against ~100 s with the triggers disabled and both tables rebuilt afterwards with the
 * migrations' set-based statements. Within the ~3 minutes we allow a seed, the real path wins:
 * it is what the recorder and the demo backfill do, and it does not copy the migrations' SQL
 * (or the refresh function's signature) into the bench.
 */
async function seedDeals(db, count) {
  const started = Date.now();
  for (let from = 0; from < count; from += DEAL_SEED_BATCH) {
    const to = Math.min(count, from + DEAL_SEED_BATCH) - 1;
    await db.query(
      `INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
       SELECT (${DEAL_ID_BASE} + i)::text, 'ebay', ${seededPriceSql('i', 'd')}, 'USD',
              now() - interval '3 hours' - d * interval '1 day', 'poll'
         FROM generate_series($1::int, $2::int) AS i CROSS JOIN generate_series(0, ${DEAL_HISTORY_DAYS - 1}) AS d`,
      [from, to],
    );
  }
  const historySeconds = (Date.now() - started) / 1000;
  // What the catalog would have cached from an item lookup: id v1|<listing id>|0 (cacheIdsOfListing),
  // the latest price, free shipping.
  await db.query(
    `INSERT INTO catalog.products_cache
            (id, title, price, currency, image_url, images, marketplace, marketplace_name, url,
             shipping, shipping_cost, category, condition, specifications, features, source,
             fetched_at, first_seen_at, last_updated)
     SELECT 'v1|' || (${DEAL_ID_BASE} + i) || '|0', 'Bench deal listing ' || i, ${seededPriceSql('i', '0')}, 'USD',
            'https://i.ebayimg.com/images/g/bench/s-l500.jpg', '[]'::jsonb, 'ebay', 'eBay',
            'https://www.ebay.com/itm/' || (${DEAL_ID_BASE} + i), 'Free shipping', 0, 'Electronics', 'New',
            '{}'::jsonb, '[]'::jsonb, 'item', now(), now() - interval '1 year', now()
       FROM generate_series(0, $1::int - 1) AS i
     ON CONFLICT (id) DO NOTHING`,
    [count],
  );
  const { rows } = await db.query(
    `SELECT count(*)::int AS listings, count(*) FILTER (WHERE price < median)::int AS deals
       FROM pricing.listing_deal_stats
      WHERE marketplace = 'ebay' AND currency = 'USD'
        AND product_id >= $1 AND product_id < $2 AND length(product_id) = 12`,
    [String(DEAL_ID_BASE), String(DEAL_ID_BASE + count)],
  );
  const { listings, deals } = rows[0];
  console.log(
    `\ndeals seed: ${count} listings × ${DEAL_HISTORY_DAYS} days (${count * DEAL_HISTORY_DAYS} snapshots) through the history triggers in ${historySeconds.toFixed(1)} s, ${((Date.now() - started) / 1000).toFixed(1)} s with products_cache; listing_deal_stats has ${listings} of them, ${deals} below their 90-day median`,
  );
  if (listings !== count)
    throw new Error(`deals seed: listing_deal_stats has ${listings} of ${count} listings`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalog-'));
const demo = await startDemoProcess();
// Hermetic: PGlite in a fresh directory, in-process bus and queue — the `npm start` set-up. The
// per-credential quotas are lifted: the bench measures the catalog, not eBay's daily allowance.
const rawEnv = {
  ...demo.env,
  PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  ...productionSecrets,
  // autocannon is one client: the per-client limits would turn the measurement into 429s.
  CATALOG_CLIENT_BURST: '1000000',
  CATALOG_CLIENT_PER_MINUTE: '1000000',
  GATEWAY_RATE_LIMIT_IP_PER_MINUTE: '1000000',
  GATEWAY_RATE_LIMIT_USER_PER_MINUTE: '1000000',
  EBAY_CALLS_PER_DAY: '100000000',
  ALIEXPRESS_CALLS_PER_SECOND: '100000',
};
// Production refuses to start without them (auth review); the bench sends no email. The auth
// service reads them from the process environment.
process.env.AUTH_EXTERNAL_URL ??= 'http://127.0.0.1/auth/v1';
process.env.AUTH_PASSWORD_PEPPER ??= randomBytes(32).toString('hex');
const host = await startEmbedded(parseConfig(embeddedEnvSchema, rawEnv), rawEnv);

try {
  await seedDeals(host.runtime.db, dealListings);
  const ebayIds = demo.ebayIds.slice(0, products);
  const aliIds = demo.aliexpressIds.slice(0, products);
  const lookupPaths = ebayIds.flatMap((id, i) => [
    `/api/v1/products/${encodeURIComponent(id)}`,
    `/api/v1/products/${aliIds[i]}`,
  ]);
  const searchPaths = QUERIES.map((q) => `/api/v1/search?q=${encodeURIComponent(q)}`);
  // Warm-up: JIT, the eBay token, and every product once so lookups measure the products_cache path.
  for (const p of [...searchPaths, ...lookupPaths]) {
    const res = await fetch(`${host.url}${p}`);
    if (!res.ok) throw new Error(`warm-up ${p}: ${res.status} ${await res.text()}`);
  }
  const dealsPath = '/api/v1/deals?limit=20&region=US';
  const priceDealsPath = '/api/v1/price-deals?limit=100';
  for (const p of [dealsPath, priceDealsPath]) {
    const res = await fetch(`${host.url}${p}`);
    if (!res.ok) throw new Error(`warm-up ${p}: ${res.status} ${await res.text()}`);
    const body = await res.json();
    if (p === dealsPath) {
      const fromHistory = body.products.filter((card) => card.historyDeal).length;
      console.log(
        `deals answer: ${body.products.length} cards, ${fromHistory} from the stored statistics (the rest: marketplaces' own discounts)`,
      );
    } else console.log(`price-deals answer: ${body.deals.length} deals`);
  }
  const token = await ebayToken(demo);
  const auth = { authorization: `Bearer ${token}`, 'x-ebay-c-marketplace-id': 'EBAY_US' };

  const rows = [];
  console.log(
    `\nbench${SMOKE ? ' (smoke)' : ''}: ${amount ? `${amount} requests` : `${duration} s`} per scenario, ${connections} connections (${os.cpus().length} CPUs)\n`,
  );
  rows.push(await run('search via gateway (eBay + AliExpress + samples)', host.url, searchPaths));
  rows.push(
    await run(
      'search on demo eBay directly',
      demo.ebayUrl,
      QUERIES.map((q) => `/buy/browse/v1/item_summary/search?q=${encodeURIComponent(q)}&limit=20`),
      auth,
    ),
  );
  rows.push(await run('lookup via gateway (products_cache hits)', host.url, lookupPaths));
  rows.push(
    await run(
      'item on demo eBay directly',
      demo.ebayUrl,
      ebayIds.map((id) => `/buy/browse/v1/item/${encodeURIComponent(id)}`),
      auth,
    ),
  );
  const deals = await run(`deals (${dealListings} listings × ${DEAL_HISTORY_DAYS} days)`, host.url, [
    dealsPath,
  ]);
  rows.push(deals);
  // Every request a price range of its own: none is answered from the minute-long answer cache,
  // so this row is the cost of composing Deals (pricing's candidates, the cache join, badges).
  rows.push(
    await run(
      `deals, new filters each request (composed)`,
      host.url,
      Array.from({ length: 5_000 }, (_, i) => `${dealsPath}&maxPrice=${100_000 + i}`),
    ),
  );
  rows.push(await run('price-deals (pricing, stored stats)', host.url, [priceDealsPath]));
  console.table(rows);
  // Reported, not enforced: a slow machine misses it without the bench being broken.
  console.log(
    `deals p99 ${deals['p99 ms']} ms (target ≤ ${DEALS_P99_TARGET_MS} ms): ${
      deals['p99 ms'] <= DEALS_P99_TARGET_MS ? 'met' : 'not met'
    }\n`,
  );
  console.table(await cachedProductVersusBareExpress(host.url, lookupPaths[0]));
} finally {
  await host.close();
  await demo.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
