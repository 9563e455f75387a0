// `npm run bench`: every benchmark in turn, each printing its numbers next to its baseline.
import { spawnSync } from 'node:child_process';

const benches = [
  { script: 'bench:catalog' },
  { script: 'bench:gateway' },
  { script: 'bench:pipeline', needs: 'DATABASE_URL' },
];

let failed = false;
for (const { script, needs } of benches) {
  if (needs && !process.env[needs]) {
    console.log(`\n=== ${script}: skipped, ${needs} is not set ===`);
    continue;
  }
  console.log(`\n=== ${script} ===`);
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
