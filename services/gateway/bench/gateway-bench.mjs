// `npm run bench:gateway`: requests/s and p50/p99 of a cached product GET through the
// full gateway — token verification, request logging, security headers, compression check, CORS,
// the general rate limit per address and per user, maintenance check — next to a bare express
// handler answering the same JSON, in one run, at 100 connections. Embedded: the gateway calls
// the handler in process (memory bus and limiter). Distributed: the gateway proxies over HTTP to
// the bare server (Redis bus and limiter; needs REDIS_URL). Each server runs in a process of its
// own. The upstream is the catalog's answer for a products_cache hit, fixed, so the figures are
// the gateway's cost; the catalog's own path is measured by bench:catalog.
//
// The distributed gateway is also measured against its floor: the same two hops
// with a minimal express proxy (keep-alive upstream sockets, headers and bodies passed through) in
// the gateway's place. The two run in alternating turns of the same run, so the noise of a shared
// machine falls on both; the verdict gives both ratios.
//
// The verdict's client sends no Accept-Encoding, like the bare row's; a row with gzip shows what a
// browser's compressed answer costs on top.
//
// Knobs: BENCH_DURATION_S (default 10), BENCH_CONNECTIONS (default 100). BENCH_SMOKE=1: a tiny
// workload (npm test runs every bench this way), the targets are not checked.
import { execFileSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..', '..');
const require = createRequire(path.join(root, 'package.json'));
execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--no-web'], {
  cwd: root,
  stdio: 'inherit',
});
const autocannon = require('autocannon');

const smoke = process.env.BENCH_SMOKE === '1';
const duration = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = smoke ? 10 : Number(process.env.BENCH_CONNECTIONS ?? 100);
const children = [];

async function startServer(...args) {
  const child = spawn(process.execPath, [path.join(here, 'gateway-server.mjs'), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  });
  children.push(child);
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await Promise.race([
    lines.next().then((r) => r.value),
    new Promise((_, reject) =>
      child.once('exit', (code) => reject(new Error(`${args[0]} server exited with ${code}`))),
    ),
  ]);
  return {
    ...JSON.parse(first),
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.stdin.end())),
  };
}

/** Load toward one server: the product GET of 50 ids in turn, with the token if any. */
function load(url, token, extraHeaders = {}) {
  let i = 0;
  return {
    url,
    connections,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extraHeaders },
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: `/api/v1/products/ebay:${100 + (i++ % 50)}` }),
      },
    ],
  };
}

/**
 * Measures each scenario for `duration` seconds (smoke: 300 requests) in total, in `slices` turns
 * taken in rotation, so that load from elsewhere on the machine falls on every scenario alike:
 * the ratios between them are what the verdicts read. Latencies of all turns are pooled.
 */
async function measure(scenarios, slices = 1) {
  // Warm-up: JIT, the JWKS fetch, keep-alive sockets.
  for (const { url, token, extraHeaders } of scenarios)
    await autocannon({ ...load(url, token, extraHeaders), amount: smoke ? 50 : 2000 });
  const tallies = scenarios.map(() => ({ latencies: [], seconds: 0, requests: 0, failed: 0, statuses: {} }));
  for (let slice = 0; slice < slices; slice++) {
    for (const [index, { url, token, extraHeaders }] of scenarios.entries()) {
      const tally = tallies[index];
      const instance = autocannon({
        ...load(url, token, extraHeaders),
        ...(smoke ? { amount: Math.ceil(300 / slices) } : { duration: duration / slices }),
      });
      instance.on('response', (_client, status, _bytes, ms) => {
        tally.latencies.push(ms);
        if (status < 200 || status >= 300) tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
      });
      const result = await instance;
      tally.seconds += result.duration;
      tally.requests += result.requests.total;
      tally.failed += result.non2xx + result.errors + result.timeouts;
    }
  }
  return scenarios.map(({ scenario }, index) => {
    const { latencies, seconds, requests, failed, statuses } = tallies[index];
    // Which answers failed (a status, or none for an error or timeout), for the failure's message.
    failures.set(scenario, statuses);
    latencies.sort((a, b) => a - b);
    const at = (q) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
    return {
      scenario,
      'req/s': Math.round(requests / Math.max(seconds, 1e-3)),
      'p50 ms': at(0.5),
      'p99 ms': at(0.99),
      requests,
      'non-2xx/errors': failed,
    };
  });
}

const failures = new Map();

const run = async (scenario, url, token, extraHeaders) =>
  (await measure([{ scenario, url, token, extraHeaders }]))[0];

const rows = [];
const verdicts = [];
try {
  const bare = await startServer('bare');
  console.log(
    `\nbench:gateway${smoke ? ' (smoke)' : ''}: ${smoke ? '300 requests' : `${duration} s`} per scenario, ${connections} connections, ${os.cpus().length} CPUs\n`,
  );
  const baseline = await run('bare express handler (same JSON)', bare.url);
  rows.push(baseline);
  const modes = [['embedded']];
  if (process.env.REDIS_URL) modes.push(['distributed', bare.url]);
  else console.log('distributed: skipped, REDIS_URL is not set');
  for (const args of modes) {
    const server = await startServer(...args);
    const name = `full gateway, ${args[0]} (auth, logs, rate limits)`;
    let row;
    if (args[0] === 'distributed') {
      // The floor of any proxy: the same two hops with nothing but forwarding in the first, the
      // same request (token included), measured in turns with the gateway in the same run.
      const chain = await startServer('chain', bare.url);
      const floorName = 'two-hop floor: minimal express proxy → same handler';
      let floor;
      [row, floor] = await measure(
        [
          { scenario: name, url: server.url, token: server.token },
          { scenario: floorName, url: chain.url, token: server.token },
        ],
        smoke ? 2 : 5,
      );
      await chain.stop();
      rows.push(floor, row);
      const throughput = row['req/s'] / floor['req/s'];
      const p99 = row['p99 ms'] / Math.max(floor['p99 ms'], 1);
      verdicts.push(
        `distributed vs two-hop floor: ${(throughput * 100).toFixed(0)}% of its throughput (target ≥ 80%), p99 ${p99.toFixed(2)}× its p99 (target ≤ 1.5×)` +
          (throughput >= 0.8 && p99 <= 1.5 ? ' — met' : ' — NOT met'),
      );
    } else {
      row = await run(name, server.url, server.token);
      rows.push(row);
    }
    // Same gateway without a token: the difference is what verifying the ES256 token costs.
    if (!smoke) rows.push(await run(`  same, anonymous (no token to verify)`, server.url));
    // A browser sends Accept-Encoding: the 1.5 KB answer is gzipped (the verdict uses the row above).
    if (!smoke)
      rows.push(
        await run(`  same, client accepts gzip (answer compressed)`, server.url, server.token, {
          'accept-encoding': 'gzip',
        }),
      );
    await server.stop();
    const throughput = row['req/s'] / baseline['req/s'];
    const p99 = row['p99 ms'] / Math.max(baseline['p99 ms'], 1);
    verdicts.push(
      `${args[0]}: ${(throughput * 100).toFixed(0)}% of bare throughput (target ≥ 50%), p99 ${p99.toFixed(2)}× bare (target ≤ 1.5×)` +
        (throughput >= 0.5 && p99 <= 1.5 ? ' — met' : ' — NOT met'),
    );
  }
  await bare.stop();
  console.table(rows);
  for (const line of verdicts) console.log(line);
  const failed = rows.find((r) => r['non-2xx/errors'] > 0);
  if (failed) {
    console.error(
      `${failed.scenario}: ${failed['non-2xx/errors']} failed requests (non-2xx by status: ${JSON.stringify(failures.get(failed.scenario) ?? {})}; the rest errors or timeouts)`,
    );
    process.exitCode = 1;
  }
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
