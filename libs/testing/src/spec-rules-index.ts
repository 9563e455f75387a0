import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The product specification's sections, as the tests cite them ("§5"). The spec itself lives
 * outside the repository; this index is how a reader finds, for a rule, the tests that hold it.
 */
export const SPEC_SECTIONS: Record<number, string> = {
  1: 'What the product does and for whom',
  2: 'Screens and routes',
  3: 'Entities and their fields',
  4: 'States and transitions',
  5: 'Validation rules',
  6: 'Roles and permissions',
  7: 'The calls it makes',
  8: 'The error catalogue',
  9: 'Business constants and limits',
};

export const SPEC_RULES_INDEX_PATH = 'docs/spec-rules.md';

const TEST_ROOTS = ['libs', 'services', 'web/e2e', 'web/src', 'extension/src'];
const TIERS: Array<[suffix: string, tier: string]> = [
  ['.int-spec.ts', 'integration'],
  ['.e2e-spec.ts', 'e2e'],
  ['.chaos-spec.ts', 'chaos'],
  ['.image-spec.ts', 'image'],
  ['.spec.ts', 'unit'],
];

export interface SpecCitation {
  sections: number[];
  title: string;
}

/** A describe/it/test title (or a named run) written as one literal, quoted any of the three ways. */
const TITLE = /\b(?:describe|it|test|run)(?:\.each\([^)]*\))?\(\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;
/** "ARCH §4" and "ARCHITECTURE §6" cite the architecture document, not the spec. */
const SECTION = /(?<!ARCH(?:ITECTURE)? )§(\d+)/g;

/** The spec sections each test title in `source` cites, in the order they appear. */
export function specCitations(source: string): SpecCitation[] {
  const citations: SpecCitation[] = [];
  for (const match of source.matchAll(TITLE)) {
    const title = match[2]!.replace(/\\(.)/g, '$1');
    const sections = [
      ...new Set([...title.matchAll(SECTION)].map((m) => Number(m[1])).filter((n) => n in SPEC_SECTIONS)),
    ];
    if (sections.length > 0) citations.push({ sections, title });
  }
  return citations;
}

function testFiles(root: string, dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) files.push(...testFiles(root, path));
    else if (tierOf(path)) files.push(path);
  }
  return files;
}

const tierOf = (path: string) => TIERS.find(([suffix]) => path.endsWith(suffix))?.[1];

/** docs/spec-rules.md as the tests under `root` make it: per section, every test title citing it. */
export function buildSpecRulesIndex(root: string): string {
  const bySection = new Map<number, string[]>();
  const files = TEST_ROOTS.flatMap((dir) => testFiles(root, dir)).sort();
  for (const file of files) {
    for (const { sections, title } of specCitations(readFileSync(join(root, file), 'utf8'))) {
      for (const section of sections) {
        const line = `- ${title.replace(/\s+/g, ' ').trim()} — \`${file}\` (${tierOf(file)})`;
        bySection.set(section, [...(bySection.get(section) ?? []), line]);
      }
    }
  }
  const parts = [
    '# Spec rules index',
    '',
    'Which tests hold each section of the product specification, from the section numbers their',
    'titles cite. Generated from the tests by `npm run docs:spec-rules`; a unit test fails when it is',
    'out of date. Cite a section in a test title ("… (§5)") to list the test here.',
  ];
  for (const [number, name] of Object.entries(SPEC_SECTIONS)) {
    const lines = bySection.get(Number(number)) ?? [];
    parts.push('', `## §${number} ${name}`, '', `${lines.length} test(s).`, '', ...lines);
  }
  return `${parts.join('\n')}\n`;
}
