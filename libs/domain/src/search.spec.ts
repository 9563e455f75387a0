import {
  DEFAULT_MAX_SEARCH_RESULTS,
  DEFAULT_SEARCH_PAGE_SIZE,
  RELATED_PRODUCTS_DEFAULT,
  SEARCH_QUERY_MAX_LENGTH,
  effectivePageSize,
  extractSearchTerms,
  relatedProductsQuery,
  sanitizeSearchQuery,
} from './search';

describe(sanitizeSearchQuery.name, () => {
  it.each([
    ['§5 strips angle brackets', '<script>alert(1)</script> drone', 'scriptalert(1)/script drone'],
    ['§5 strips double and single quotes', `"kid's" drone`, 'kids drone'],
    ['§5 collapses spaces', 'mini    drone\t\n4k', 'mini drone 4k'],
    ['§5 trims', '   drone  ', 'drone'],
    ['§5 cuts to 200 characters', 'a'.repeat(250), 'a'.repeat(200)],
    ['§5 cut that ends on a space is trimmed', `${'a'.repeat(199)} b`, 'a'.repeat(199)],
    ['§5 null', null, ''],
  ])('%s', (_row, input, expected) => expect(sanitizeSearchQuery(input)).toBe(expected));
});

describe(extractSearchTerms.name, () => {
  it.each([
    [
      '§9 up to 4 words longer than 2 characters',
      'Apple iPhone 13 Pro Max 256GB Blue',
      ['Apple', 'iPhone', 'Pro', 'Max'],
    ],
    ['§9 short words skipped', 'TV 4K an LED set', ['LED', 'set']],
    ['§9 punctuation around words dropped', 'Drone, (4K) "Pro"!', ['Drone', 'Pro']],
    ['§9 empty', '', []],
    ['§9 null', null, []],
  ])('%s', (_row, text, expected) => expect(extractSearchTerms(text)).toEqual(expected));

  it('§9 related query joins the terms', () =>
    expect(relatedProductsQuery('Nintendo Switch OLED Model White')).toBe('Nintendo Switch OLED Model'));
});

describe(effectivePageSize.name, () => {
  it.each([
    ['§9 default 20', undefined, undefined, 20],
    ['§9 requested within limit', 50, undefined, 50],
    ['§9 capped by max_search_results default 100', 500, undefined, 100],
    ['§9 capped by a lower setting', 50, 30, 30],
    ['at least 1', 0, undefined, 1],
    ['fractions floored', 12.7, undefined, 12],
  ])('%s', (_row, requested, max, expected) => expect(effectivePageSize(requested, max)).toBe(expected));

  it('§9 constants', () => {
    expect(DEFAULT_SEARCH_PAGE_SIZE).toBe(20);
    expect(RELATED_PRODUCTS_DEFAULT).toEqual({ ebay: 8, aliexpress: 10 });
    expect(SEARCH_QUERY_MAX_LENGTH).toBe(200);
    expect(DEFAULT_MAX_SEARCH_RESULTS).toBe(100);
  });
});
