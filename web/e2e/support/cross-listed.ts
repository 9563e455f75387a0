import { DemoCatalog, listingAsGiven, type DemoProduct } from '@pt/demo-marketplaces';
import { matchListings } from '@pt/domain';

/**
 * The eBay listing (variant 0) of a cross-listed model whose AliExpress twin the rule matches, both
 * as the item endpoints describe them (eBay with identifiers: the product page) and as search
 * results do (titles alone: the search page).
 */
export function crossListedModel(seed: string): CrossListed {
  const [first] = crossListedModels(seed, 1);
  if (!first) throw new Error('the demo catalog has no cross-listed model the matching rule finds');
  return first;
}

export interface CrossListed {
  ebay: DemoProduct;
  twin: DemoProduct;
  sibling: DemoProduct;
}

/** The first `count` such models (of different couples, so no two share a search). */
export function crossListedModels(seed: string, count: number): CrossListed[] {
  const found: CrossListed[] = [];
  const products = new DemoCatalog({ seed }).products;
  const at = (variantId: string, marketplace: string) =>
    products.find((p) => p.variantId === variantId && p.marketplace === marketplace);
  for (const ebay of products) {
    if (!ebay.modelId || ebay.marketplace !== 'ebay' || ebay.variationId || !ebay.variantId.endsWith('/0'))
      continue;
    const twin = at(ebay.variantId, 'aliexpress');
    const sibling = at(`${ebay.modelId}/1`, 'aliexpress');
    if (!twin || !sibling || !twin.title.includes(ebay.model)) continue;
    const asGiven = matchListings(listingAsGiven(ebay), listingAsGiven(twin)).match;
    const asFound = matchListings({ title: ebay.title }, { title: twin.title }).match;
    if (!asGiven || !asFound) continue;
    const couple = ebay.modelId.replace(/-\d+$/, '');
    if (found.some((f) => f.ebay.modelId?.replace(/-\d+$/, '') === couple)) continue;
    found.push({ ebay, twin, sibling });
    if (found.length === count) break;
  }
  return found;
}
