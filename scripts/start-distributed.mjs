// `npm run start:distributed`: each service in its own process against Postgres, Redis (event
// bus on Redis Streams, or Kafka with EVENT_BUS=kafka) and the gateway routing to them over HTTP.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createBalancer } from './distributed-balancer.mjs';
import { freePort } from './free-ports.mjs';
import { authProcessEnv, notifierProcessEnv, parseReplicas, replicasSpec } from './distributed-env.mjs';

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
// this shared secret; a local run makes one for all of its processes.
env.INTERNAL_SECRET ??= randomBytes(32).toString('base64url');
const gatewayPort = Number(env.PORT ?? 8080);
const basePort = Number(env.SERVICES_BASE_PORT ?? gatewayPort + 1);

const services = ['auth', 'catalog', 'pricing', 'wishlist', 'alert-notifier', 'settings'];
const PROCESS_NAMES = [...services, 'pricing-worker', 'gateway'];

// Replica counts per process (`--replicas pricing-worker=3,catalog=2` or REPLICAS), changed while
// running by a line on stdin: `scale pricing-worker=1` (graceful), `scale pricing-worker=1 kill`.
let initialReplicas;
try {
  initialReplicas = parseReplicas(replicasSpec(process.argv.slice(2), env), PROCESS_NAMES);
} catch (error) {
  console.error(`--replicas: ${error.message}`);
  process.exit(1);
}

await import('./build.mjs');

// Marketplaces without credentials are served by the demo marketplaces, in a process of their own.
// Restarted like any child when it crashes: on the ports and with the control token of its first
// start (the services were given those once), and with the admin's price pins, which it keeps in
// a file of this run's (DEMO_PINS_FILE).
const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pt-demo-marketplaces-'));
const demoEnv = { ...env, DEMO_PINS_FILE: path.join(demoDir, 'pins.json') };
let demo;

function spawnDemo(extra) {
  const child = spawn(process.execPath, [path.join(root, 'services/all-in-one/dist/demo-main.js')], {
    cwd: root,
    env: { ...demoEnv, ...extra },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  demo = child;
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      const match = /DEMO_MARKETPLACES_ENV=(.*)\n/.exec(out);
      if (!match) return;
      child.stdout.off('data', onData);
      child.off('exit', onEarlyExit);
      prefixLines('demo-marketplaces', child.stdout, process.stdout);
      resolve({ child, variables: JSON.parse(match[1]) });
    };
    const onEarlyExit = (code) => reject(new Error(`demo marketplaces exited with ${code}`));
    child.stdout.on('data', onData);
    child.once('exit', onEarlyExit);
  });
}

const portOf = (url) => (url ? new URL(url).port : undefined);
const demoStart = await spawnDemo({});
const demoRestartEnv = Object.fromEntries(
  Object.entries({
    DEMO_EBAY_PORT: portOf(demoStart.variables.EBAY_API_URL),
    DEMO_ALIEXPRESS_PORT: portOf(demoStart.variables.ALIEXPRESS_API_URL),
    DEMO_CONTROL_PORT: portOf(demoStart.variables.DEMO_CONTROL_URL),
    DEMO_CONTROL_TOKEN: demoStart.variables.DEMO_CONTROL_TOKEN,
  }).filter(([, value]) => value !== undefined),
);
Object.assign(env, demoStart.variables);

const urlVar = (name) => `${name.toUpperCase().replace(/-/g, '_')}_URL`;
const processes = services.map((name, i) => ({
  name,
  script: `services/${name}/dist/main.js`,
  port: basePort + i,
  // Pollers run in their own process (ARCHITECTURE §4), so the pricing API does not poll.
  env:
    name === 'pricing'
      ? { PRICING_WORKERS: 'off' }
      : name === 'catalog'
        ? // The good-price badges of its answers.
          { PRICING_URL: `http://127.0.0.1:${basePort + services.indexOf('pricing')}` }
        : name === 'alert-notifier'
          ? {
              CATALOG_URL: `http://127.0.0.1:${basePort + services.indexOf('catalog')}`,
              // A price-drop email's history chart and badge.
              PRICING_URL: `http://127.0.0.1:${basePort + services.indexOf('pricing')}`,
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
// of RSS each. 1 MB semi-spaces keep an idle service under its 120 MB budget;
// the image sets the same flags in NODE_OPTIONS (deploy/Dockerfile).
const SERVICE_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=1'];

// Like an orchestrator would: a crashed service is started again (back-off 1 s, doubling to 30 s,
// reset once it has run for a minute); Ctrl-C stops everything, in stages (below).
const RESTART_MIN_MS = Number(env.RESTART_BACKOFF_MS ?? 1000);
const RESTART_MAX_MS = 30_000;
const STABLE_AFTER_MS = 60_000;
let stopping = false;

/**
 * Each process's replicas. An HTTP service given a replica count (`--replicas catalog=1` is
 * enough) is served by a balancer of the runner's on its usual port, its replicas on ports of
 * their own, so it can be scaled while running; without one it listens on that port itself, as
 * before. The pricing worker takes no requests (its port is for probes and metrics), so it scales
 * without a balancer: its first replica on its usual port, the others on free ones.
 */
const groups = new Map(); // name → { p, balancer?, replicas: [{ label, port, child, retired }] }
const WORKERS = new Set(['pricing-worker']);

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

// Each process drains its HTTP server for at most SHUTDOWN_DRAIN_MS (10 s), then
// relays its outbox and closes its connections. Like an orchestrator's grace period, a stage that
// has not exited STOP_TIMEOUT_MS after its SIGTERM (default: the drain + 10 s) is killed, so a
// stop always ends.
const DRAIN_MS = Number(env.SHUTDOWN_DRAIN_MS || 10_000);
const STOP_TIMEOUT_MS = Number(env.STOP_TIMEOUT_MS || DRAIN_MS + 10_000);

const replicasOf = (names) => names.flatMap((name) => groups.get(name)?.replicas ?? []);

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const staged = STOP_STAGES.flat();
  const rest = [...groups.keys()].filter((name) => !staged.includes(name));
  for (const stage of [...STOP_STAGES, rest]) {
    // A balancer takes no new connections once its service stops.
    for (const name of stage) groups.get(name)?.balancer?.server.close();
    await Promise.all(replicasOf(stage).map((r) => stopChild(r.label, r.child)));
  }
  await stopChild('demo-marketplaces', demo);
  fs.rmSync(demoDir, { recursive: true, force: true });
  process.exit(code);
}

/** A second Ctrl-C or SIGTERM during the stop: every child is killed at once. */
function killAll() {
  for (const child of [...replicasOf([...groups.keys()]).map((r) => r.child), demo])
    if (isRunning(child)) child.kill('SIGKILL');
  fs.rmSync(demoDir, { recursive: true, force: true });
  process.exit(130);
}

const isRunning = (child) => child && child.exitCode === null && child.signalCode === null;

function stopChild(name, child, signal = 'SIGTERM') {
  if (!isRunning(child)) return Promise.resolve();
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      console.error(`[${name}] still running ${STOP_TIMEOUT_MS} ms after SIGTERM; killing it`);
      child.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    child.once('exit', (exitCode, exitSignal) => {
      clearTimeout(timer);
      console.log(`[${name}] stopped (${exitSignal ?? `code ${exitCode}`}) in ${Date.now() - started} ms`);
      resolve();
    });
    child.kill(signal);
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

/** After a crash, `start` again once the back-off has passed, unless `given up` by then. */
function restartLater(label, startedAt, backoffMs, code, signal, givenUp, start) {
  const next = Date.now() - startedAt > STABLE_AFTER_MS ? RESTART_MIN_MS : backoffMs;
  console.error(`[${label}] exited (${signal ?? `code ${code}`}); restarting in ${next} ms`);
  setTimeout(() => {
    if (!stopping && !givenUp()) start(Math.min(next * 2, RESTART_MAX_MS));
  }, next);
}

function startReplica(p, replica, backoffMs = RESTART_MIN_MS) {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, path.join(root, p.script)], {
    cwd: root,
    env: { ...env, ...p.env, PORT: String(replica.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  replica.child = child;
  prefixLines(replica.label, child.stdout, process.stdout);
  prefixLines(replica.label, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (stopping || replica.retired) return;
    restartLater(
      replica.label,
      startedAt,
      backoffMs,
      code,
      signal,
      () => replica.retired,
      (next) => startReplica(p, replica, next),
    );
  });
}

function superviseDemo(child, startedAt, backoffMs = RESTART_MIN_MS) {
  child.once('exit', (code, signal) => {
    if (stopping) return;
    restartLater(
      'demo-marketplaces',
      startedAt,
      backoffMs,
      code,
      signal,
      () => false,
      (next) => {
        const restartedAt = Date.now();
        // One that exits before serving (its port still held, say) is handled below like a crash.
        spawnDemo(demoRestartEnv).catch(() => undefined);
        superviseDemo(demo, restartedAt, next);
      },
    );
  });
}

/** Polls a replica's /readyz until it answers 200; false when the deadline passes first. */
async function waitReady(port, deadline) {
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    if (stopping || Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const rotation = (group) => group.replicas.filter((r) => !r.retired && r.inRotation).map((r) => r.port);

async function addReplica(group) {
  const n = group.replicas.length;
  const port = n === 0 && !group.balancer ? group.p.port : await freePort();
  const replica = { label: n === 0 ? group.p.name : `${group.p.name}.${n + 1}`, port, retired: false };
  group.replicas.push(replica);
  startReplica(group.p, replica);
  return replica;
}

// Only a process that was given a count at start can change it: the HTTP services need the
// balancer in front, which takes the service's port from the start.
const scalable = (group) => group.balancer || WORKERS.has(group.p.name);

/**
 * Sets a process's replica count. New replicas join the rotation once ready; the last ones
 * leave it and then stop like in a graceful stop (SIGTERM: drain, finish or give back their
 * jobs, relay their outbox), or are killed at once with `kill` — a replica lost without warning.
 */
async function scale(name, count, { kill = false } = {}) {
  if (stopping) return;
  const group = groups.get(name);
  if (!group) throw new Error(`no process "${name}"`);
  if (!scalable(group))
    throw new Error(`${name} runs without a balancer; start with --replicas ${name}=1 to scale it`);
  const live = group.replicas.filter((r) => !r.retired);
  const added = [];
  for (let i = live.length; i < count; i++) added.push(await addReplica(group));
  const deadline = Date.now() + startTimeoutS * 1000;
  for (const replica of added) {
    if (!(await waitReady(replica.port, deadline))) throw new Error(`${replica.label} not ready in time`);
    replica.inRotation = true;
  }
  const removed = live.slice(count);
  for (const replica of removed) {
    replica.retired = true;
    replica.inRotation = false;
  }
  group.balancer?.setTargets(rotation(group));
  await Promise.all(removed.map((r) => stopChild(r.label, r.child, kill ? 'SIGKILL' : 'SIGTERM')));
  group.replicas = group.replicas.filter((r) => !r.retired);
  console.log(
    `[runner] ${name}: ${group.replicas.length} replica(s) on port(s) ${group.replicas.map((r) => r.port).join(', ')}`,
  );
}

// Nine Node processes starting at once on a small machine take a while; START_TIMEOUT_S raises it.
const startTimeoutS = Number(env.START_TIMEOUT_S ?? 120);
const deadline = Date.now() + startTimeoutS * 1000;

if (demoStart.variables.DEMO_CONTROL_URL) superviseDemo(demo, Date.now());
else demo = undefined; // live credentials for both: no demo process to keep
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => (stopping ? killAll() : void stopAll(0)));

for (const p of processes) {
  const group = { p, replicas: [] };
  groups.set(p.name, group);
  if (initialReplicas.has(p.name) && !WORKERS.has(p.name)) {
    group.balancer = createBalancer();
    await group.balancer.listen(p.port, p.name === 'gateway' ? env.HOST || '127.0.0.1' : '127.0.0.1');
  }
  for (let i = 0; i < (initialReplicas.get(p.name) ?? 1); i++) {
    const replica = await addReplica(group);
    // At start a replica not listening yet refuses, and the balancer skips it until it does.
    replica.inRotation = true;
  }
  group.balancer?.setTargets(rotation(group));
}

// `scale NAME=COUNT[,NAME=COUNT…] [kill]`, one command at a time, in the order given.
let commands = Promise.resolve();
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const match = /^\s*scale\s+(\S+)(\s+kill)?\s*$/.exec(line);
  if (!line.trim()) return;
  if (!match) {
    console.error('[runner] commands: scale NAME=COUNT[,NAME=COUNT…] [kill]');
    return;
  }
  commands = commands.then(async () => {
    try {
      for (const [name, count] of parseReplicas(match[1], PROCESS_NAMES))
        await scale(name, count, { kill: Boolean(match[2]) });
    } catch (error) {
      console.error(`[runner] scale: ${error.message}`);
    }
  });
});

for (const p of processes) {
  const group = groups.get(p.name);
  const ports = group.balancer ? [p.port, ...group.replicas.map((r) => r.port)] : [p.port];
  let ready = true;
  for (const port of ports) ready &&= await waitReady(port, deadline);
  if (stopping) break;
  if (!ready) {
    console.error(`[${p.name}] not ready after ${startTimeoutS} s`);
    void stopAll(1);
    break;
  }
}
if (!stopping) console.log(`Price Tracker (distributed) is ready at http://localhost:${gatewayPort}`);
