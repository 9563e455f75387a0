import { CATALOG_SORTS, CONDITION_FILTERS } from '@pt/contracts';
import { LIVE_MARKETPLACES, MARKETPLACE_NAMES, type MarketplaceId } from '@pt/domain';
import { SlidersHorizontal, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { SearchFilters } from '../../products/api/catalog';
import { Button, buttonClass } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Select } from '../../../ui/select';
import { TextInput } from '../../../ui/text-input';
import { useMediaQuery } from '../../../ui/use-media-query';
import { activeFilterChips, withFilter, withoutFilters } from '../utils/search-url';
import './search-filters.css';

const loadSheet = () => import('./filter-sheet-dialog');
const FilterSheetDialog = lazy(loadSheet);

const SORT_LABELS: Record<string, string> = {
  relevance: 'Relevance',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  rating: 'Rating',
  newest: 'Newest',
};

/** Below this width the filters open in a sheet instead of the bar above the results. */
const PHONE_QUERY = '(max-width: 48rem)';

interface FiltersProps {
  filters: SearchFilters;
  categories: ReadonlyArray<{ slug: string; name: string }>;
  onChange(next: SearchFilters): void;
}

/**
 * The search filters: a compact bar on a desktop, a "Filters" button opening a sheet (Radix dialog)
 * on a phone; either way the active ones follow as removable chips. The controls are rendered once
 * (bar or sheet), so labels and tests find exactly one of each.
 */
export function SearchFiltersPanel({ filters, categories, onChange }: FiltersProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  const chips = activeFilterChips(filters, {
    marketplace: (id) => MARKETPLACE_NAMES[id as MarketplaceId] ?? id,
    category: (slug) => categories.find((c) => c.slug === slug)?.name ?? slug,
  });
  return (
    <div className="filters-area">
      {phone ? (
        <FilterSheet count={chips.length}>
          <FilterControls filters={filters} categories={categories} onChange={onChange} />
        </FilterSheet>
      ) : (
        <div className="filters filters-bar" role="group" aria-label="Filters">
          <FilterControls filters={filters} categories={categories} onChange={onChange} />
        </div>
      )}
      {chips.length > 0 && (
        <ul className="filter-chips" aria-label="Active filters">
          {chips.map((chip) => (
            <li key={chip.key}>
              <button type="button" className="filter-chip" onClick={() => onChange(chip.without)}>
                {chip.label}
                <X size={14} aria-hidden />
                <span className="sr-only"> (remove filter)</span>
              </button>
            </li>
          ))}
          {chips.length > 1 && (
            <li>
              <Button variant="link" onClick={() => onChange(withoutFilters(filters))}>
                Clear all filters
              </Button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

/**
 * The phone's "Filters" button. The sheet's dialog code (Radix) loads on first use, like the
 * header's menu sheet, so it is not part of the search page's first screen.
 */
function FilterSheet({ count, children }: { count: number; children: ReactNode }) {
  const [active, setActive] = useState(false);
  const label = (
    <>
      <SlidersHorizontal size={16} aria-hidden /> Filters{count > 0 ? ` (${count})` : ''}
    </>
  );
  const stand = (onClick?: () => void) => (
    <button
      type="button"
      className={buttonClass({ size: 'sm' })}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={onClick}
      onPointerEnter={() => void loadSheet()}
      onFocus={() => void loadSheet()}
    >
      {label}
    </button>
  );
  if (!active) return stand(() => setActive(true));
  return (
    <Suspense fallback={stand()}>
      <FilterSheetDialog trigger={label}>{children}</FilterSheetDialog>
    </Suspense>
  );
}

function FilterControls({ filters, categories, onChange }: FiltersProps) {
  const toggleMarketplace = (m: string, on: boolean) =>
    onChange(
      withFilter(filters, {
        marketplace: on ? [...filters.marketplace, m] : filters.marketplace.filter((x) => x !== m),
      }),
    );
  return (
    <>
      <fieldset>
        <legend>Marketplace</legend>
        {/* The live marketplaces (§1); the others serve samples only and cannot be searched. */}
        {LIVE_MARKETPLACES.map((id) => (
          <Checkbox
            key={id}
            label={MARKETPLACE_NAMES[id]}
            checked={filters.marketplace.includes(id)}
            onCheckedChange={(on) => toggleMarketplace(id, on)}
          />
        ))}
      </fieldset>
      <Select
        label="Condition"
        size="sm"
        compact
        value={filters.condition}
        onValueChange={(condition) => onChange(withFilter(filters, { condition }))}
        options={[
          { value: '', label: 'Any' },
          ...CONDITION_FILTERS.map((c) => ({
            value: c,
            label: `${c[0]?.toUpperCase() ?? ''}${c.slice(1)}`,
          })),
        ]}
      />
      <PriceRange filters={filters} onApply={onChange} />
      <Select
        label="Category"
        size="sm"
        compact
        value={filters.category}
        onValueChange={(category) => onChange(withFilter(filters, { category }))}
        options={[
          { value: '', label: 'All categories' },
          ...categories.map((c) => ({ value: c.slug, label: c.name })),
        ]}
      />
      <Select
        label="Sort by"
        size="sm"
        compact
        value={filters.sort}
        onValueChange={(sort) => onChange(withFilter(filters, { sort }))}
        options={CATALOG_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] ?? s }))}
      />
    </>
  );
}

function PriceRange({ filters, onApply }: { filters: SearchFilters; onApply(f: SearchFilters): void }) {
  const [min, setMin] = useState(filters.minPrice);
  const [max, setMax] = useState(filters.maxPrice);
  useEffect(() => {
    setMin(filters.minPrice);
    setMax(filters.maxPrice);
  }, [filters.minPrice, filters.maxPrice]);
  const invalid = min !== '' && max !== '' && Number(min) > Number(max);
  return (
    <form
      className="price-range"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) onApply(withFilter(filters, { minPrice: min, maxPrice: max }));
      }}
    >
      <TextInput
        label="Min price"
        size="sm"
        compact
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        value={min}
        onChange={(e) => setMin(e.target.value)}
      />
      <TextInput
        label="Max price"
        size="sm"
        compact
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        value={max}
        onChange={(e) => setMax(e.target.value)}
      />
      <Button type="submit" size="sm" disabled={invalid}>
        Apply price
      </Button>
      {invalid && (
        <p role="alert" className="field-error">
          The minimum price must not be above the maximum
        </p>
      )}
    </form>
  );
}
