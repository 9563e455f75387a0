import type { Product } from '@pt/contracts';
import { usePriceInRegion } from '../../../ui/price';
import { DemoHistoryNote } from './demo-history-note';
import { PriceHistorySection } from './price-history-section';

/** The history column; a live lookup is handed on so the chart waits for the price just recorded. */
export function ProductHistory({
  product: p,
  fetchedAt,
  source,
}: {
  product: Product;
  fetchedAt: string;
  source: string;
}) {
  const format = usePriceInRegion();
  return (
    <div className="product-history">
      <PriceHistorySection
        productId={p.id}
        {...(source === 'live' ? { lookup: { price: p.price, currency: p.currency, fetchedAt } } : {})}
        currentSavings={
          p.originalPrice !== undefined && p.originalPrice > p.price
            ? format(p.originalPrice - p.price, p.currency)
            : null
        }
      />
      <DemoHistoryNote
        productId={p.id}
        {...(source === 'live' ? { lookup: { price: p.price, currency: p.currency, fetchedAt } } : {})}
      />
    </div>
  );
}
