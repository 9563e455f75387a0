import { listingIdOf, type MarketplaceId } from '@pt/domain';

/**
 * The id pricing stores a listing under: the domain's listing id (ARCHITECTURE §6, issue 9 item 1).
 * Lookups, wishlists and pollers name the same listing in different forms ("v1|285112233445|0",
 * "ebay_285112233445", "aliexpress_1005…", "1005…"); every form of one listing maps to one id, two
 * variations of one eBay item to two ids, and each id is one the drivers accept back, so pollers
 * fetch by it. `marketplace:id` is the listing key every event about the listing carries.
 */
export function canonicalProductId(marketplace: MarketplaceId, id: string): string {
  return listingIdOf(marketplace, id);
}
