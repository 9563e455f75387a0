// `npm run bench:startup`: what a host costs before and after its first traffic. Next
// to a bare `node -e` process (the floor: what Node itself costs here):
//
// - embedded (`npm start`'s process): time to ready (wall, and CPU seconds the process spent — the
//   wall time on a quiet machine), idle RSS 5 s and 20 s after ready, RSS after 200 searches
//   (20 at a time, distinct queries, each from its own client address), for a first start on a new
//   data directory and for a restart on the same one;
// - `--distributed` (`npm run bench:startup -- --distributed`, or `npm run bench:startup-distributed`):
//   `npm run start:distributed`'s processes, idle RSS per process. Needs DATABASE_URL (a fresh
//   database is created from it) and REDIS_URL; skips and says so without them.
//
// Targets: embedded idle RSS ≤ 400 MB and time to ready ≤ 15 s once built; ≤ 120 MB idle per service
// process (BENCH_TARGET_EMBEDDED_RSS_MB, BENCH_TARGET_SERVICE_RSS_MB override them). BENCH_SMOKE=1
// (run by `npm test`): one start, 1 s idle, 20 searches; it fails only when a host does not start or
// answers no search. A missed target is printed, never an exit code, in every mode: a loaded machine
// moves RSS too (a fresh clone's CI once saw the gateway at 122 MB with the load average at 3.7).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { knob, SMOKE } from '../../../scripts/benches.mjs';
import { freePortRange, portsFree } from '../../../scripts/free-ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const require = createRequire(path.join(root, 'package.json'));
const distributed = process.argv.includes('--distributed') || process.env.npm_config_distributed === 'true';

const IDLE_EARLY_S = knob('BENCH_IDLE_EARLY_S', 5, 1);
// Smoke: 5 s, so the gateway's start-up burst (readiness polling of every service) has settled.
const IDLE_LATE_S = knob('BENCH_IDLE_LATE_S', 20, 5);
const SEARCHES = knob('BENCH_SEARCHES', 200, 20);
const CONCURRENCY = 20;
const TARGET = {
  embeddedRssMb: knob('BENCH_TARGET_EMBEDDED_RSS_MB', 400, 400),
  readyS: 15,
  serviceRssMb: knob('BENCH_TARGET_SERVICE_RSS_MB', 120, 120),
};
const WORDS = ['lamp', 'mug', 'tent', 'watch', 'earbuds', 'mat', 'backpack', 'sneakers', 'charger', 'kettle'];

const mb = (kb) => Math.round(kb / 1024);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident set size of a process in kB (Linux /proc; ps elsewhere). */
function rssKb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
  } catch {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
  }
}

/** CPU seconds (user + system) a process has used; undefined where /proc is missing. */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime + stime + cutime + cstime (waited-for children: the initdb of a new data dir), in ticks.
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

async function freePorts(count) {
  // A run of `count` consecutive free ports (start:distributed puts services on PORT+1…).
  const chosen = Number(process.env.BENCH_PORT_BASE ?? 0);
  if (!chosen) return freePortRange(count);
  if (await portsFree(chosen, count)) return chosen;
  throw new Error(`BENCH_PORT_BASE ${chosen}: ${count} ports from it are not all free`);
}

/** Starts a process and resolves once a line of its stdout matches `ready`. */
async function startProcess(label, args, { env, ready, timeoutS = 180 }) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const match = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`${label}: not ready after ${timeoutS} s`)),
      timeoutS * 1000,
    );
    child.stdout.on('data', (chunk) => {
      out = (out + chunk).slice(-4000);
      const found = ready.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited with ${code} before it was ready:\n${stderr}`));
    });
  });
  const readyS = Number(process.hrtime.bigint() - started) / 1e9;
  return { child, match, readyS, cpuS: cpuSeconds(child.pid), stop: () => stopProcess(child) };
}

function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => (clearTimeout(timer), resolve()));
    child.kill('SIGTERM');
  });
}

/** SEARCHES distinct searches, CONCURRENCY at a time, each from its own client address. */
async function searches(baseUrl) {
  const counts = { ok: 0, limited: 0, failed: 0 };
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < SEARCHES) {
        const i = next++;
        const q = `${WORDS[i % WORDS.length]} ${Math.floor(i / WORDS.length)}`;
        try {
          const res = await fetch(`${baseUrl}/api/v1/search?q=${encodeURIComponent(q)}`, {
            headers: { 'x-forwarded-for': `198.51.100.${i % 250}` },
          });
          await res.arrayBuffer();
          counts[res.ok ? 'ok' : res.status === 429 ? 'limited' : 'failed']++;
        } catch {
          counts.failed++;
        }
      }
    }),
  );
  return counts;
}

async function idleRss(pids) {
  await sleep(IDLE_EARLY_S * 1000);
  const early = pids.map(rssKb);
  await sleep(Math.max(0, IDLE_LATE_S - IDLE_EARLY_S) * 1000);
  const late = pids.map(rssKb);
  return { early, late };
}

async function floor() {
  const node = await startProcess('node -e', ['-e', 'console.log("ready"); setInterval(() => {}, 1e9)'], {
    env: process.env,
    ready: /ready/,
  });
  try {
    const { early, late } = await idleRss([node.child.pid]);
    return { readyS: node.readyS, cpuS: node.cpuS, early: early[0], late: late[0] };
  } finally {
    await node.stop();
  }
}

/** The workload could not run: these fail the bench. */
const failures = [];
/** Targets the numbers missed: printed, never a failure. */
const missed = [];
const fmt = (n, digits = 1) => (n === undefined ? 'n/a' : n.toFixed(digits));

async function embedded() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
  const rows = [];
  const base = await floor();
  rows.push({
    process: 'bare `node -e` (floor)',
    'ready s': fmt(base.readyS, 2),
    'CPU s': fmt(base.cpuS, 2),
    [`idle ${IDLE_EARLY_S} s MB`]: mb(base.early),
    [`idle ${IDLE_LATE_S} s MB`]: mb(base.late),
    [`after ${SEARCHES} searches MB`]: '',
    searches: '',
  });
  const runs = SMOKE
    ? ['first start (new data dir)']
    : ['first start (new data dir)', 'restart (same data dir)'];
  try {
    for (const label of runs) {
      const host = await startProcess(label, ['--enable-source-maps', 'services/all-in-one/dist/main.js'], {
        env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        ready: /ready at (http:\/\/\S+)/,
      });
      try {
        const { early, late } = await idleRss([host.child.pid]);
        const counts = await searches(host.match[1].replace('localhost', '127.0.0.1'));
        await sleep(2000);
        const after = rssKb(host.child.pid);
        rows.push({
          process: `embedded: ${label}`,
          'ready s': fmt(host.readyS),
          'CPU s': fmt(host.cpuS),
          [`idle ${IDLE_EARLY_S} s MB`]: mb(early[0]),
          [`idle ${IDLE_LATE_S} s MB`]: mb(late[0]),
          [`after ${SEARCHES} searches MB`]: mb(after),
          searches: `${counts.ok} ok, ${counts.limited} 429, ${counts.failed} failed`,
        });
        if (counts.ok === 0) failures.push(`${label}: no search answered 2xx`);
        const idle = Math.max(early[0], late[0]);
        if (mb(idle) > TARGET.embeddedRssMb)
          missed.push(`${label}: idle RSS ${mb(idle)} MB > ${TARGET.embeddedRssMb} MB`);
      } finally {
        await host.stop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nstartup bench${SMOKE ? ' (smoke)' : ''}: embedded host (${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}, node ${process.version})`,
  );
  console.table(rows);
  console.log(
    `targets: idle RSS ≤ ${TARGET.embeddedRssMb} MB; time to ready ≤ ${TARGET.readyS} s once built ` +
      '(CPU s is the wall time of a quiet machine; wall time grows with the load above)',
  );
}

async function distributedMode() {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.log('\nstartup bench --distributed: skipped, DATABASE_URL and REDIS_URL are needed');
    return;
  }
  const { createTestPostgres } = require('@pt/testing');
  const pg = await createTestPostgres(process.env.DATABASE_URL);
  const gatewayPort = await freePorts(10);
  const rows = [];
  const base = await floor();
  rows.push({ process: 'bare `node -e` (floor)', [`idle ${IDLE_LATE_S} s MB`]: mb(base.late), role: '' });
  const launcher = await startProcess('start:distributed', ['scripts/start-distributed.mjs'], {
    env: {
      ...process.env,
      DATABASE_URL: pg.url,
      PORT: String(gatewayPort),
      SERVICES_BASE_PORT: String(gatewayPort + 1),
      LOG_LEVEL: 'warn',
      START_TIMEOUT_S: '280',
    },
    ready: /is ready at/,
    timeoutS: 300,
  }).catch(async (error) => {
    await pg.drop();
    throw error;
  });
  try {
    const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(launcher.child.pid)], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .map((line) => {
        const [pid, ...args] = line.trim().split(/\s+/);
        const script = args.find((a) => a.endsWith('.js')) ?? args.join(' ');
        const rel = path.relative(root, script);
        const name = rel.includes('demo-main')
          ? 'demo marketplaces'
          : rel.endsWith('pricing/dist/worker.js')
            ? 'pricing-worker'
            : rel.split(path.sep)[1];
        return { pid: Number(pid), name, service: !rel.includes('demo-main') };
      });
    const { late } = await idleRss(children.map((c) => c.pid));
    let total = 0;
    children.forEach((c, i) => {
      rows.push({
        process: c.name,
        [`idle ${IDLE_LATE_S} s MB`]: mb(late[i]),
        role: c.service ? 'service process' : 'stand-in for the marketplaces (not deployed)',
      });
      if (c.service) {
        total += late[i];
        if (mb(late[i]) > TARGET.serviceRssMb)
          missed.push(`${c.name}: idle RSS ${mb(late[i])} MB > ${TARGET.serviceRssMb} MB`);
      }
    });
    rows.push({ process: 'all service processes', [`idle ${IDLE_LATE_S} s MB`]: mb(total), role: '' });
    if (children.filter((c) => c.service).length < 2) failures.push('start:distributed started no services');
  } finally {
    await launcher.stop();
    await pg.drop();
  }
  console.log(
    `\nstartup bench${SMOKE ? ' (smoke)' : ''}: distributed mode (Redis Streams bus, Postgres), ready in ${fmt(
      launcher.readyS,
    )} s, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}`,
  );
  console.table(rows);
  console.log(`target: ≤ ${TARGET.serviceRssMb} MB idle per service process`);
}

execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--no-web'], {
  cwd: root,
  stdio: 'inherit',
});
if (distributed) await distributedMode();
else await embedded();
if (missed.length > 0) console.log(`\ntargets missed:\n- ${missed.join('\n- ')}`);
if (failures.length > 0) {
  console.log(`\nfailed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
