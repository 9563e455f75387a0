/** WCAG 2 relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const value = parseInt(match[1], 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour variables of each theme block of tokens.css (`:root.dark`, `:root.light`). */
export function themeColours(css: string): Record<'light' | 'dark', Record<string, string>> {
  const read = (selector: RegExp) => {
    const block = selector.exec(css)?.[1] ?? '';
    const colours: Record<string, string> = {};
    for (const [, name, value] of block.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)) colours[name] = value;
    return colours;
  };
  return { dark: read(/:root\.dark[^{]*\{([^}]*)\}/), light: read(/:root\.light[^{]*\{([^}]*)\}/) };
}
