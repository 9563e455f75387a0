import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contrastRatio, themeColours } from './contrast';

const css = readFileSync(join(__dirname, 'tokens.css'), 'utf8');
const themes = themeColours(css);

// WCAG 2.1 AA: text 4.5:1 (1.4.3), a control's boundary and focus indicator 3:1 (1.4.11).
const TEXT_PAIRS: Array<[string, string]> = [
  ['--fg', '--bg'],
  ['--fg', '--bg-raised'],
  ['--fg', '--bg-sunken'],
  ['--fg', '--bg-hover'],
  ['--fg-muted', '--bg'],
  ['--fg-muted', '--bg-raised'],
  ['--fg-muted', '--bg-sunken'],
  ['--accent', '--bg'],
  ['--accent', '--bg-raised'],
  ['--accent-fg', '--accent-strong'],
  ['--accent-fg', '--accent-strong-hover'],
  ['--fg', '--accent-soft'],
  ['--danger', '--bg'],
  ['--danger', '--bg-raised'],
  ['--danger', '--danger-bg'],
  ['--danger-fg', '--danger-strong'],
  ['--success', '--bg'],
  ['--success', '--bg-raised'],
  ['--success', '--success-bg'],
  ['--warning', '--warning-bg'],
  ['--warning', '--bg-raised'],
  ['--fg', '--warning-bg'],
];
const UI_PAIRS: Array<[string, string]> = [
  ['--border-strong', '--bg'],
  ['--border-strong', '--bg-raised'],
  ['--focus', '--bg'],
  ['--focus', '--bg-raised'],
  ['--accent-strong', '--bg'],
];

describe('design tokens (web/src/ui/tokens.css)', () => {
  it('defines the same colour names in both themes', () => {
    expect(Object.keys(themes.light).sort()).toEqual(Object.keys(themes.dark).sort());
    expect(Object.keys(themes.light).length).toBeGreaterThan(20);
  });

  for (const theme of ['light', 'dark'] as const) {
    it.each(TEXT_PAIRS)(`${theme}: text %s on %s meets 4.5:1`, (fg, bg) => {
      expect(contrastRatio(themes[theme][fg], themes[theme][bg])).toBeGreaterThanOrEqual(4.5);
    });
    it.each(UI_PAIRS)(`${theme}: control colour %s on %s meets 3:1`, (fg, bg) => {
      expect(contrastRatio(themes[theme][fg], themes[theme][bg])).toBeGreaterThanOrEqual(3);
    });
  }

  it('computes the WCAG ratio (black on white is 21, a colour on itself 1)', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#3b5bdb', '#3b5bdb')).toBe(1);
  });
});
