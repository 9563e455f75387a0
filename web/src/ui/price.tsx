import { amountIn, formatPrice } from '@pt/domain';
import { createContext, useContext } from 'react';

/**
 * The currency prices are shown in. The region module provides the shopper's; the design system
 * only reads it, so it depends on no feature.
 */
export const ShownCurrencyContext = createContext('USD');

/**
 * A price in the user's region currency (§1, §9): converted with the built-in rates when it is in
 * another currency, then formatted with the region's symbol and two decimals (libs/domain).
 */
export function usePriceInRegion(): (amount: number | null | undefined, currency?: string) => string {
  const shown = useContext(ShownCurrencyContext);
  return (amount, currency = 'USD') =>
    formatPrice(typeof amount === 'number' ? amountIn(amount, currency, shown) : amount, shown);
}

export function Price({
  amount,
  currency,
  strike,
  testId = 'price',
}: {
  amount: number | null | undefined;
  currency?: string;
  strike?: boolean;
  testId?: string;
}) {
  const format = usePriceInRegion();
  const text = format(amount, currency);
  return strike ? <s data-testid={testId}>{text}</s> : <strong data-testid={testId}>{text}</strong>;
}
