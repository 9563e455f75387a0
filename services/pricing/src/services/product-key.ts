import { LIVE_MARKETPLACES, listingIdOf, type MarketplaceId } from '@pt/domain';

/**
 * The id pricing stores a listing under: the domain's listing id (ARCHITECTURE §6).
 * Lookups, wishlists and pollers name the same listing in different forms ("v1|285112233445|0",
 * "ebay_285112233445", "aliexpress_1005…", "1005…"); every form of one listing maps to one id, two
 * variations of one eBay item to two ids, and each id is one the drivers accept back, so pollers
 * fetch by it. `marketplace:id` is the listing key every event about the listing carries.
 */
export function canonicalProductId(marketplace: MarketplaceId, id: string): string {
  return listingIdOf(marketplace, id);
}

/**
 * The listings an id may name: its form in the given marketplace, or — when the caller does not
 * say — in each live marketplace (an id like "285112233445" reads as either's).
 */
export function candidateListings(
  rawId: string,
  marketplace?: MarketplaceId,
): Array<{ productId: string; marketplace: MarketplaceId }> {
  const marketplaces: readonly MarketplaceId[] = marketplace ? [marketplace] : LIVE_MARKETPLACES;
  return marketplaces.map((m) => ({ productId: canonicalProductId(m, rawId), marketplace: m }));
}
