import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SearchBox } from './search-box';
import { useSearchHistory } from '../hooks/use-search-history';

/**
 * The search form of the home page (hero) and the search page: the box with its recent-search
 * suggestions and a Search button. Without `onSearch` a query opens /search?q=….
 */
export function SearchForm({
  id,
  initial = '',
  hero,
  onSearch,
}: {
  id: string;
  initial?: string;
  hero?: boolean;
  onSearch?(q: string): void;
}) {
  const navigate = useNavigate();
  const { remember } = useSearchHistory();
  const [draft, setDraft] = useState(initial);
  const [shown, setShown] = useState(initial);
  // The search page's query changes with Back and links: the box follows it.
  if (initial !== shown) {
    setShown(initial);
    setDraft(initial);
  }
  const search = (q: string) => {
    const query = q.trim();
    if (onSearch) {
      onSearch(query);
      return;
    }
    if (!query) return;
    remember(query);
    void navigate(`/search?${new URLSearchParams({ q: query }).toString()}`);
  };
  return (
    <form
      role="search"
      className="search-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        search(draft);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <SearchBox id={id} value={draft} onChange={setDraft} onSearch={search} hero={hero} />
      <button type="submit" className={hero ? 'btn btn-primary btn-lg' : 'btn btn-primary'}>
        Search
      </button>
    </form>
  );
}
