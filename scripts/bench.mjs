// `npm run bench`: every `bench:*` script of package.json in turn (scripts/benches.mjs), each
// printing its numbers next to its baseline. `BENCH_SMOKE=1 npm run bench` runs them tiny.
import { benchScripts, runBench, SMOKE } from './benches.mjs';

let failed = false;
for (const script of benchScripts()) {
  console.log(`\n=== ${script}${SMOKE ? ' (smoke)' : ''} ===`);
  const { ok } = runBench(script, { smoke: SMOKE });
  if (!ok) failed = true;
}
process.exit(failed ? 1 : 0);
