import type { Product } from '@pt/contracts';
import { sourceName } from '../../products/components/product-card';
import { useRegion } from '../../region/hooks/region-context';
import { usePriceInRegion } from '../../../ui/price';
import { landedTotal } from '../utils/compare-store';

export type CompareRow = [label: string, value: (p: Product) => string];

/** How many specification rows the comparison shows (the first ones any product has). */
const SPEC_ROWS = 8;

/** The compared facts, prices in the shopper's currency, then the products' specifications. */
export function useCompareRows(products: readonly Product[]): CompareRow[] {
  const format = usePriceInRegion();
  const { region } = useRegion();
  const specKeys = [...new Set(products.flatMap((p) => Object.keys(p.specifications)))].slice(0, SPEC_ROWS);
  return [
    ['Price', (p) => format(p.price, p.currency)],
    [
      'Shipping',
      (p) => (p.shippingCost !== undefined ? format(p.shippingCost, p.currency) : (p.shipping ?? '—')),
    ],
    ['Landed total', (p) => format(landedTotal(p, region.currency), region.currency)],
    [
      'Rating',
      (p) => `★ ${p.rating.toFixed(1)}${p.reviews !== undefined ? ` (${p.reviews.toLocaleString()})` : ''}`,
    ],
    ['Seller', (p) => p.seller ?? '—'],
    ['Condition', (p) => p.condition ?? '—'],
    ['Marketplace', (p) => sourceName(p)],
    ...specKeys.map((k): CompareRow => [k, (p) => p.specifications[k] ?? '—']),
  ];
}
