import { useQuery } from '@tanstack/react-query';
import { LIVE_MARKETPLACES, MARKETPLACE_NAMES } from '@pt/domain';
import { catalogKeys, fetchCategories } from '../../products/api/catalog';
import { Select } from '../../../ui/select';
import { PriceRangeForm } from '../../../ui/price-range-form';
import { MIN_DROP_CHOICES, type DealFilters } from '../utils/deals-url';
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
      <PriceRangeForm
        className="deals-price-range"
        value={filters}
        labels={{ min: 'Min landed price', max: 'Max landed price', apply: 'Apply' }}
        onApply={set}
      />
    </div>
  );
}
