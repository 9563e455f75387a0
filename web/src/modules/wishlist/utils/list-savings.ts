import { convertCurrency, type Wishlist } from '@pt/domain';
import { itemCurrency } from '../api/server-wishlists';

const inUsd = (amount: number, currency: string) => {
  if (currency === 'USD' || !(amount > 0)) return amount;
  const converted = convertCurrency(amount, currency, 'USD');
  return converted.ok ? converted.value.convertedAmount : amount;
};

/** A list's items in the order the user gave them. */
export const sortedItems = (w: Wishlist) => [...w.items].sort((a, b) => a.position - b.position);

/** Savings so far add up the per-item summaries (the server's, once signed in), in USD. */
export const savedSoFar = (items: Wishlist['items']) =>
  items.reduce((sum, i) => sum + inUsd(i.currentSavings, itemCurrency(i)), 0);
