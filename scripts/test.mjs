// `npm test`: every tier in turn — unit, integration, end-to-end, then every `bench:*` script in
// smoke mode (BENCH_SMOKE=1, scripts/benches.mjs) — with a count per tier and a closing total.
// `npm run test:chaos` runs the chaos tier (its own Postgres and Redis, broken on purpose), which
// .ci/run calls after `npm test`. Integration and e2e tiers use real Postgres/Redis when DATABASE_URL/REDIS_URL
// are set and report the adapter suites that had to skip (scripts/adapter-reporter.js).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchScripts, runBench } from './benches.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const only = process.argv.slice(2);

await import('./build.mjs');

const tiers = [
  { name: 'unit', args: ['--selectProjects', 'unit'] },
  { name: 'integration', args: ['--selectProjects', 'integration', '--maxWorkers=2'] },
  { name: 'e2e', args: ['--selectProjects', 'e2e', '--runInBand'] },
  // Kills and restarts its own Postgres and Redis (never the shared ones): one file at a time.
  // Only when named (`npm run test:chaos`), so `npm test` stays within its time budget.
  { name: 'chaos', args: ['--selectProjects', 'chaos', '--runInBand', '--forceExit'], onlyWhenNamed: true },
  // deploy/Dockerfile's steps in a fresh clone (two npm installs and a full build): a few minutes,
  // so also only when named (`npm run test:image`), after the chaos tier in CI.
  { name: 'image', args: ['--selectProjects', 'image', '--runInBand'], onlyWhenNamed: true },
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
let failed = false;
for (const tier of tiers) {
  if (only.length > 0 ? !only.includes(tier.name) : tier.onlyWhenNamed) continue;
  const out = path.join(os.tmpdir(), `jest-${tier.name}-${process.pid}.json`);
  console.log(`\n=== ${tier.name} tests ===`);
  // PGlite loads its WASM through dynamic import(), which jest's VM needs this flag for.
  const result = spawnSync(
    process.execPath,
    [
      '--experimental-vm-modules',
      '--disable-warning=ExperimentalWarning',
      jest,
      ...tier.args,
      '--json',
      `--outputFile=${out}`,
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    counts = {
      passed: report.numPassedTests,
      failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0),
      skipped: report.numPendingTests + report.numTodoTests,
    };
    fs.rmSync(out);
  }
  if (result.status !== 0) failed = true;
  if (result.status !== 0 && counts.failed === 0) counts.failed = 1;
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  summary.push(`${tier.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

// Benchmarks that no longer start (or whose tiny workload fails) fail the suite: each runs its
// smoke workload; a hung one is killed after BENCH_SMOKE_TIMEOUT_S (default 240 s, busy machines).
if (only.length === 0 || only.includes('bench')) {
  const timeoutMs = Number(process.env.BENCH_SMOKE_TIMEOUT_S ?? 240) * 1000;
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const details = [];
  for (const script of benchScripts()) {
    console.log(`\n=== ${script} (smoke) ===`);
    const run = runBench(script, { smoke: true, timeoutMs });
    counts[run.ok ? 'passed' : 'failed']++;
    details.push(
      `${script} ${run.ok ? 'ok' : run.timedOut ? 'TIMED OUT' : 'FAILED'} ${run.seconds.toFixed(1)} s`,
    );
    if (!run.ok) failed = true;
  }
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  summary.push(
    `bench smoke: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${details.join('; ')})`,
  );
}

console.log('\n=== summary ===');
for (const line of summary) console.log(line);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
