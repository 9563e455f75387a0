import { roundMoney } from './money';

/** §4, §9: the default alert target is 90% of the current price. */
export const DEFAULT_ALERT_TARGET_RATIO = 0.9;
/** §9 potential-savings factors. */
export const SAVINGS_AVERAGE_FACTOR = 0.15;
export const SAVINGS_MINIMUM_FACTOR = 0.05;
export const SAVINGS_NO_HISTORY_FACTOR = 0.15;

const knownPrice = (price: number | null | undefined): price is number =>
  typeof price === 'number' && Number.isFinite(price) && price > 0;

/** §4: 90% of the current price, or 0 when the price is unknown. */
export function defaultAlertTarget(currentPrice: number | null | undefined): number {
  return knownPrice(currentPrice) ? roundMoney(currentPrice * DEFAULT_ALERT_TARGET_RATIO) : 0;
}

export type HistoryPrice = number | { price: number };

/**
 * §9: without a target, the largest of (current − historical min), 15% of (current − average) and
 * 5% of current; 15% of the price with no history. With a target, the spec is silent: a shopper
 * who set a target saves current − target when it is reached, never less than 0.
 */
export function potentialSavings(
  currentPrice: number,
  history: readonly HistoryPrice[] = [],
  targetPrice?: number | null,
): number {
  if (!knownPrice(currentPrice)) return 0;
  if (knownPrice(targetPrice)) return roundMoney(Math.max(0, currentPrice - targetPrice));
  const prices = history.map((h) => (typeof h === 'number' ? h : h.price)).filter(knownPrice);
  if (prices.length === 0) return roundMoney(currentPrice * SAVINGS_NO_HISTORY_FACTOR);
  const min = Math.min(...prices);
  const average = prices.reduce((a, b) => a + b, 0) / prices.length;
  return roundMoney(
    Math.max(
      currentPrice - min,
      SAVINGS_AVERAGE_FACTOR * (currentPrice - average),
      SAVINGS_MINIMUM_FACTOR * currentPrice,
    ),
  );
}

/** What the shopper saved since the item was added: the first tracked price minus today's, never negative. */
export function currentSavings(
  priceWhenAdded: number | null | undefined,
  currentPrice: number | null | undefined,
): number {
  if (!knownPrice(priceWhenAdded) || !knownPrice(currentPrice)) return 0;
  return roundMoney(Math.max(0, priceWhenAdded - currentPrice));
}

/**
 * The discount a listing shows: whole percent off its original price. Undefined when there is no
 * original price above the current one (no discount to show, never a negative one).
 */
export function discountPercent(price: number, originalPrice: number | null | undefined): number | undefined {
  if (originalPrice === undefined || originalPrice === null || !(originalPrice > price) || !(price > 0))
    return undefined;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}
