import { filtersFromParams, paramsFromFilters, pushHistory, withFilter } from './search-url';

describe('search filters in the URL (issue 15 §2)', () => {
  it('round-trips every filter through the query string', () => {
    const params = new URLSearchParams(
      'q=headphones&marketplace=ebay,aliexpress&condition=used&minPrice=10&maxPrice=50.5&category=electronics&sort=price_asc&page=3',
    );
    const filters = filtersFromParams(params);
    expect(filters).toEqual({
      q: 'headphones',
      marketplace: ['ebay', 'aliexpress'],
      condition: 'used',
      minPrice: '10',
      maxPrice: '50.5',
      category: 'electronics',
      sort: 'price_asc',
      page: 3,
    });
    expect(filtersFromParams(paramsFromFilters(filters))).toEqual(filters);
  });

  it('drops unknown or malformed values instead of sending them', () => {
    const f = filtersFromParams(
      new URLSearchParams('q=x&marketplace=evil&condition=broken&minPrice=-1&maxPrice=abc&sort=drop&page=0'),
    );
    expect(f).toMatchObject({
      marketplace: [],
      condition: '',
      minPrice: '',
      maxPrice: '',
      sort: 'relevance',
      page: 1,
    });
  });

  it('keeps the default sort and first page out of the URL', () => {
    const f = filtersFromParams(new URLSearchParams('q=tv'));
    expect(paramsFromFilters(f).toString()).toBe('q=tv');
  });

  it('a filter change goes back to page 1', () => {
    const f = filtersFromParams(new URLSearchParams('q=tv&page=4'));
    expect(withFilter(f, { sort: 'rating' })).toMatchObject({ page: 1, sort: 'rating' });
  });

  it('search history is newest first, without duplicates, capped at 10', () => {
    let h: string[] = [];
    for (let i = 0; i < 12; i += 1) h = pushHistory(h, `q${i}`);
    expect(h).toHaveLength(10);
    expect(h[0]).toBe('q11');
    expect(pushHistory(['TV', 'radio'], 'tv')).toEqual(['tv', 'radio']);
    expect(pushHistory(['a'], '   ')).toEqual(['a']);
  });
});
