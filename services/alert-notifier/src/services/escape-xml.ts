const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** XML 1.0's Char production: no other character may appear, not even as a reference. */
const isXmlChar = (c: number) =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);

/**
 * Text for XML element content or a quoted attribute: titles from marketplaces never become markup.
 * A control character or lone surrogate in one would make the whole feed unreadable, so those are
 * dropped (iterating by code point keeps a proper surrogate pair whole).
 */
export function escapeXml(value: string): string {
  let out = '';
  for (const ch of value) {
    if (!isXmlChar(ch.codePointAt(0) ?? 0)) continue;
    out += ENTITIES[ch] ?? ch;
  }
  return out;
}
