import { matchSearchFallback, placeholderProduct, planProductLookup } from './lookup-plan';

describe(planProductLookup.name, () => {
  it('§4 auction id: samples → cache → live → search exact → search partial → placeholder', () => {
    const sut = planProductLookup('v1%7C285112233445%7C0');
    expect(sut).toEqual({
      id: 'v1|285112233445|0',
      source: 'ebay-api',
      steps: [
        { kind: 'static-sample', id: 'v1|285112233445|0' },
        { kind: 'cache', ids: ['v1|285112233445|0'] },
        { kind: 'live', marketplace: 'ebay', id: 'v1|285112233445|0' },
        { kind: 'search-by-item-id', marketplace: 'ebay', itemId: '285112233445', match: 'exact' },
        { kind: 'search-by-item-id', marketplace: 'ebay', itemId: '285112233445', match: 'partial' },
        { kind: 'placeholder', marketplace: 'ebay', id: 'v1|285112233445|0', itemId: '285112233445' },
      ],
    });
  });

  it.each([
    [
      '§4 aliexpress_ id: cache tries id, extracted and prefixed',
      'aliexpress_1005',
      ['aliexpress_1005', '1005'],
    ],
    ['§4 ae_ id', 'ae_1005', ['ae_1005', '1005', 'aliexpress_1005']],
    ['§4 digits id', '1005006123456789', ['1005006123456789', 'aliexpress_1005006123456789']],
  ])('%s', (_row, id, cacheIds) => {
    const sut = planProductLookup(id);
    expect(sut.source).toBe('aliexpress-api');
    expect(sut.steps).toEqual([
      { kind: 'static-sample', id },
      { kind: 'cache', ids: cacheIds },
      { kind: 'live', marketplace: 'aliexpress', id: cacheIds.find((c) => /^\d+$/.test(c)) },
    ]);
  });

  it('§4 static id: samples then cache, no live API and no placeholder', () => {
    expect(planProductLookup('sample-amazon-1').steps).toEqual([
      { kind: 'static-sample', id: 'sample-amazon-1' },
      { kind: 'cache', ids: ['sample-amazon-1'] },
    ]);
  });
});

describe(matchSearchFallback.name, () => {
  const results = [
    { itemId: 'v1|1285112233445|0', title: 'partial' },
    { itemId: 'v1|285112233445|0', title: 'exact' },
  ];
  it.each([
    ['§4 exact match preferred over an earlier partial one', results, '285112233445', 'exact'],
    ['§4 partial match when no exact one', [results[0]], '285112233445', 'partial'],
    ['§4 legacy id compared too', [{ itemId: 'x', legacyItemId: '42', title: 'legacy' }], '42', 'legacy'],
    ['§4 nothing matches', [{ itemId: 'v1|999|0', title: 'none' }], '285112233445', undefined],
    ['§4 empty item id never matches', results, '', undefined],
  ])('%s', (_row, list, itemId, title) => expect(matchSearchFallback(list, itemId)?.title).toBe(title));
});

describe(placeholderProduct.name, () => {
  it('§4 price 0 and being-loaded text', () => {
    const sut = placeholderProduct('v1|1|0', '1');
    expect(sut.price).toBe(0);
    expect(sut.description).toMatch(/being loaded/);
    expect(sut.marketplace).toBe('ebay');
    expect(() => new URL(sut.url)).not.toThrow();
  });
});
