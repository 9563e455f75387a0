/**
 * Product ids (§2, §5). Ids reach us from routes, local storage and APIs, sometimes URL-encoded
 * more than once (an id put into a link that was itself encoded), so decoding runs to a fixpoint.
 */

const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

function decodeRun(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    // A run that is not valid UTF-8 as a whole: decode its ASCII bytes, keep the rest as written.
    return run.replace(/%([0-7][0-9A-Fa-f])/g, (_m, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
}

/** §5 step 1. Never throws on malformed input; each pass shortens the string, so the loop ends. */
export function decodeProductId(id: string): string {
  let current = id;
  for (;;) {
    const next = current.replace(PERCENT_RUN, decodeRun);
    if (next === current) return current;
    current = next;
  }
}

/** §5 step 3 prefixes. */
export const STRIPPED_ID_PREFIXES = ['ebay_', 'ali_', 'amazon_'] as const;

function stripPrefixes(id: string): string {
  let current = id;
  // Repeated so that "ebay_ali_123" and a second normalisation agree (normalisation is idempotent).
  for (;;) {
    const prefix = STRIPPED_ID_PREFIXES.find((p) => current.startsWith(p));
    if (!prefix) return current;
    current = current.slice(prefix.length);
  }
}

/**
 * §5: decode → pipe id's second segment → strip ebay_/ali_/amazon_. The prefix strip also applies
 * to the pipe segment (the spec says "otherwise"): real item ids are digits so nothing changes for
 * them, and it keeps normalise(normalise(x)) === normalise(x), which alert de-duplication relies on.
 */
export function normalizeProductId(id: string): string {
  const decoded = decodeProductId(id);
  const segment = decoded.includes('|') ? (decoded.split('|')[1] ?? '') : decoded;
  return stripPrefixes(segment);
}

export interface PipeId {
  /** The whole decoded id, as the item-detail endpoint wants it. */
  apiId: string;
  itemId: string;
  variation?: string;
}

/** §2: an auction API id: "v1|285112233445|0" → item id 285112233445, variation "0". */
export function parsePipeId(id: string): PipeId | undefined {
  const decoded = decodeProductId(id);
  if (!decoded.includes('|')) return undefined;
  const [, itemId = '', variation] = decoded.split('|');
  return variation ? { apiId: decoded, itemId, variation } : { apiId: decoded, itemId };
}

export function isAuctionApiId(id: string): boolean {
  return decodeProductId(id).includes('|');
}

/** §2: aliexpress_ or ae_ prefix, contains ali_, or only 10+ digits. */
export function isCrossBorderId(id: string): boolean {
  const decoded = decodeProductId(id);
  return (
    decoded.startsWith('aliexpress_') ||
    decoded.startsWith('ae_') ||
    decoded.includes('ali_') ||
    /^\d{10,}$/.test(decoded)
  );
}

/** The numeric cross-border id inside "aliexpress_1005…", "ae_1005…", "x_ali_1005…" or "1005…". */
export function extractCrossBorderId(id: string): string {
  const decoded = decodeProductId(id);
  for (const prefix of ['aliexpress_', 'ae_']) {
    if (decoded.startsWith(prefix)) return decoded.slice(prefix.length);
  }
  const at = decoded.indexOf('ali_');
  return at >= 0 ? decoded.slice(at + 'ali_'.length) : decoded;
}

export type ProductSource = 'ebay-api' | 'aliexpress-api' | 'static';

/** §2: the id format decides the source; the pipe test comes first as the spec lists it. */
export function productSourceForId(id: string): ProductSource {
  if (isAuctionApiId(id)) return 'ebay-api';
  if (isCrossBorderId(id)) return 'aliexpress-api';
  return 'static';
}

/** §5: an auction item id is valid when it is 10 to 15 digits. */
export function isValidAuctionItemId(itemId: string): boolean {
  return /^\d{10,15}$/.test(itemId);
}

/** An eBay variation id is digits; this many at most. */
export const MAX_VARIATION_LENGTH = 20;

/** A pipe id's variation segment, when present, is 1 to 20 digits. */
function isValidVariation(variation: string | undefined): boolean {
  return variation === undefined || (variation.length <= MAX_VARIATION_LENGTH && /^\d+$/.test(variation));
}

/** Longest product id a request may carry; longer ones are refused, not looked up. */
export const MAX_PRODUCT_ID_LENGTH = 512;

const PRINTABLE_ID = /^[^\s\p{Cc}]+$/u;

/**
 * Why an id taken from a request cannot name a product, or undefined when it can (§2, §5): empty,
 * too long, whitespace or control characters (a NUL would even break the database), an auction
 * API id whose item part is not a valid item number (10–15 digits) or whose variation is not
 * 1–20 digits (a variation is part of the listing's identity, ARCHITECTURE §6), or a cross-border
 * id whose number part is not digits.
 */
function isValidAuctionPipeId(pipe: PipeId | undefined): boolean {
  return !!pipe && isValidAuctionItemId(pipe.itemId) && isValidVariation(pipe.variation);
}

export function productIdProblem(rawId: string | undefined): string | undefined {
  const raw = rawId ?? '';
  if (raw.trim() === '') return 'Product id is required';
  if (raw.length > MAX_PRODUCT_ID_LENGTH)
    return `Product id must be at most ${MAX_PRODUCT_ID_LENGTH} characters`;
  const id = decodeProductId(raw);
  const malformed =
    !PRINTABLE_ID.test(id) ||
    (productSourceForId(id) === 'ebay-api' && !isValidAuctionPipeId(parsePipeId(id))) ||
    (productSourceForId(id) === 'aliexpress-api' && !/^\d+$/.test(extractCrossBorderId(id)));
  return malformed ? `Malformed product id: ${id.slice(0, 80)}` : undefined;
}
