// Regenerates a service's schema types (services/<name>/src/repositories/schema.ts) from its
// migrations, applied to a fresh database on DATABASE_URL (which must name a test database).
//
//   node scripts/build.mjs --no-web && node scripts/db-types.mjs pricing [--check]
//
// --check writes nothing and exits 1 when the committed file differs (the integration test
// libs/testing/test/schema-types.int-spec.ts checks the same on every run).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { schemaTypesOf, TYPED_SERVICES } = require('@pt/testing');

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const named = args.filter((a) => !a.startsWith('--'));
let stale = 0;
for (const service of named.length > 0 ? named : TYPED_SERVICES) {
  const { file, generated, committed } = await schemaTypesOf(root, service);
  const where = path.relative(root, file);
  if (generated === committed) {
    console.log(`${where}: up to date`);
  } else if (check) {
    stale++;
    console.error(`${where}: differs from what services/${service}/migrations produce`);
  } else {
    fs.writeFileSync(file, generated);
    console.log(`${where}: written`);
  }
}
process.exit(stale > 0 ? 1 : 0);
