import {
  decodeProductId,
  extractCrossBorderId,
  isAuctionApiId,
  isCrossBorderId,
  isValidAuctionItemId,
  normalizeProductId,
  parsePipeId,
  productIdProblem,
  productSourceForId,
} from './product-ids';

describe(decodeProductId.name, () => {
  it.each([
    ['§5 step 1: URL-encoded pipe', 'v1%7C285112233445%7C0', 'v1|285112233445|0'],
    ['§5 step 1: double-encoded id decodes fully', 'v1%257C285112233445%257C0', 'v1|285112233445|0'],
    ['§5 plain id unchanged', 'sample-ebay-1', 'sample-ebay-1'],
    ['malformed escape kept as written', '100%', '100%'],
    ['invalid UTF-8 run: ASCII bytes decoded, rest kept', '%E0%41', '%E0A'],
    ['unicode', 'caf%C3%A9', 'café'],
  ])('%s', (_row, input, expected) => expect(decodeProductId(input)).toBe(expected));
});

describe(normalizeProductId.name, () => {
  it.each([
    ['§5 pipe id → second segment', 'v1|285112233445|0', '285112233445'],
    ['§5 encoded pipe id → second segment', 'v1%7C285112233445%7C0', '285112233445'],
    ['§5 strips ebay_', 'ebay_285112233445', '285112233445'],
    ['§5 strips ali_', 'ali_1005006123456789', '1005006123456789'],
    ['§5 strips amazon_', 'amazon_B08N5WRWNW', 'B08N5WRWNW'],
    [
      '§5 keeps aliexpress_ (not in the strip list)',
      'aliexpress_1005006123456789',
      'aliexpress_1005006123456789',
    ],
    ['§5 keeps other ids', 'sample-amazon-1', 'sample-amazon-1'],
    ['decision: stacked prefixes all stripped (idempotence)', 'ebay_ali_123', '123'],
    ['decision: prefix inside a pipe segment stripped (idempotence)', 'v1|ebay_123|0', '123'],
    ['pipe with empty second segment', 'abc|', ''],
    ['prefix only in the middle is kept', 'x_ebay_1', 'x_ebay_1'],
  ])('%s', (_row, input, expected) => expect(normalizeProductId(input)).toBe(expected));
});

describe(parsePipeId.name, () => {
  it.each([
    [
      '§2 item id and variation',
      'v1|285112233445|0',
      { apiId: 'v1|285112233445|0', itemId: '285112233445', variation: '0' },
    ],
    ['§2 variation is optional', 'v1|285112233445', { apiId: 'v1|285112233445', itemId: '285112233445' }],
    ['§2 URL-encoded', 'v1%7C123%7C456', { apiId: 'v1|123|456', itemId: '123', variation: '456' }],
    ['§2 empty item id', 'v1|', { apiId: 'v1|', itemId: '' }],
    ['§2 not a pipe id', 'ebay_123', undefined],
  ])('%s', (_row, input, expected) => expect(parsePipeId(input)).toEqual(expected));
});

describe(productSourceForId.name, () => {
  it.each([
    ['§2 pipe id → auction API', 'v1|285112233445|0', 'ebay-api'],
    ['§2 encoded pipe id → auction API', 'v1%7C285112233445%7C0', 'ebay-api'],
    ['§2 aliexpress_ prefix → cross-border', 'aliexpress_1005006123456789', 'aliexpress-api'],
    ['§2 ae_ prefix → cross-border', 'ae_1005006123456789', 'aliexpress-api'],
    ['§2 contains ali_ → cross-border', 'product_ali_1005', 'aliexpress-api'],
    ['§2 10 digits → cross-border', '1005006123', 'aliexpress-api'],
    ['§2 16 digits → cross-border', '1005006123456789', 'aliexpress-api'],
    ['§2 9 digits → static', '123456789', 'static'],
    ['§2 ebay_ prefix alone → static', 'ebay_123', 'static'],
    ['§2 anything else → static', 'sample-walmart-2', 'static'],
    ['§2 digits with a letter → static', '1234567890a', 'static'],
  ])('%s', (_row, id, expected) => expect(productSourceForId(id)).toBe(expected));

  it('§2 helpers agree', () => {
    expect(isAuctionApiId('a|b')).toBe(true);
    expect(isCrossBorderId('ae_1')).toBe(true);
    expect(isCrossBorderId('ebay_1')).toBe(false);
  });
});

describe(extractCrossBorderId.name, () => {
  it.each([
    ['§4 aliexpress_ prefix', 'aliexpress_1005006123456789', '1005006123456789'],
    ['§4 ae_ prefix', 'ae_1005006123456789', '1005006123456789'],
    ['§4 ali_ inside', 'x_ali_1005006123456789', '1005006123456789'],
    ['§4 digits only', '1005006123456789', '1005006123456789'],
  ])('%s', (_row, id, expected) => expect(extractCrossBorderId(id)).toBe(expected));
});

describe(isValidAuctionItemId.name, () => {
  it.each([
    ['§5 9 digits', '123456789', false],
    ['§5 10 digits', '1234567890', true],
    ['§5 12 digits', '285112233445', true],
    ['§5 15 digits', '123456789012345', true],
    ['§5 16 digits', '1234567890123456', false],
    ['§5 letters', '12345abcde', false],
    ['§5 empty', '', false],
  ])('%s', (_row, id, expected) => expect(isValidAuctionItemId(id)).toBe(expected));
});

describe(productIdProblem.name, () => {
  it.each([
    ['§2 a pipe id with a valid item id', 'v1%7C285112233445%7C0', undefined],
    ['§2 a cross-border id', 'aliexpress_1005006123456789', undefined],
    ['§2 a static sample id', 'sample-ebay-1', undefined],
    ['empty', '', 'Product id is required'],
    ['blank', '   ', 'Product id is required'],
    ['over 512 characters', 'a'.repeat(513), 'Product id must be at most 512 characters'],
    ['a NUL character', 'a%00b', 'Malformed product id: a\u0000b'],
    ['§5 a pipe id whose item id is too short', 'v1|123|0', 'Malformed product id: v1|123|0'],
    [
      '§5 a pipe id whose item id is too long',
      'v1|1234567890123456|0',
      'Malformed product id: v1|1234567890123456|0',
    ],
    ['§5 a pipe id whose item id is not digits', 'v1|abc|0', 'Malformed product id: v1|abc|0'],
    ['§2 a pipe id with a variation', 'v1|285112233445|123456789', undefined],
    ['a variation of 20 digits', `v1|285112233445|${'9'.repeat(20)}`, undefined],
    ['a variation that is not digits', 'v1|285112233445|12a', 'Malformed product id: v1|285112233445|12a'],
    [
      'a variation over 20 characters',
      `v1|285112233445|${'1'.repeat(21)}`,
      `Malformed product id: v1|285112233445|${'1'.repeat(21)}`,
    ],
    [
      'a cross-border id whose number is not digits',
      'aliexpress_12ab',
      'Malformed product id: aliexpress_12ab',
    ],
  ])('%s', (_row, id, problem) => {
    expect(productIdProblem(id)).toBe(problem);
  });
});
