/**
 * Cross-marketplace matching: whether two listings sell the same product (the same variant of the
 * same model). Identifiers decide when both sides carry them (GTIN, brand + MPN, eBay EPID);
 * otherwise a conservative title similarity proposes a confidence, and any disagreement on a
 * variant attribute (colour, size, capacity, pack, model number) rules a merge out whatever the
 * identifiers say, because merging two variants would show one variant's price as the other's.
 */

/** The identifiers a marketplace gives for a listing (eBay item: gtin, mpn, brand, epid). */
export interface ProductIdentifiers {
  gtin?: string;
  mpn?: string;
  brand?: string;
  epid?: string;
}

export interface MatchableListing {
  title: string;
  identifiers?: ProductIdentifiers;
}

export type MatchReason =
  | 'gtin'
  | 'epid'
  | 'brand-mpn'
  | 'similarity'
  | 'gtin-differs'
  | 'mpn-differs'
  | 'brand-differs'
  | 'variant-conflict';

export interface MatchVerdict {
  /** True when the two listings should be grouped as one product. */
  match: boolean;
  /** 1 for an identifier match, 0 for a conflict, the title similarity otherwise. */
  confidence: number;
  reason: MatchReason;
  /** The variant attribute the listings disagree on, for a variant conflict. */
  conflict?: VariantKind;
}

/**
 * The lowest similarity that merges. Chosen on the demo catalog's labelled pairs
 * (libs/demo-marketplaces matching-set): the lowest threshold whose precision is 1.0 there, with a
 * margin above the highest-scoring wrong pair; docs/architecture.md "Cross-marketplace matching".
 */
export const MATCH_THRESHOLD = 0.8;

/**
 * A GTIN (UPC-A 12, EAN-13, GTIN-14, EAN-8) as 14 digits, zero-padded, or undefined when it is not
 * one: wrong length or a failing check digit (a typo must not merge two products).
 */
export function normalizeGtin(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || ![8, 12, 13, 14].includes(digits.length)) return undefined;
  const gtin = digits.padStart(14, '0');
  if (/^0+$/.test(gtin)) return undefined;
  return gtinCheckDigit(gtin.slice(0, 13)) === Number(gtin[13]) ? gtin : undefined;
}

/** The GS1 check digit of a GTIN's first digits: weights 3,1,3,… from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** An MPN or brand compared loosely: case, spaces, dashes, dots and slashes do not count. */
export function normalizeCode(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const code = raw.toLowerCase().replace(/[\s\-_./]/g, '');
  // Sellers fill "Does not apply" when the item has no MPN; it identifies nothing.
  return code === '' || code === 'doesnotapply' || code === 'na' || code === 'unbranded' ? undefined : code;
}

export type VariantKind = 'colour' | 'capacity' | 'size' | 'weight' | 'volume' | 'pack' | 'model';

export interface TitleAttributes {
  /** Content words (lower case), without variant attributes, model numbers and marketing filler. */
  tokens: Set<string>;
  variants: Record<VariantKind, Set<string>>;
}

const COLOURS = new Set([
  'black',
  'white',
  'blue',
  'red',
  'green',
  'grey',
  'gray',
  'pink',
  'silver',
  'gold',
  'navy',
  'purple',
  'yellow',
  'orange',
  'brown',
  'beige',
  'rose',
]);
/** Spellings of one colour. */
const COLOUR_ALIASES: Readonly<Record<string, string>> = { gray: 'grey' };

/** Words marketplaces add that say nothing about which product it is. */
const FILLER = new Set([
  'a',
  'an',
  'and',
  'the',
  'for',
  'with',
  'of',
  'in',
  'to',
  'new',
  'hot',
  'sale',
  'original',
  'genuine',
  'free',
  'fast',
  'shipping',
  'fans',
  'fan',
  'best',
  'newest',
  'latest',
  'arrival',
  'rated',
  'cheap',
  'wholesale',
  'quality',
  'high',
  'top',
  'gift',
  'dropshipping',
  'official',
  'store',
  'brand',
  'used',
  'edition',
  '2023',
  '2024',
  '2025',
  '2026',
]);

/** Units read as one variant attribute, scaled to one base unit so "1TB" equals "1000GB". */
const UNITS: ReadonlyArray<{ pattern: RegExp; kind: VariantKind; scale: number; base: string }> = [
  { pattern: /^(\d+(?:\.\d+)?)tb$/, kind: 'capacity', scale: 1000, base: 'gb' },
  { pattern: /^(\d+(?:\.\d+)?)gb$/, kind: 'capacity', scale: 1, base: 'gb' },
  { pattern: /^(\d+(?:\.\d+)?)mah$/, kind: 'capacity', scale: 1, base: 'mah' },
  { pattern: /^(\d+(?:\.\d+)?)w$/, kind: 'capacity', scale: 1, base: 'w' },
  { pattern: /^(\d+(?:\.\d+)?)mm$/, kind: 'size', scale: 1, base: 'mm' },
  { pattern: /^(\d+(?:\.\d+)?)cm$/, kind: 'size', scale: 10, base: 'mm' },
  { pattern: /^(\d+(?:\.\d+)?)(?:in|inch|")$/, kind: 'size', scale: 25.4, base: 'mm' },
  { pattern: /^(\d+(?:\.\d+)?)kg$/, kind: 'weight', scale: 1000, base: 'g' },
  { pattern: /^(\d+(?:\.\d+)?)g$/, kind: 'weight', scale: 1, base: 'g' },
  { pattern: /^(\d+(?:\.\d+)?)lbs?$/, kind: 'weight', scale: 453.6, base: 'g' },
  { pattern: /^(\d+(?:\.\d+)?)l$/, kind: 'volume', scale: 1000, base: 'ml' },
  { pattern: /^(\d+(?:\.\d+)?)ml$/, kind: 'volume', scale: 1, base: 'ml' },
  { pattern: /^(\d+)(?:pcs|pc|pack|pk)$/, kind: 'pack', scale: 1, base: 'x' },
];
const CLOTHING_SIZES = new Set(['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl', '2xl', '3xl']);
const UNAMBIGUOUS_CLOTHING_SIZES = new Set(['xxs', 'xs', 'xl', 'xxl', 'xxxl', '2xl', '3xl']);

function emptyVariants(): Record<VariantKind, Set<string>> {
  return {
    colour: new Set(),
    capacity: new Set(),
    size: new Set(),
    weight: new Set(),
    volume: new Set(),
    pack: new Set(),
    model: new Set(),
  };
}

/** Lower case, accents off, separators between a number and its unit closed ("128 GB" → "128gb"). */
function words(title: string): string[] {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/(\d)\s+(tb|gb|mah|w|mm|cm|in|inch|kg|g|lbs?|l|ml|pcs|pc|pack|pk)\b/g, '$1$2')
      .split(/[^a-z0-9."]+/)
      // Quotes and dots stay only where they mean something: '15.6"' is a size, '"Pro' is a word.
      .map((w) => w.replace(/^[."]+|\.+$/g, '').replace(/(\D)"+$/, '$1'))
      .filter((w) => w !== '')
  );
}

/** A word with letters and digits ("k123", "wh1000xm4"): a model number, once units are read. */
const MODEL_NUMBER = /^(?=.*[a-z])(?=.*\d)[a-z0-9]{2,}$/;

/** The words of a title sorted into content tokens and variant attributes. */
export function titleAttributes(title: string): TitleAttributes {
  const variants = emptyVariants();
  const tokens = new Set<string>();
  const list = words(title);
  for (let i = 0; i < list.length; i++) {
    const word = list[i] as string;
    const next = list[i + 1];
    if (COLOURS.has(word)) {
      variants.colour.add(COLOUR_ALIASES[word] ?? word);
      continue;
    }
    const unit = UNITS.find((u) => u.pattern.test(word));
    if (unit) {
      const value = Number((unit.pattern.exec(word) as RegExpExecArray)[1]) * unit.scale;
      variants[unit.kind].add(`${Math.round(value * 10) / 10}${unit.base}`);
      continue;
    }
    // "Size M", "US 9", "Pack of 3", "Set of 2", "3 Pack".
    if ((word === 'size' || word === 'us' || word === 'eu' || word === 'uk') && next !== undefined) {
      if (CLOTHING_SIZES.has(next) || /^\d+(?:\.\d+)?$/.test(next)) {
        variants.size.add(`${word === 'size' ? '' : word}${next}`);
        i++;
        continue;
      }
    }
    if ((word === 'pack' || word === 'set') && next === 'of' && /^\d+$/.test(list[i + 2] ?? '')) {
      variants.pack.add(`${list[i + 2]}x`);
      i += 2;
      continue;
    }
    if (/^\d+$/.test(word) && (next === 'pack' || next === 'pcs' || next === 'pieces')) {
      variants.pack.add(`${word}x`);
      i++;
      continue;
    }
    if (UNAMBIGUOUS_CLOTHING_SIZES.has(word)) {
      variants.size.add(word);
      continue;
    }
    if (MODEL_NUMBER.test(word)) {
      variants.model.add(word);
      continue;
    }
    if (!FILLER.has(word)) tokens.add(word);
  }
  return { tokens, variants };
}

/**
 * The variant attribute two listings disagree on, if any. A disagreement is each side naming a
 * value the other does not ("Black" vs "Blue"; "K123" vs "K124"); one side saying more than the
 * other ("Black" vs nothing) is not a conflict, only less certainty.
 */
export function variantConflict(a: TitleAttributes, b: TitleAttributes): VariantKind | undefined {
  for (const kind of Object.keys(a.variants) as VariantKind[]) {
    const left = a.variants[kind];
    const right = b.variants[kind];
    if (left.size === 0 || right.size === 0) continue;
    const leftOnly = [...left].some((v) => !right.has(v));
    const rightOnly = [...right].some((v) => !left.has(v));
    if (leftOnly && rightOnly) return kind;
  }
  return undefined;
}

function dice(a: Set<string>, b: Set<string>): number {
  if (a.size + b.size === 0) return 0;
  let shared = 0;
  for (const token of a) if (b.has(token)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** The content words of a listing's brand identifier, if it has one. */
function brandWords(listing: MatchableListing): string[] | undefined {
  const brand = listing.identifiers?.brand;
  if (brand === undefined || normalizeCode(brand) === undefined) return undefined;
  return words(brand).filter((w) => !FILLER.has(w));
}

/**
 * Taken off for each variant attribute only one title states. A listing silent on its colour may
 * sell any colour (a multi-SKU AliExpress listing often is): at 0.25 it cannot reach the threshold
 * even with identical words, so it is never merged with one variant.
 */
const SILENT_VARIANT_PENALTY = 0.25;

/**
 * The title similarity in [0, 1]: the same model numbers carry half of it (a title without them
 * cannot reach the threshold: the words alone do not tell a product from its successor), the
 * content words the other half, and each variant attribute only one side states takes some away.
 */
export function titleSimilarity(
  a: TitleAttributes,
  b: TitleAttributes,
  brands: { a?: string[]; b?: string[] } = {},
): number {
  // Only the same model numbers on both sides count: "OBD2 Scanner E787" and "OBD2 Scanner"
  // share the kind's "OBD2", not the model.
  const sameModel =
    a.variants.model.size > 0 &&
    a.variants.model.size === b.variants.model.size &&
    [...a.variants.model].every((m) => b.variants.model.has(m));
  // The brand is one more content word when a side only gives it as an identifier.
  const tokensA = new Set([...a.tokens, ...(brands.a ?? [])]);
  const tokensB = new Set([...b.tokens, ...(brands.b ?? [])]);
  let score = (sameModel ? 0.5 : 0) + 0.5 * dice(tokensA, tokensB);
  for (const kind of Object.keys(a.variants) as VariantKind[]) {
    if (kind === 'model') continue;
    if ((a.variants[kind].size === 0) !== (b.variants[kind].size === 0)) score -= SILENT_VARIANT_PENALTY;
  }
  return Math.max(0, Math.min(1, Math.round(score * 1000) / 1000));
}

/**
 * Whether two listings are the same product. In order: a variant conflict in the titles → never;
 * different valid GTINs → never; the same GTIN or EPID → match; the same brand with different MPNs
 * → never; the same brand + MPN → match; a brand identifier the other title does not mention →
 * never; otherwise the title similarity, merged at or above `threshold`.
 */
export function matchListings(
  a: MatchableListing,
  b: MatchableListing,
  threshold: number = MATCH_THRESHOLD,
): MatchVerdict {
  const attrsA = titleAttributes(a.title);
  const attrsB = titleAttributes(b.title);
  const conflict = variantConflict(attrsA, attrsB);
  if (conflict) return { match: false, confidence: 0, reason: 'variant-conflict', conflict };

  const gtinA = normalizeGtin(a.identifiers?.gtin);
  const gtinB = normalizeGtin(b.identifiers?.gtin);
  if (gtinA && gtinB) {
    return gtinA === gtinB
      ? { match: true, confidence: 1, reason: 'gtin' }
      : { match: false, confidence: 0, reason: 'gtin-differs' };
  }
  const epidA = normalizeCode(a.identifiers?.epid);
  const epidB = normalizeCode(b.identifiers?.epid);
  if (epidA && epidA === epidB) return { match: true, confidence: 1, reason: 'epid' };

  const brandA = normalizeCode(a.identifiers?.brand);
  const brandB = normalizeCode(b.identifiers?.brand);
  if (brandA && brandB && brandA !== brandB) return { match: false, confidence: 0, reason: 'brand-differs' };
  const mpnA = normalizeCode(a.identifiers?.mpn);
  const mpnB = normalizeCode(b.identifiers?.mpn);
  if (brandA && brandA === brandB && mpnA && mpnB) {
    return mpnA === mpnB
      ? { match: true, confidence: 1, reason: 'brand-mpn' }
      : { match: false, confidence: 0, reason: 'mpn-differs' };
  }

  const wordsA = brandWords(a);
  const wordsB = brandWords(b);
  // A known brand the other title never mentions: another maker's product (or an unbranded copy).
  const mentions = (brand: string[] | undefined, attrs: TitleAttributes) =>
    brand === undefined || brand.every((w) => attrs.tokens.has(w));
  if (!mentions(wordsA, attrsB) || !mentions(wordsB, attrsA)) {
    return { match: false, confidence: 0, reason: 'brand-differs' };
  }
  const confidence = titleSimilarity(attrsA, attrsB, {
    ...(wordsA ? { a: wordsA } : {}),
    ...(wordsB ? { b: wordsB } : {}),
  });
  return { match: confidence >= threshold, confidence, reason: 'similarity' };
}

/**
 * Listings grouped into products: each listing joins the first group all of whose members it
 * matches, else starts its own. Every member must match (not just one), so a chain "A ~ B, B ~ C"
 * never puts A with C when A and C are two variants. Returns groups of indexes into `listings`.
 */
export function groupListings(
  listings: readonly MatchableListing[],
  threshold: number = MATCH_THRESHOLD,
): number[][] {
  const groups: number[][] = [];
  listings.forEach((listing, index) => {
    const home = groups.find((group) =>
      group.every((member) => matchListings(listings[member] as MatchableListing, listing, threshold).match),
    );
    if (home) home.push(index);
    else groups.push([index]);
  });
  return groups;
}
