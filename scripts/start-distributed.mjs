// `npm run start:distributed`: each service in its own process against Postgres, Redis (event
// bus on Redis Streams, or Kafka with EVENT_BUS=kafka) and the gateway routing to them over HTTP.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  env: name === 'pricing' ? { PRICING_WORKERS: 'off' } : {},
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
export const SERVICE_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=1'];

const children = [demo];
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve))),
    ),
  ).then(() => process.exit(code));
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

for (const p of processes) {
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, path.join(root, p.script)], {
    cwd: root,
    env: { ...env, ...p.env, PORT: String(p.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefixLines(p.name, child.stdout, process.stdout);
  prefixLines(p.name, child.stderr, process.stderr);
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`[${p.name}] exited with code ${code}; stopping the others`);
      stopAll(1);
    }
  });
  children.push(child);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

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
      stopAll(1);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
if (!stopping) console.log(`Price Tracker (distributed) is ready at http://localhost:${gatewayPort}`);
