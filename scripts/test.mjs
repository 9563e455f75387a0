// `npm test`: every tier in turn — unit, integration, end-to-end, chaos — with a count per tier and a
// closing total. Integration and e2e tiers use real Postgres/Redis when DATABASE_URL/REDIS_URL
// are set and report the adapter suites that had to skip (scripts/adapter-reporter.js).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const only = process.argv.slice(2);

await import('./build.mjs');

const tiers = [
  { name: 'unit', args: ['--selectProjects', 'unit'] },
  { name: 'integration', args: ['--selectProjects', 'integration', '--maxWorkers=2'] },
  { name: 'e2e', args: ['--selectProjects', 'e2e', '--runInBand'] },
  // Kills and restarts its own Postgres and Redis (never the shared ones): one file at a time.
  { name: 'chaos', args: ['--selectProjects', 'chaos', '--runInBand'] },
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
let failed = false;
for (const tier of tiers) {
  if (only.length > 0 && !only.includes(tier.name)) continue;
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

console.log('\n=== summary ===');
for (const line of summary) console.log(line);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
