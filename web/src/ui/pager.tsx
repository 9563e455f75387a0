import type { RefObject } from 'react';

interface PagerProps {
  /** The page asked for (from the URL). */
  page: number;
  /** What the server answered: its page, how many, and whether one follows. */
  result: { page: number; totalPages: number; hasMore: boolean };
  onPage(page: number): void;
  /**
   * The heading above the results (focusable: tabIndex -1). A page change brings it to the top of
   * the window and moves focus to it: the new page starts at its first result, and keyboard and
   * screen-reader users are not left on a button at the bottom.
   */
  resultsHeading?: RefObject<HTMLElement | null>;
}

/** Previous / next through a paged product list; nothing when it fits one page. */
export function Pager({ page, result, onPage, resultsHeading }: PagerProps) {
  if (result.totalPages <= 1) return null;
  const go = (next: number) => {
    onPage(next);
    const heading = resultsHeading?.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    heading.scrollIntoView({ block: 'start' });
  };
  return (
    <nav className="pager" aria-label="Pagination">
      <button type="button" className="btn" disabled={page <= 1} onClick={() => go(page - 1)}>
        Previous page
      </button>
      <span>
        Page {result.page} of {result.totalPages}
      </span>
      <button type="button" className="btn" disabled={!result.hasMore} onClick={() => go(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
