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
// Knobs: BENCH_DURATION_S (default 10 per scenario), BENCH_CONNECTIONS (default 10),
// BENCH_PRODUCTS (products looked up per marketplace, default 200). BENCH_SMOKE=1 (run by `npm test`)
// runs 20 requests per scenario (BENCH_REQUESTS) on a few products and fails when a scenario
// gets no 2xx at all.
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
  console.table(rows);
  console.table(await cachedProductVersusBareExpress(host.url, lookupPaths[0]));
} finally {
  await host.close();
  await demo.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
