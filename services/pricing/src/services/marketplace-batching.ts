import type { LiveMarketplaceId } from '@pt/domain';
import { ALIEXPRESS_DETAIL_MAX_IDS, EBAY_GET_ITEMS_MAX_IDS, type MarketplaceDriver } from '@pt/marketplaces';

/** The drivers the pollers call; `get` answers undefined for a marketplace without credentials. */
export interface PollDrivers {
  get(marketplace: LiveMarketplaceId): MarketplaceDriver | undefined;
}

/** eBay batches only with the getItems grant (the driver drops it if eBay refuses the call). */
function ebayBatches(driver: MarketplaceDriver): boolean {
  return 'batching' in driver && (driver as { batching: unknown }).batching === true;
}

/**
 * Listings per poll job: the biggest batch the API takes in ONE call (ARCHITECTURE §4), so one job
 * is one API call and the queue's limiter counts calls.
 */
export function pollBatchSize(marketplace: LiveMarketplaceId, driver: MarketplaceDriver): number {
  if (marketplace === 'aliexpress') return ALIEXPRESS_DETAIL_MAX_IDS;
  return ebayBatches(driver) ? EBAY_GET_ITEMS_MAX_IDS : 1;
}

/** API calls a getItems of `count` ids costs. */
export function apiCallsFor(
  marketplace: LiveMarketplaceId,
  driver: MarketplaceDriver,
  count: number,
): number {
  if (count === 0) return 0;
  const perCall = pollBatchSize(marketplace, driver);
  return Math.ceil(count / perCall);
}
