import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSpecRulesIndex, SPEC_RULES_INDEX_PATH, specCitations } from './spec-rules-index';

const ROOT = join(__dirname, '../../..');

describe('spec rules index', () => {
  it('reads the spec sections a test title cites, whichever quotes it uses', () => {
    const source = [
      "describe('sign-up (§5, §8)', () => {",
      '  it(`keeps 20 items (§9) and §9 once`, () => {});',
      '  it("ignores ARCH §4 and ARCHITECTURE §6 (the architecture document)", () => {});',
      "  it('reads an escaped \\'quote\\' before §3', () => {});",
      "  it('cites nothing', () => {});",
      "  it('names a section the spec lacks §12', () => {});",
    ].join('\n');
    expect(specCitations(source)).toEqual([
      { sections: [5, 8], title: 'sign-up (§5, §8)' },
      { sections: [9], title: 'keeps 20 items (§9) and §9 once' },
      { sections: [3], title: "reads an escaped 'quote' before §3" },
    ]);
  });

  it(`${SPEC_RULES_INDEX_PATH} is the index the tests make now (regenerate: npm run docs:spec-rules)`, () => {
    const index = buildSpecRulesIndex(ROOT);
    expect(index).toContain('## §5 Validation rules');
    expect(readFileSync(join(ROOT, SPEC_RULES_INDEX_PATH), 'utf8')).toBe(index);
  });
});
