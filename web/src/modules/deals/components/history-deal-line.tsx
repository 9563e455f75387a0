import type { Product } from '@pt/contracts';
import { Price } from '../../../ui/price';
import './history-deal-line.css';

/**
 * A Deals card's reason: how far the landed price is below the listing's own median, and that
 * median, so the drop can be checked against the chart rather than a seller's "was" price.
 */
export function HistoryDealLine({ deal }: { deal: NonNullable<Product['historyDeal']> }) {
  return (
    <p className="history-deal" data-testid="history-deal">
      <strong>{deal.dropPercent}% below</strong> its {deal.windowDays}-day median of{' '}
      <Price amount={deal.medianLanded} currency={deal.currency} /> with shipping
    </p>
  );
}
