// Regenerates the platform's outbox table types and each service's schema types
// migrations, applied to a fresh database on DATABASE_URL (which must name a test database).
//
//   node scripts/build.mjs --no-web && node scripts/db-types.mjs [platform|pricing|…] [--check]
//
// --check writes nothing and exits 1 when the committed file differs (the integration test
// libs/testing/test/schema-types.int-spec.ts checks the same on every run).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { platformSchemaTypesOf, schemaTypesOf, TYPED_SERVICES } = require('@pt/testing');

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const named = args.filter((a) => !a.startsWith('--'));
let stale = 0;
// The platform's outbox tables first: every service's schema imports them.
const targets = named.length > 0 ? named : ['platform', ...TYPED_SERVICES];
for (const target of targets) {
  const { file, generated, committed } =
    target === 'platform' ? await platformSchemaTypesOf(root) : await schemaTypesOf(root, target);
  const where = path.relative(root, file);
  if (generated === committed) {
    console.log(`${where}: up to date`);
  } else if (check) {
    stale++;
    console.error(`${where}: differs from what the migrations produce`);
  } else {
    fs.writeFileSync(file, generated);
    console.log(`${where}: written`);
  }
}
process.exit(stale > 0 ? 1 : 0);
