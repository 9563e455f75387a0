// Writes docs/spec-rules.md from the spec sections the tests' titles cite (after `npm run build`).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import specRulesIndex from '@pt/testing/spec-rules-index';

const { buildSpecRulesIndex, SPEC_RULES_INDEX_PATH } = specRulesIndex;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
writeFileSync(join(root, SPEC_RULES_INDEX_PATH), buildSpecRulesIndex(root));
console.log(`wrote ${SPEC_RULES_INDEX_PATH}`);
