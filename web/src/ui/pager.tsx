interface PagerProps {
  /** The page asked for (from the URL). */
  page: number;
  /** What the server answered: its page, how many, and whether one follows. */
  result: { page: number; totalPages: number; hasMore: boolean };
  onPage(page: number): void;
}

/** Previous / next through a paged product list; nothing when it fits one page. */
export function Pager({ page, result, onPage }: PagerProps) {
  if (result.totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pagination">
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span>
        Page {result.page} of {result.totalPages}
      </span>
      <button type="button" className="btn" disabled={!result.hasMore} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
