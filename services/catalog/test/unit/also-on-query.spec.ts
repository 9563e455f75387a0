import { matchQuery } from '../../src/services/also-on.service';

describe('matchQuery: the search that finds a listing on the other marketplaces', () => {
  it("asks for the brand identifier and the title's model numbers", () => {
    expect(
      matchQuery({
        title: 'Acme Compact Wireless Earbuds Black K123',
        identifiers: { brand: 'Acme', gtin: '1' },
      }),
    ).toBe('Acme k123');
  });

  it('asks for the model numbers alone when the marketplace gives no brand (AliExpress)', () => {
    expect(matchQuery({ title: 'Hot Sale Wireless Earbuds K123 Black for Acme Fans' })).toBe('k123');
  });

  it('asks nothing for a title without a model number: the rule could not match it', () => {
    expect(
      matchQuery({ title: 'Acme Wireless Earbuds Black', identifiers: { brand: 'Acme' } }),
    ).toBeUndefined();
  });
});
