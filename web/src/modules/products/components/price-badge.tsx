import type { PriceBadgeView } from '@pt/contracts';
import { usePriceInRegion } from '../../../ui/price';
import './price-badge.css';

/**
 * "Is this a good price?" at a glance (ARCHITECTURE §6): the badge the search or product answer
 * carries, beside the price it describes. Nothing when the answer has none (too little history,
 * or pricing did not answer in time). The 90-day range it was drawn from is in the tooltip and
 * read out to screen readers, in the region's currency like the price beside it. A strikethrough
 * price the listing never charged in its recorded history (a fake sale) is said beside it.
 */
export function PriceBadge({ badge }: { badge: PriceBadgeView | undefined }) {
  const format = usePriceInRegion();
  if (!badge) return null;
  const range = `90-day range ${format(badge.rangeLow, badge.currency)} to ${format(badge.rangeHigh, badge.currency)}`;
  return (
    <>
      <span
        className={`price-badge price-badge-${badge.level}`}
        data-testid="price-badge"
        data-level={badge.level}
        title={range}
      >
        {badge.label}
        <span className="sr-only">: {range}</span>
      </span>
      {badge.listPriceNeverSeen && (
        <span className="list-price-never-seen" data-testid="list-price-never-seen">
          {' '}
          List price never seen
        </span>
      )}
    </>
  );
}
