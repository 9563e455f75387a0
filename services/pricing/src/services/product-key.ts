import {
  decodeProductId,
  extractCrossBorderId,
  normalizeProductId,
  parsePipeId,
  type MarketplaceId,
} from '@pt/domain';

/**
 * The id pricing stores a listing under. Lookups, wishlists and pollers name the same listing in
 * different forms ("v1|285112233445|0", "ebay_285112233445", "aliexpress_1005…", "1005…"), and a
 * snapshot must dedupe against the previous one whatever form it came in:
 * - eBay: the spec §5 normalisation (pipe id → item id, prefixes stripped), i.e. the legacy item id;
 * - AliExpress: the numeric product id inside any of its prefixes;
 * - other marketplaces (sample data only): the §5 normalisation.
 * Every form maps to one the drivers accept back (a legacy eBay id, a bare AliExpress number).
 */
export function canonicalProductId(marketplace: MarketplaceId, id: string): string {
  switch (marketplace) {
    case 'aliexpress':
      return extractCrossBorderId(decodeProductId(id).trim());
    case 'ebay':
    case 'amazon':
    case 'walmart':
      return normalizeProductId(id.trim());
  }
}

/**
 * The id to poll a listing by: an eBay API id with a real variation ("v1|…|123") is kept whole, as
 * only it finds that variation; any other id is polled by its canonical form. Undefined means "the
 * canonical id" (nothing more specific to remember).
 */
export function pollIdOf(marketplace: MarketplaceId, id: string): string | undefined {
  if (marketplace !== 'ebay') return undefined;
  const pipe = parsePipeId(id.trim());
  return pipe?.variation && pipe.variation !== '0' ? pipe.apiId : undefined;
}
