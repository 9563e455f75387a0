import type { WishlistItem } from '@pt/domain';
import type { Savings } from '../../product/hooks/use-price-history';
import { Price } from '../../../ui/price';
import { savedSoFar } from '../utils/list-savings';

/** "n items · saved … · could save …": the last only once an item's history has answered. */
export function WishlistSummary({
  items,
  savings,
}: {
  items: WishlistItem[];
  savings: (Savings | undefined)[];
}) {
  const known = savings.filter((s) => s !== undefined);
  const potential = known.reduce((sum, s) => sum + s.amount, 0);
  return (
    <p className="muted" data-testid="list-savings">
      {items.length} item{items.length === 1 ? '' : 's'} · saved{' '}
      <Price amount={savedSoFar(items)} testId="list-saved" />
      {known[0] && (
        <>
          {' '}
          · could save <Price amount={potential} currency={known[0].currency} testId="list-potential" />
        </>
      )}
    </p>
  );
}
