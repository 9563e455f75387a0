// The benchmark convention, shared by `npm run bench` and `npm test`:
//
// - every package.json script named `bench:<name>` is a benchmark; nothing else lists them, so a
//   new one (bench:alerts, bench:gateway, …) is picked up by adding the script;
// - with BENCH_SMOKE=1 a bench runs a tiny workload (a second or two of load), still prints its
//   table, and exits non-zero when it cannot start or its workload fails. `npm test` runs every
//   bench that way, so a bench that rots fails CI.
//
// Benches read their knobs through `knob()` so the smoke values sit next to the full ones.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** True when the bench should run its tiny smoke workload (BENCH_SMOKE=1). */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** A numeric knob: the environment variable if set, else the smoke or the full default. */
export function knob(name, full, smoke) {
  const raw = process.env[name];
  if (raw !== undefined && raw !== '') {
    const value = Number(raw);
    if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
    return value;
  }
  return SMOKE ? smoke : full;
}

/** Every `bench:*` script of the root package.json, in file order. */
export function benchScripts() {
  const { scripts = {} } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return Object.keys(scripts).filter((name) => /^bench:[\w-]+$/.test(name));
}

/**
 * Runs one bench script through npm (so its build step runs too) and reports how it went.
 * `smoke` sets BENCH_SMOKE=1; `timeoutMs` kills a bench that hangs.
 */
export function runBench(script, { smoke = false, timeoutMs, extraArgs = [] } = {}) {
  const started = Date.now();
  const args = ['run', '--silent', script, ...(extraArgs.length > 0 ? ['--', ...extraArgs] : [])];
  const result = spawnSync('npm', args, {
    cwd: root,
    stdio: 'inherit',
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
    env: { ...process.env, ...(smoke ? { BENCH_SMOKE: '1' } : {}) },
  });
  const seconds = (Date.now() - started) / 1000;
  const timedOut = result.error?.code === 'ETIMEDOUT';
  return { script, ok: result.status === 0 && !timedOut, status: result.status, timedOut, seconds };
}
