import { useState, type FormEvent, type RefObject } from 'react';
import { SearchInput } from '../../../ui/search-input';
import { Select } from '../../../ui/select';

const SORTS = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'rating', label: 'Rating' },
];

/** The box is a draft until submitted; a new sort applies at once to the query in the URL. */
export function ProSearchForm({
  q,
  sort,
  input,
  onSearch,
  onSort,
}: {
  q: string;
  sort: string;
  input: RefObject<HTMLInputElement | null>;
  onSearch: (q: string) => void;
  onSort: (sort: string) => void;
}) {
  const [draft, setDraft] = useState(q);
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    onSearch(draft.trim());
  }
  return (
    <form onSubmit={onSubmit} className="row" role="search">
      <SearchInput
        id="pro-q"
        ref={input}
        showLabel
        label={
          <>
            Search products <span className="kbd">/</span>
          </>
        }
        className="field-grow"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onClear={() => setDraft('')}
      />
      <Select id="pro-sort" label="Sort" compact value={sort} onValueChange={onSort} options={SORTS} />
      <button type="submit" className="btn btn-primary" style={{ alignSelf: 'flex-end' }}>
        Search
      </button>
    </form>
  );
}
