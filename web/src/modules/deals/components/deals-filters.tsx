import { useQuery } from '@tanstack/react-query';
import { LIVE_MARKETPLACES, MARKETPLACE_NAMES } from '@pt/domain';
import { useEffect, useState } from 'react';
import { catalogKeys, fetchCategories } from '../../products/api/catalog';
import { Button } from '../../../ui/button';
import { Select } from '../../../ui/select';
import { TextInput } from '../../../ui/text-input';
import { MIN_DROP_CHOICES, type DealFilters } from '../deals-url';
import './deals-filters.css';

/**
 * The Deals page's filters: category, marketplace, how far below its usual price, and a landed-price
 * range (price + shipping, in the shopper's currency). Each change is a new URL, so Back and a
 * shared link work as on search.
 */
export function DealsFilters({
  filters,
  onChange,
}: {
  filters: DealFilters;
  onChange(next: DealFilters): void;
}) {
  const categories = useQuery({ queryKey: catalogKeys.categories(), queryFn: fetchCategories });
  const set = (change: Partial<DealFilters>) => onChange({ ...filters, ...change });
  return (
    <div className="deals-filters" role="group" aria-label="Deal filters">
      <Select
        label="Category"
        size="sm"
        compact
        value={filters.category}
        onValueChange={(category) => set({ category })}
        options={[
          { value: '', label: 'All categories' },
          ...(categories.data?.categories ?? []).map((c) => ({ value: c.slug, label: c.name })),
        ]}
      />
      <Select
        label="Marketplace"
        size="sm"
        compact
        value={filters.marketplace}
        onValueChange={(marketplace) => set({ marketplace })}
        options={[
          { value: '', label: 'All marketplaces' },
          ...LIVE_MARKETPLACES.map((m) => ({ value: m, label: MARKETPLACE_NAMES[m] })),
        ]}
      />
      <Select
        label="Below usual price by"
        size="sm"
        compact
        value={filters.minDrop}
        onValueChange={(minDrop) => set({ minDrop })}
        options={[
          { value: '', label: 'Any drop' },
          ...MIN_DROP_CHOICES.map((d) => ({ value: d, label: `${d}% or more` })),
          // A hand-edited URL's drop stays selectable rather than showing as "any".
          ...(filters.minDrop && !(MIN_DROP_CHOICES as readonly string[]).includes(filters.minDrop)
            ? [{ value: filters.minDrop, label: `${filters.minDrop}% or more` }]
            : []),
        ]}
      />
      <LandedPriceRange filters={filters} onApply={(range) => set(range)} />
    </div>
  );
}

function LandedPriceRange({
  filters,
  onApply,
}: {
  filters: DealFilters;
  onApply(range: Pick<DealFilters, 'minPrice' | 'maxPrice'>): void;
}) {
  const [range, setRange] = useState({ minPrice: filters.minPrice, maxPrice: filters.maxPrice });
  useEffect(
    () => setRange({ minPrice: filters.minPrice, maxPrice: filters.maxPrice }),
    [filters.minPrice, filters.maxPrice],
  );
  const crossed =
    range.minPrice !== '' && range.maxPrice !== '' && Number(range.minPrice) > Number(range.maxPrice);
  const input = (key: 'minPrice' | 'maxPrice', label: string) => (
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
      className="deals-price-range"
      onSubmit={(e) => {
        e.preventDefault();
        if (!crossed) onApply(range);
      }}
    >
      {input('minPrice', 'Min landed price')}
      {input('maxPrice', 'Max landed price')}
      <Button type="submit" size="sm" disabled={crossed}>
        Apply
      </Button>
      {crossed && (
        <p role="alert" className="field-error">
          The minimum price must not be above the maximum
        </p>
      )}
    </form>
  );
}
