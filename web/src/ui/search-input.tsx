import { Search, X } from 'lucide-react';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface SearchInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'type'> {
  label: ReactNode;
  /** Shown visibly above the box; by default the label is for screen readers (the icon says "search"). */
  showLabel?: boolean;
  size?: 'md' | 'lg';
  /** Called by the clear button; without it there is no clear button. */
  onClear?(): void;
}

/** A search box with a magnifier and an optional clear button, the home hero's and the toolbar's. */
export const SearchInput = forwardRef<HTMLInputElement, SearchInputProps>(function SearchInput(
  { label, showLabel, size = 'md', onClear, id, className, value, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const hasValue = typeof value === 'string' ? value.length > 0 : false;
  return (
    <div className={['field field-compact', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={showLabel ? undefined : 'sr-only'}>
        {label}
      </label>
      <div className={size === 'lg' ? 'search-input search-input-lg' : 'search-input'}>
        <Search className="search-input-icon" size={18} aria-hidden="true" />
        <input ref={ref} id={inputId} type="search" value={value} {...input} />
        {onClear && hasValue && (
          <button type="button" className="search-input-clear" aria-label="Clear search" onClick={onClear}>
            <X size={16} aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  );
});
