import {
  DEFAULT_REGION_ID,
  FALLBACK_RATES_PER_USD,
  convertCurrency,
  getRegion,
  type LiveMarketplaceId,
  type RegionId,
} from '@pt/domain';
import { ALIEXPRESS_CURRENCIES, ebaySiteCurrency } from '@pt/marketplaces';

/** The currency the catalog shows a region's prices in (§3 region currency). */
export function regionCurrency(region: RegionId = DEFAULT_REGION_ID): string {
  return getRegion(region).currency;
}

/**
 * The currency a live marketplace answers in for a region, as its driver asks for it: eBay lists in
 * the eBay site's currency (USD on EBAY_US, which br and kr fall back to, §9); AliExpress converts
 * to the region currency (target_currency), USD for a currency its API does not take.
 */
export function liveCurrency(marketplace: LiveMarketplaceId, region: RegionId = DEFAULT_REGION_ID): string {
  if (marketplace === 'ebay') return ebaySiteCurrency(region);
  const wanted = regionCurrency(region);
  return (ALIEXPRESS_CURRENCIES as readonly string[]).includes(wanted) ? wanted : 'USD';
}

/**
 * `amount` in `to` with the §9 fallback rates — for illustrative data (static samples) and for
 * comparing prices of different currencies, never for a price a marketplace quoted. 0 stays 0;
 * undefined when a currency is not in the table.
 */
export function convertWithFallbackRates(amount: number, from: string, to: string): number | undefined {
  if (from.toUpperCase() === to.toUpperCase()) return amount;
  if (amount === 0) return 0;
  const converted = convertCurrency(amount, from, to, FALLBACK_RATES_PER_USD);
  return converted.ok ? converted.value.convertedAmount : undefined;
}
