import { MAX_PRODUCT_ID_LENGTH } from '@pt/domain';
import { assertProductId } from '../../src/services/product-lookup.service';

describe(assertProductId.name, () => {
  // Bad input and §2 id formats, one row per case.
  it.each([
    ['v1|285112233445|0', 'v1|285112233445|0'],
    ['v1%7C285112233445%7C0', 'v1|285112233445|0'],
    ['v1%257C285112233445%257C0', 'v1|285112233445|0'],
    ['v1|285112233445|12345678901234567890', 'v1|285112233445|12345678901234567890'],
    ['aliexpress_1005006123456789', 'aliexpress_1005006123456789'],
    ['ae_1005006123456789', 'ae_1005006123456789'],
    ['1005006123456789', '1005006123456789'],
    ['sample-ebay-1', 'sample-ebay-1'],
    ['a'.repeat(MAX_PRODUCT_ID_LENGTH), 'a'.repeat(MAX_PRODUCT_ID_LENGTH)],
  ])('accepts %s as %s', (raw, decoded) => {
    expect(assertProductId(raw)).toBe(decoded);
  });

  it.each([
    ['', 'Product id is required'],
    ['   ', 'Product id is required'],
    [undefined, 'Product id is required'],
    ['a'.repeat(MAX_PRODUCT_ID_LENGTH + 1), 'Product id must be at most 512 characters'],
    ['v1|not-a-number|0', 'Malformed product id'],
    ['v1||0', 'Malformed product id'],
    // A variation is digits, at most 20 of them.
    ['v1|285112233445|12x', 'Malformed product id'],
    ['v1%7C285112233445%7C-1', 'Malformed product id'],
    [`v1|285112233445|${'1'.repeat(21)}`, 'Malformed product id'],
    ['aliexpress_', 'Malformed product id'],
    ['ae_12ab', 'Malformed product id'],
    ['has space', 'Malformed product id'],
    ['tab\there', 'Malformed product id'],
  ])('refuses %j: %s', (raw, message) => {
    expect(() => assertProductId(raw)).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'invalid_product_id',
        message: expect.stringContaining(message),
      }),
    );
  });
});
