import { Search, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useSearchHistory } from '../hooks/use-search-history';
import { nextActive, suggestionsFor } from '../utils/search-suggestions';
import './search-box.css';

interface SearchBoxProps {
  /** The input's id (its label says "Search products"). */
  id: string;
  value: string;
  onChange(value: string): void;
  /** A submitted query (typed, or a chosen suggestion). */
  onSearch(q: string): void;
  /** The home page's hero box is taller and wider. */
  hero?: boolean;
}

/**
 * The product search box with suggestions from the shopper's recent searches, as a WAI-ARIA
 * combobox (list autocomplete): ↓/↑ move through the suggestions (aria-activedescendant, focus
 * stays in the box), Enter searches the highlighted one or the text, Escape closes the list. The
 * list ends with "Clear recent searches". Plain React on purpose: it sits in the home page's
 * initial JavaScript, where a popover library would cost budget.
 */
export function SearchBox({ id, value, onChange, onSearch, hero }: SearchBoxProps) {
  const { history, clear } = useSearchHistory();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const suggestions = suggestionsFor(history, value);
  const expanded = open && suggestions.length > 0;
  // The suggestions, then the clear action, are the options the arrows move through.
  const optionCount = expanded ? suggestions.length + 1 : 0;
  const optionId = (i: number) => `${listId}-opt-${i}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (q: string) => {
    onChange(q);
    close();
    onSearch(q);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : suggestions.length);
        return;
      }
      if (optionCount === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => nextActive(i, step, optionCount));
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        close();
      } else if (value) onChange('');
    } else if (e.key === 'Enter' && expanded && active >= 0) {
      e.preventDefault();
      const picked = suggestions[active];
      if (picked !== undefined) choose(picked);
      else {
        clear();
        close();
      }
    }
  };

  return (
    <div className={hero ? 'search-input search-input-lg search-box' : 'search-input search-box'}>
      <Search className="search-input-icon" size={18} aria-hidden />
      <input
        id={id}
        type="text"
        inputMode="search"
        enterKeyHint="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={value}
        maxLength={200}
        placeholder="Search for a product"
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        // A click on an option lands before the blur closes the list (options keep focus off).
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      {value && (
        <button
          type="button"
          className="search-input-clear"
          aria-label="Clear search"
          onClick={() => onChange('')}
        >
          <X size={16} aria-hidden />
        </button>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label="Recent searches"
        className="search-box-list"
        hidden={!expanded}
      >
        {expanded &&
          suggestions.map((s, i) => (
            <li
              key={s}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="search-box-option"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
            >
              {s}
            </li>
          ))}
        {expanded && (
          <li
            id={optionId(suggestions.length)}
            role="option"
            aria-selected={active === suggestions.length}
            className="search-box-option search-box-clear-history"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              clear();
              close();
            }}
          >
            Clear recent searches
          </li>
        )}
      </ul>
    </div>
  );
}
