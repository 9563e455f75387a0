import { usePriceInRegion } from './price';
import { priceDrop } from './price-drop';

/**
 * A price in the shopper's currency, with the earlier price struck through and the drop (amount and
 * percent) when it is lower now.
 */
export function PriceTag({
  amount,
  original,
  currency,
  size = 'md',
  testId = 'price',
  originalTestId = 'original-price',
  percent,
  className,
}: {
  amount: number | null | undefined;
  /** The earlier price (list price or the price before a drop), in the same currency. */
  original?: number | null;
  currency?: string;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
  originalTestId?: string;
  /** The listing's own discount in percent, when the marketplace states one; else computed. */
  percent?: number;
  className?: string;
}) {
  const format = usePriceInRegion();
  const drop = priceDrop(amount, original);
  return (
    <span
      className={['price-tag', size !== 'md' && `price-tag-${size}`, className].filter(Boolean).join(' ')}
    >
      <strong className="price-tag-now" data-testid={testId}>
        {format(amount, currency)}
      </strong>
      {drop && (
        <>
          <s className="price-tag-was">
            <span className="sr-only">was </span>
            <span data-testid={originalTestId}>{format(original, currency)}</span>
          </s>
          <span className="price-tag-drop">
            −{format(drop.amount, currency)} ({Math.round(percent ?? drop.percent)}%)
          </span>
        </>
      )}
    </span>
  );
}
