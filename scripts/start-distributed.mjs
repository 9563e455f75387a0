// `npm run start:distributed`: each service in its own process against Postgres, Redis (event
// bus on Redis Streams, or Kafka with EVENT_BUS=kafka) and the gateway routing to them over HTTP.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { authProcessEnv, notifierProcessEnv } from './distributed-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };
const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !env[name]);
if (missing.length > 0) {
  console.error(
    `start:distributed needs ${missing.join(' and ')} (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379).`,
  );
  process.exit(1);
}
env.EVENT_BUS ??= 'redis';
// The gateway signs each request's identity and every service checks it with a key derived from
// this shared secret (issue 10); a local run makes one for all of its processes.
env.INTERNAL_SECRET ??= randomBytes(32).toString('base64url');
const gatewayPort = Number(env.PORT ?? 8080);
const basePort = Number(env.SERVICES_BASE_PORT ?? gatewayPort + 1);

await import('./build.mjs');

// Marketplaces without credentials are served by the demo marketplaces, in a process of their own.
const demo = spawn(process.execPath, [path.join(root, 'services/all-in-one/dist/demo-main.js')], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const demoEnv = await new Promise((resolve, reject) => {
  let out = '';
  demo.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /DEMO_MARKETPLACES_ENV=(.*)\n/.exec(out);
    if (match) resolve(JSON.parse(match[1]));
  });
  demo.once('exit', (code) => reject(new Error(`demo marketplaces exited with ${code}`)));
});
Object.assign(env, demoEnv);

const services = ['auth', 'catalog', 'pricing', 'wishlist', 'alert-notifier', 'settings'];
const urlVar = (name) => `${name.toUpperCase().replace(/-/g, '_')}_URL`;
const processes = services.map((name, i) => ({
  name,
  script: `services/${name}/dist/main.js`,
  port: basePort + i,
  // Pollers run in their own process (ARCHITECTURE §4), so the pricing API does not poll.
  env:
    name === 'pricing'
      ? { PRICING_WORKERS: 'off' }
      : name === 'alert-notifier'
        ? {
            CATALOG_URL: `http://127.0.0.1:${basePort + services.indexOf('catalog')}`,
            ...notifierProcessEnv(env, gatewayPort),
          }
        : name === 'auth'
          ? authProcessEnv(env, gatewayPort)
          : {},
}));
processes.push({
  name: 'pricing-worker',
  script: 'services/pricing/dist/worker.js',
  port: basePort + services.length,
});
const gatewayEnv = Object.fromEntries(
  services.map((name, i) => [urlVar(name), `http://127.0.0.1:${basePort + i}`]),
);
processes.push({
  name: 'gateway',
  script: 'services/gateway/dist/main.js',
  port: gatewayPort,
  env: gatewayEnv,
});

// Service processes idle mostly; V8's default young generation (16 MB semi-spaces) alone is ~25 MB
// of RSS each. 1 MB semi-spaces keep an idle service under its 120 MB budget (issue 16 item 4);
// the image sets the same flags in NODE_OPTIONS (deploy/Dockerfile).
const SERVICE_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=1'];

// Like an orchestrator would: a crashed service is started again (back-off 1 s, doubling to 30 s,
// reset once it has run for a minute); Ctrl-C stops everything, in stages (below).
const RESTART_MIN_MS = Number(env.RESTART_BACKOFF_MS ?? 1000);
const RESTART_MAX_MS = 30_000;
const STABLE_AFTER_MS = 60_000;
const running = new Map(); // name → child process
let stopping = false;

// Producers stop before the consumers of their events, each after relaying its outbox, so a
// graceful stop leaves nothing relayed to a consumer that already left: the gateway first (no new
// requests), then the processes that emit price.observed, then pricing (emits price.changed),
// then the consumers at the end of the line.
const STOP_STAGES = [
  ['gateway'],
  ['pricing-worker', 'catalog', 'auth', 'settings'],
  ['pricing'],
  ['wishlist', 'alert-notifier'],
];

// Each process drains its HTTP server for at most SHUTDOWN_DRAIN_MS (10 s; issue 25 item 6), then
// relays its outbox and closes its connections. Like an orchestrator's grace period, a stage that
// has not exited STOP_TIMEOUT_MS after its SIGTERM (default: the drain + 10 s) is killed, so a
// stop always ends.
const DRAIN_MS = Number(env.SHUTDOWN_DRAIN_MS || 10_000);
const STOP_TIMEOUT_MS = Number(env.STOP_TIMEOUT_MS || DRAIN_MS + 10_000);

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const staged = STOP_STAGES.flat();
  const rest = [...running.keys()].filter((name) => !staged.includes(name));
  for (const stage of [...STOP_STAGES, rest]) {
    await Promise.all(stage.map((name) => stopChild(name, running.get(name))));
  }
  await stopChild('demo-marketplaces', demo);
  process.exit(code);
}

/** A second Ctrl-C or SIGTERM during the stop: every child is killed at once. */
function killAll() {
  for (const child of [...running.values(), demo]) if (isRunning(child)) child.kill('SIGKILL');
  process.exit(130);
}

const isRunning = (child) => child && child.exitCode === null && child.signalCode === null;

function stopChild(name, child) {
  if (!isRunning(child)) return Promise.resolve();
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      console.error(`[${name}] still running ${STOP_TIMEOUT_MS} ms after SIGTERM; killing it`);
      child.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    child.once('exit', (exitCode, signal) => {
      clearTimeout(timer);
      console.log(`[${name}] stopped (${signal ?? `code ${exitCode}`}) in ${Date.now() - started} ms`);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function prefixLines(name, stream, out) {
  let buffer = '';
  stream.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop();
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
}

function startChild(p, backoffMs = RESTART_MIN_MS) {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, path.join(root, p.script)], {
    cwd: root,
    env: { ...env, ...p.env, PORT: String(p.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.set(p.name, child);
  prefixLines(p.name, child.stdout, process.stdout);
  prefixLines(p.name, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    const next = Date.now() - startedAt > STABLE_AFTER_MS ? RESTART_MIN_MS : backoffMs;
    console.error(`[${p.name}] exited (${signal ?? `code ${code}`}); restarting in ${next} ms`);
    setTimeout(() => {
      if (!stopping) startChild(p, Math.min(next * 2, RESTART_MAX_MS));
    }, next);
  });
}

demo.on('exit', (code) => {
  if (stopping) return;
  console.error(`[demo-marketplaces] exited with code ${code}; stopping everything`);
  void stopAll(1);
});
for (const p of processes) startChild(p);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => (stopping ? killAll() : void stopAll(0)));

// Nine Node processes starting at once on a small machine take a while; START_TIMEOUT_S raises it.
const startTimeoutS = Number(env.START_TIMEOUT_S ?? 120);
const deadline = Date.now() + startTimeoutS * 1000;
for (const p of processes) {
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${p.port}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (stopping) break;
    if (Date.now() > deadline) {
      console.error(`[${p.name}] not ready after ${startTimeoutS} s`);
      void stopAll(1);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
if (!stopping) console.log(`Price Tracker (distributed) is ready at http://localhost:${gatewayPort}`);
