import { useEffect, useState } from 'react';
import { Button } from './button';
import { TextInput } from './text-input';

/** A price range as text fields hold it ('' for no bound). */
export interface PriceRangeValue {
  minPrice: string;
  maxPrice: string;
}

/**
 * Two price fields applied together (so half-typed numbers never refetch a page), refused while the
 * minimum is above the maximum. Follows the value it is given when that changes elsewhere (a
 * removed filter chip, Back).
 */
export function PriceRangeForm({
  value,
  onApply,
  labels,
  className,
}: {
  value: PriceRangeValue;
  onApply(range: PriceRangeValue): void;
  labels: { min: string; max: string; apply: string };
  className: string;
}) {
  const [range, setRange] = useState(value);
  useEffect(
    () => setRange({ minPrice: value.minPrice, maxPrice: value.maxPrice }),
    [value.minPrice, value.maxPrice],
  );
  const crossed =
    range.minPrice !== '' && range.maxPrice !== '' && Number(range.minPrice) > Number(range.maxPrice);
  const field = (key: keyof PriceRangeValue, label: string) => (
    <TextInput
      label={label}
      size="sm"
      compact
      type="number"
      min={0}
      step="0.01"
      inputMode="decimal"
      value={range[key]}
      onChange={(e) => setRange({ ...range, [key]: e.target.value })}
    />
  );
  return (
    <form
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        if (!crossed) onApply(range);
      }}
    >
      {field('minPrice', labels.min)}
      {field('maxPrice', labels.max)}
      <Button type="submit" size="sm" disabled={crossed}>
        {labels.apply}
      </Button>
      {crossed && (
        <p role="alert" className="field-error">
          The minimum price must not be above the maximum
        </p>
      )}
    </form>
  );
}
