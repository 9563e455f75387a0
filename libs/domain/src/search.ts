import { LiveMarketplaceId } from './marketplaces';

/** §9 */
export const SEARCH_QUERY_MAX_LENGTH = 200;
export const DEFAULT_SEARCH_PAGE_SIZE = 20;
export const DEFAULT_MAX_SEARCH_RESULTS = 100;
export const RELATED_PRODUCTS_DEFAULT: Readonly<Record<LiveMarketplaceId, number>> = {
  ebay: 8,
  aliexpress: 10,
};
export const SEARCH_TERMS_MAX_WORDS = 4;
export const SEARCH_TERM_MIN_LENGTH_EXCLUSIVE = 2;

/**
 * §5: strip angle brackets and quotes, collapse whitespace, trim, cut to 200. The second trim keeps
 * a cut that ends on a space from leaving a trailing space, so sanitising is idempotent.
 */
export function sanitizeSearchQuery(query: string | null | undefined): string {
  return (query ?? '')
    .replace(/[<>"']/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_QUERY_MAX_LENGTH)
    .trim();
}

/**
 * §9: up to 4 words longer than 2 characters, used to find related products from a title.
 * Punctuation around a word ("Pro," "(2024)") is dropped so it does not end up in the query.
 */
export function extractSearchTerms(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length > SEARCH_TERM_MIN_LENGTH_EXCLUSIVE)
    .slice(0, SEARCH_TERMS_MAX_WORDS);
}

export function relatedProductsQuery(title: string | null | undefined): string {
  return extractSearchTerms(title).join(' ');
}

/**
 * The page size to ask a marketplace for: the requested size (default 20), at least 1 and never
 * more than the operator's max_search_results setting (default 100).
 */
export function effectivePageSize(
  requested?: number | null,
  maxSearchResults: number = DEFAULT_MAX_SEARCH_RESULTS,
): number {
  const size =
    typeof requested === 'number' && Number.isFinite(requested)
      ? Math.floor(requested)
      : DEFAULT_SEARCH_PAGE_SIZE;
  return Math.min(Math.max(size, 1), Math.max(1, maxSearchResults));
}
