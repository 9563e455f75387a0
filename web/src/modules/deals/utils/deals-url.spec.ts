import { dealFiltersFromParams, paramsFromDealFilters } from './deals-url';

const read = (qs: string) => dealFiltersFromParams(new URLSearchParams(qs));

describe('deals filters in the URL', () => {
  it('reads every filter and writes it back in the same form', () => {
    const qs = 'category=home&marketplace=ebay&minDrop=20&minPrice=10&maxPrice=99.5';
    expect(read(qs)).toEqual({
      category: 'home',
      marketplace: 'ebay',
      minDrop: '20',
      minPrice: '10',
      maxPrice: '99.5',
    });
    expect(paramsFromDealFilters(read(qs)).toString()).toBe(qs);
  });

  it.each([
    ['an unknown marketplace', 'marketplace=etsy', { marketplace: '' }],
    ['a drop of 0', 'minDrop=0', { minDrop: '' }],
    ['a drop above 90', 'minDrop=95', { minDrop: '' }],
    ['a drop that is not whole', 'minDrop=12.5', { minDrop: '' }],
    ['a price that is not a number', 'minPrice=abc', { minPrice: '' }],
    ['a minimum above the maximum', 'minPrice=50&maxPrice=10', { minPrice: '', maxPrice: '' }],
    ['a category that is not a slug', 'category=%3Cscript%3E', { category: '' }],
  ])('drops %s instead of sending it', (_name, qs, expected) => {
    expect(read(qs)).toMatchObject(expected);
  });

  it('writes nothing for no filters', () => {
    expect(paramsFromDealFilters(read('')).toString()).toBe('');
  });
});
