import { MAX_ALERT_TARGET } from '@pt/contracts';
import {
  convertCurrency,
  findSampleProduct,
  formatPrice,
  isLiveMarketplace,
  marketplaceOfProduct,
  type PriceAlert,
} from '@pt/domain';
import { useRegion } from '../../region/hooks/region-context';

/**
 * An alert keeps its target in its own currency (the listing's when it was set). Screens in another
 * region show it converted and say what the real target is; comparisons convert the price into the
 * alert's currency, the one the notifier compares in.
 */

/** An amount in another currency, or undefined when the built-in rates cannot convert it. */
export function inCurrency(amount: number, from: string, to: string): number | undefined {
  if (from.toUpperCase() === to.toUpperCase()) return amount;
  const converted = convertCurrency(amount, from, to);
  return converted.ok ? converted.value.convertedAmount : undefined;
}

/** §4 "met" with like compared to like: the price, in the alert's currency, at or below the target. */
export function priceMeetsTarget(
  price: number,
  priceCurrency: string,
  alert: Pick<PriceAlert, 'targetPrice' | 'currency'>,
): boolean {
  const inAlertCurrency = inCurrency(price, priceCurrency, alert.currency);
  return inAlertCurrency !== undefined && inAlertCurrency > 0 && inAlertCurrency <= alert.targetPrice;
}

/** "$10.00" in its own region; "€9.20 (your target: $10.00)" seen from another. */
export function targetText(
  alert: Pick<PriceAlert, 'targetPrice' | 'currency'>,
  regionCurrency: string,
): string {
  const own = formatPrice(alert.targetPrice, alert.currency);
  const shown = inCurrency(alert.targetPrice, alert.currency, regionCurrency);
  if (shown === undefined || alert.currency.toUpperCase() === regionCurrency.toUpperCase()) return own;
  return `${formatPrice(shown, regionCurrency)} (your target: ${own})`;
}

export function useTargetText(): (alert: Pick<PriceAlert, 'targetPrice' | 'currency'>) => string {
  const { region } = useRegion();
  return (alert) => targetText(alert, region.currency);
}

/** What a target field accepts (the alerts API's bounds, in the alert's currency). */
export function parseTarget(text: string): number | undefined {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value > 0 && value <= MAX_ALERT_TARGET
    ? value
    : undefined;
}

/**
 * Only listings something polls can be watched (§1): the live marketplaces, never a static sample
 * (the sample Amazon and Walmart products, and the sample eBay/AliExpress ones).
 */
export function canWatchPrice(product: {
  id: string;
  marketplace?: string | undefined;
  source?: string | undefined;
  url?: string | undefined;
}): boolean {
  if (findSampleProduct(product.id)) return false;
  return isLiveMarketplace(
    marketplaceOfProduct({
      productId: product.id,
      marketplace: product.marketplace,
      source: product.source,
      url: product.url,
    }),
  );
}
