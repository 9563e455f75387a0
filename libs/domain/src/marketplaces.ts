/**
 * §1: the four marketplace kinds. Ids are the lowercase names used in ids, URLs and database rows.
 */
export const MARKETPLACE_IDS = ['ebay', 'aliexpress', 'amazon', 'walmart'] as const;
export type MarketplaceId = (typeof MARKETPLACE_IDS)[number];

/** §1: only the auction and cross-border marketplaces have live lookups (and so are polled). */
export const LIVE_MARKETPLACES = ['ebay', 'aliexpress'] as const;
export type LiveMarketplaceId = (typeof LIVE_MARKETPLACES)[number];

export const MARKETPLACE_NAMES: Readonly<Record<MarketplaceId, string>> = {
  ebay: 'eBay',
  aliexpress: 'AliExpress',
  amazon: 'Amazon',
  walmart: 'Walmart',
};

/** §5: the default when nothing identifies the marketplace. */
export const DEFAULT_MARKETPLACE: MarketplaceId = 'ebay';

export function isMarketplaceId(value: unknown): value is MarketplaceId {
  return typeof value === 'string' && (MARKETPLACE_IDS as readonly string[]).includes(value);
}

export function isLiveMarketplace(value: unknown): value is LiveMarketplaceId {
  return typeof value === 'string' && (LIVE_MARKETPLACES as readonly string[]).includes(value);
}
