import { LiveMarketplaceId } from './marketplaces';
import { decodeProductId, extractCrossBorderId, parsePipeId, productSourceForId } from './product-ids';

/**
 * §4 product lookup order as data: the catalog walks the steps in order and stops at the first hit.
 * Keeping the order here (not in the service) lets the web app and the catalog agree on it.
 */
export type LookupStep =
  | { kind: 'static-sample'; id: string }
  | { kind: 'cache'; ids: string[] }
  | { kind: 'live'; marketplace: LiveMarketplaceId; id: string }
  | { kind: 'search-by-item-id'; marketplace: 'ebay'; itemId: string; match: 'exact' | 'partial' }
  | { kind: 'placeholder'; marketplace: 'ebay'; id: string; itemId: string };

export interface LookupPlan {
  /** The decoded id the steps use. */
  id: string;
  source: ReturnType<typeof productSourceForId>;
  steps: LookupStep[];
}

const unique = (values: string[]): string[] => [...new Set(values.filter((v) => v.length > 0))];

/**
 * §4: samples → cache (cross-border: also the extracted id and aliexpress_<id>) → live API →
 * (auction only) search by item id, exact then partial → placeholder. Ids that are neither pipe
 * nor cross-border ids are static samples (§2), so they stop after the cache.
 */
export function planProductLookup(rawId: string): LookupPlan {
  const id = decodeProductId(rawId);
  const source = productSourceForId(id);
  const steps: LookupStep[] = [{ kind: 'static-sample', id }];
  switch (source) {
    case 'ebay-api': {
      const pipe = parsePipeId(id) as NonNullable<ReturnType<typeof parsePipeId>>;
      steps.push(
        { kind: 'cache', ids: [id] },
        { kind: 'live', marketplace: 'ebay', id: pipe.apiId },
        { kind: 'search-by-item-id', marketplace: 'ebay', itemId: pipe.itemId, match: 'exact' },
        { kind: 'search-by-item-id', marketplace: 'ebay', itemId: pipe.itemId, match: 'partial' },
        { kind: 'placeholder', marketplace: 'ebay', id, itemId: pipe.itemId },
      );
      break;
    }
    case 'aliexpress-api': {
      const extracted = extractCrossBorderId(id);
      steps.push(
        { kind: 'cache', ids: unique([id, extracted, `aliexpress_${extracted}`]) },
        { kind: 'live', marketplace: 'aliexpress', id: extracted },
      );
      break;
    }
    case 'static':
      steps.push({ kind: 'cache', ids: [id] });
      break;
  }
  return { id, source, steps };
}

/** The fields of a search result the fallback compares. */
export interface ItemIdCandidate {
  itemId: string;
  legacyItemId?: string;
}

function candidateIds(c: ItemIdCandidate): string[] {
  const pipe = parsePipeId(c.itemId);
  return unique([c.itemId, c.legacyItemId ?? '', pipe?.itemId ?? '']);
}

/** §4: after a failed auction lookup, a search by item id is matched exactly first, then partially. */
export function matchSearchFallback<T extends ItemIdCandidate>(
  results: readonly T[],
  itemId: string,
): T | undefined {
  if (!itemId) return undefined;
  return (
    results.find((r) => candidateIds(r).includes(itemId)) ??
    results.find((r) => candidateIds(r).some((c) => c.includes(itemId) || itemId.includes(c)))
  );
}

/** §4: the auction placeholder: price 0 and "being loaded" text, so the page can render and retry. */
export function placeholderProduct(id: string, itemId: string) {
  return {
    id,
    title: `eBay item ${itemId}`,
    description: 'Product details are being loaded. Please check back shortly.',
    price: 0,
    currency: 'USD',
    marketplace: 'ebay' as const,
    marketplaceName: 'eBay',
    source: 'eBay',
    url: `https://www.ebay.com/itm/${encodeURIComponent(itemId)}`,
    isPlaceholder: true as const,
  };
}
