import {
  MATCH_THRESHOLD,
  groupListings,
  gtinCheckDigit,
  matchListings,
  normalizeCode,
  normalizeGtin,
  titleAttributes,
  titleSimilarity,
  variantConflict,
} from './product-matching';

describe(normalizeGtin.name, () => {
  it.each([
    ['UPC-A (12) padded to 14', '012345678905', '00012345678905'],
    ['EAN-13 padded to 14', '4006381333931', '04006381333931'],
    ['GTIN-14 kept', '10012345678902', '10012345678902'],
    ['EAN-8 padded to 14', '96385074', '00000096385074'],
    ['spaces and dashes ignored', ' 0-12345 67890-5 ', '00012345678905'],
    ['UPC-A and its EAN-13 form are one GTIN', '0012345678905', '00012345678905'],
    ['wrong check digit', '012345678906', undefined],
    ['wrong length', '12345678905', undefined],
    ['letters', '01234567890A', undefined],
    ['all zeros', '000000000000', undefined],
    ['empty', '', undefined],
    ['absent', undefined, undefined],
  ])('%s', (_row, input, expected) => expect(normalizeGtin(input)).toBe(expected));
});

describe(gtinCheckDigit.name, () => {
  it.each([
    ['01234567890', 5],
    ['400638133393', 1],
    ['9638507', 4],
    ['1001234567890', 2],
  ])('%s → %d', (body, digit) => expect(gtinCheckDigit(body)).toBe(digit));
});

describe(normalizeCode.name, () => {
  it.each([
    ['case, dashes and spaces', 'K123-BK', 'k123bk'],
    ['dots and slashes', 'wh.1000/xm4', 'wh1000xm4'],
    ['"Does not apply" identifies nothing', 'Does Not Apply', undefined],
    ['N/A identifies nothing', 'N/A', undefined],
    ['blank', '  ', undefined],
  ])('%s', (_row, input, expected) => expect(normalizeCode(input)).toBe(expected));
});

describe(titleAttributes.name, () => {
  const attributes = (title: string) => {
    const { tokens, variants } = titleAttributes(title);
    return {
      tokens: [...tokens].sort(),
      ...Object.fromEntries(
        Object.entries(variants)
          .filter(([, values]) => values.size > 0)
          .map(([kind, values]) => [kind, [...values].sort()]),
      ),
    };
  };
  it.each([
    [
      'eBay style',
      'Sonix Premium Wireless Earbuds 128GB Black K123',
      {
        tokens: ['earbuds', 'premium', 'sonix', 'wireless'],
        colour: ['black'],
        capacity: ['128gb'],
        model: ['k123'],
      },
    ],
    [
      'AliExpress style: marketing words dropped',
      '2024 New Wireless Earbuds K123 Black for Sonix Fans - Fast Shipping',
      { tokens: ['earbuds', 'sonix', 'wireless'], colour: ['black'], model: ['k123'] },
    ],
    ['units scaled: 1TB = 1000GB', 'SSD 1 TB', { tokens: ['ssd'], capacity: ['1000gb'] }],
    ['litres and millilitres', 'Bottle 1.5L', { tokens: ['bottle'], volume: ['1500ml'] }],
    ['"Size M"', 'Hoodie Size M', { tokens: ['hoodie'], size: ['m'] }],
    ['shoe size', 'Sneakers US 9.5', { tokens: ['sneakers'], size: ['us9.5'] }],
    ['packs', 'Socks 3 Pack', { tokens: ['socks'], pack: ['3x'] }],
    ['"Pack of 3" is "3 Pack"', 'Socks Pack of 3', { tokens: ['socks'], pack: ['3x'] }],
    ['gray is grey', 'Gray Mug', { tokens: ['mug'], colour: ['grey'] }],
    ['no digit, no model number', 'USB-C Charger', { tokens: ['c', 'charger', 'usb'] }],
  ])('%s', (_row, title, expected) => expect(attributes(title)).toEqual(expected));
});

describe(variantConflict.name, () => {
  it.each([
    ['other colour', 'Mug Black K1', 'Mug Blue K1', 'colour'],
    ['other capacity', 'SSD 512GB K1', 'SSD 1TB K1', 'capacity'],
    ['same capacity in other units', 'SSD 1000GB K1', 'SSD 1TB K1', undefined],
    ['other clothing size', 'Hoodie Size M', 'Hoodie Size L', 'size'],
    ['other pack', 'Socks 2 Pack', 'Socks Pack of 3', 'pack'],
    ['other model number', 'OBD2 Scanner K123', 'OBD2 Scanner K124', 'model'],
    ['one side names more colours', 'Mug Black', 'Mug Black White', undefined],
    ['one side silent on colour', 'Mug Black K1', 'Mug K1', undefined],
    ['one side has an extra code', 'OBD2 Scanner K123', 'Scanner K123', undefined],
  ])('%s', (_row, a, b, expected) =>
    expect(variantConflict(titleAttributes(a), titleAttributes(b))).toBe(expected),
  );
});

describe(matchListings.name, () => {
  const ebay = (title: string, identifiers = {}) => ({
    title,
    identifiers: { brand: 'Sonix', ...identifiers },
  });
  it.each([
    [
      'same GTIN (UPC vs EAN-13 form)',
      ebay('Sonix Earbuds Black K123', { gtin: '012345678905' }),
      ebay('Earbuds K123 by Sonix', { gtin: '0012345678905' }),
      { match: true, reason: 'gtin' },
    ],
    [
      'different GTINs',
      ebay('Sonix Earbuds Black K123', { gtin: '012345678905' }),
      ebay('Sonix Earbuds Black K123', { gtin: '4006381333931' }),
      { match: false, reason: 'gtin-differs' },
    ],
    [
      'same GTIN but the titles name other colours: never merged',
      ebay('Sonix Earbuds Black K123', { gtin: '012345678905' }),
      ebay('Sonix Earbuds Blue K123', { gtin: '012345678905' }),
      { match: false, reason: 'variant-conflict' },
    ],
    [
      'an invalid GTIN is ignored, brand + MPN decides',
      ebay('Sonix Earbuds K123', { gtin: '012345678906', mpn: 'K123-BK' }),
      ebay('Sonix Wireless Earbuds', { gtin: '012345678905', mpn: 'k123 bk' }),
      { match: true, reason: 'brand-mpn' },
    ],
    [
      'same brand, other MPN',
      ebay('Sonix Earbuds K123', { mpn: 'K123-BK' }),
      ebay('Sonix Earbuds K123', { mpn: 'K123-WH' }),
      { match: false, reason: 'mpn-differs' },
    ],
    [
      'same EPID',
      ebay('Sonix Earbuds', { epid: '2254123' }),
      ebay('Sonix Wireless Earbuds', { epid: '2254123' }),
      { match: true, reason: 'epid' },
    ],
    [
      'other brand',
      ebay('Sonix Earbuds K123'),
      { title: 'Voltra Earbuds K123', identifiers: { brand: 'Voltra' } },
      { match: false, reason: 'brand-differs' },
    ],
    [
      'a brand the AliExpress title never mentions',
      ebay('Sonix Premium Wireless Earbuds Black K123'),
      { title: 'Premium Wireless Earbuds Black K123 Fast Shipping' },
      { match: false, reason: 'brand-differs' },
    ],
    [
      'AliExpress title of the same variant',
      ebay('Sonix Premium Wireless Earbuds Black K123'),
      { title: '2024 New Premium Wireless Earbuds K123 Black for Sonix Fans - Fast Shipping' },
      { match: true, reason: 'similarity' },
    ],
    [
      'AliExpress title without the model number: not sure enough',
      ebay('Sonix Premium Wireless Earbuds Black K123'),
      { title: 'Premium Wireless Earbuds Black for Sonix Fans' },
      { match: false, reason: 'similarity' },
    ],
    [
      'AliExpress title of the other capacity',
      ebay('Sonix Portable SSD 1TB Black K123'),
      { title: 'Portable SSD K123 2TB Black for Sonix Fans' },
      { match: false, reason: 'variant-conflict' },
    ],
  ])('%s', (_row, a, b, expected) => {
    expect(matchListings(a, b)).toMatchObject(expected);
    // Symmetric: the order of the two listings never changes the verdict.
    expect(matchListings(b, a)).toEqual(matchListings(a, b));
  });

  it('merges on title similarity only at or above the threshold', () => {
    const a = ebay('Sonix Premium Wireless Earbuds Black K123');
    const b = { title: 'Wireless Earbuds K123 Black for Sonix Fans' };
    const { confidence } = matchListings(a, b);
    expect(confidence).toBeGreaterThan(0);
    expect(matchListings(a, b, confidence).match).toBe(true);
    expect(matchListings(a, b, confidence + 0.001).match).toBe(false);
    expect(MATCH_THRESHOLD).toBeGreaterThan(0.5);
  });

  it('gives no model-number credit for a code of the kind alone ("OBD2" without the model\'s own)', () => {
    const a = titleAttributes('Drivex Professional OBD2 Scanner White E787');
    const b = titleAttributes('Drivex OBD2 Scanner White Hot Sale Free Shipping');
    expect(titleSimilarity(a, b)).toBeLessThanOrEqual(0.5);
  });

  it('keeps a title silent on a variant the other names below the threshold', () => {
    const a = titleAttributes('Sonix Wireless Earbuds Black K123');
    const b = titleAttributes('Sonix Wireless Earbuds K123');
    expect(titleSimilarity(a, b)).toBeLessThan(MATCH_THRESHOLD);
  });

  it('caps a title without a shared model number at 0.5, below any threshold that merges', () => {
    const same = titleAttributes('Sonix Wireless Earbuds Black');
    expect(titleSimilarity(same, same)).toBe(0.5);
  });
});

describe(groupListings.name, () => {
  it('groups the listings of one product, and never lets a chain join two variants', () => {
    const groups = groupListings([
      { title: 'Sonix Earbuds Black K123', identifiers: { brand: 'Sonix', gtin: '012345678905' } },
      { title: 'Sonix Earbuds Blue K123', identifiers: { brand: 'Sonix', gtin: '4006381333931' } },
      // Says no colour: matches the black one and the blue one on its own, but may join only one.
      { title: 'Wireless Earbuds K123 for Sonix Fans' },
      { title: 'Hot Sale Earbuds K123 Black for Sonix Fans' },
      { title: 'Earbuds K123 Blue Sonix Original' },
      { title: 'Voltra Earbuds K123 Black', identifiers: { brand: 'Voltra' } },
    ]);
    expect(groups).toEqual([[0, 3], [1, 4], [2], [5]]);
  });
});
