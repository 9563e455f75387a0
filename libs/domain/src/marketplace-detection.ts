import { DEFAULT_MARKETPLACE, MarketplaceId } from './marketplaces';
import { decodeProductId } from './product-ids';

export interface MarketplaceHints {
  marketplace?: string | null;
  source?: string | null;
  url?: string | null;
  id?: string | null;
}

/**
 * Names as they appear in `marketplace` / `source` fields. Unknown names fall through to the next
 * signal instead of winning: a source of "Unknown" (§8 defaults) must not hide a clear URL.
 */
const NAME_ALIASES: Readonly<Record<string, MarketplaceId>> = {
  ebay: 'ebay',
  'ebay-api': 'ebay',
  aliexpress: 'aliexpress',
  'ali express': 'aliexpress',
  'aliexpress-api': 'aliexpress',
  ali: 'aliexpress',
  amazon: 'amazon',
  walmart: 'walmart',
};

function fromName(name: string | null | undefined): MarketplaceId | undefined {
  if (!name) return undefined;
  return NAME_ALIASES[name.trim().toLowerCase()];
}

const HOST_PATTERNS: ReadonlyArray<[RegExp, MarketplaceId]> = [
  [/(^|\.)ebay\.[a-z.]+$/, 'ebay'],
  [/(^|\.)aliexpress(-media)?\.[a-z.]+$/, 'aliexpress'],
  [/(^|\.)(amazon\.[a-z.]+|amzn\.to)$/, 'amazon'],
  [/(^|\.)walmart\.[a-z.]+$/, 'walmart'],
];

export function marketplaceFromUrl(url: string | null | undefined): MarketplaceId | undefined {
  if (!url) return undefined;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  return HOST_PATTERNS.find(([re]) => re.test(host))?.[1];
}

/**
 * §5 id patterns, tested in the order the spec lists them. 10–12 digit ids match both the
 * cross-border (10+) and auction (9–12) patterns; listing order gives them to the cross-border
 * marketplace, consistent with §2's source rule.
 */
export function marketplaceFromId(id: string | null | undefined): MarketplaceId | undefined {
  if (!id) return undefined;
  const d = decodeProductId(id);
  if (/^(aliexpress_|ali_|ae_)/.test(d) || /^\d{10,}$/.test(d)) return 'aliexpress';
  if (d.includes('|') || d.startsWith('ebay_') || /^\d{9,12}$/.test(d)) return 'ebay';
  if (/^(amazon_|amz_)/.test(d) || /^[A-Z0-9]{10}$/.test(d)) return 'amazon';
  if (/^(walmart_|wm_)/.test(d)) return 'walmart';
  return undefined;
}

/** §5: explicit name → source → URL host → id pattern; default auction marketplace. */
export function detectMarketplace(hints: MarketplaceHints): MarketplaceId {
  return (
    fromName(hints.marketplace) ??
    fromName(hints.source) ??
    marketplaceFromUrl(hints.url) ??
    marketplaceFromId(hints.id) ??
    DEFAULT_MARKETPLACE
  );
}
