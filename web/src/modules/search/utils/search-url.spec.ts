import {
  activeFilterChips,
  filtersFromParams,
  paramsFromFilters,
  pushHistory,
  withFilter,
  withoutFilters,
} from './search-url';

describe('search filters in the URL', () => {
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

  it('shows each active filter as a chip whose removal drops only that filter and returns to page 1', () => {
    const f = filtersFromParams(
      new URLSearchParams(
        'q=tv&marketplace=ebay,aliexpress&condition=used&maxPrice=50&category=electronics&sort=rating&page=3',
      ),
    );
    const names = {
      marketplace: (id: string) => id.toUpperCase(),
      category: (slug: string) => `Cat ${slug}`,
    };
    const chips = activeFilterChips(f, names);
    expect(chips.map((c) => c.label)).toEqual(['EBAY', 'ALIEXPRESS', 'Used', 'Up to 50', 'Cat electronics']);
    expect(chips[0]?.without).toEqual({ ...f, marketplace: ['aliexpress'], page: 1 });
    expect(chips[3]?.without).toMatchObject({ minPrice: '', maxPrice: '', condition: 'used', page: 1 });
    expect(activeFilterChips(withoutFilters(f), names)).toEqual([]);
    expect(withoutFilters(f)).toMatchObject({ q: 'tv', sort: 'rating', page: 1 });
    expect(
      activeFilterChips(filtersFromParams(new URLSearchParams('q=tv&minPrice=5')), names)[0]?.label,
    ).toBe('From 5');
  });
});
