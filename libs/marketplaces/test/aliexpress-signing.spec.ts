import {
  aliexpressSignString,
  signAliExpress,
  verifyAliExpressSignature,
} from '../src/aliexpress/aliexpress-signing';

// Reference §2 test vector, secret demo_secret.
const VECTOR = {
  app_key: '500123',
  format: 'json',
  keywords: 'wireless earbuds',
  method: 'aliexpress.affiliate.product.query',
  page_size: '20',
  sign_method: 'sha256',
  timestamp: '1717000000000',
  v: '2.0',
};

describe('AliExpress signing', () => {
  it('passes the reference test vector with sha256 (HMAC-SHA256, uppercase hex)', () => {
    expect(signAliExpress(VECTOR, 'demo_secret', 'sha256')).toBe(
      'C72E757B5CA25F5CE36CFDADEAED2DDF4ED8501F689D73EADDFA68D3F209B2AA',
    );
  });

  it('passes the reference test vector with md5 (MD5 of secret + string + secret)', () => {
    expect(signAliExpress({ ...VECTOR, sign_method: 'md5' }, 'demo_secret', 'md5')).toBe(
      '6BAB3B501ABDCAB2A5E545F669FB7BF0',
    );
  });

  it('sorts names by ASCII, concatenates raw values and leaves sign out', () => {
    expect(aliexpressSignString({ b: '2', a: 'x y', sign: 'IGNORED', B: '1' })).toBe('B1ax yb2');
  });

  it('does not depend on the order the parameters were given in', () => {
    const reversed = Object.fromEntries(Object.entries(VECTOR).reverse());
    expect(signAliExpress(reversed, 'demo_secret', 'sha256')).toBe(
      signAliExpress(VECTOR, 'demo_secret', 'sha256'),
    );
  });

  it('verifies a correct signature and rejects a tampered one', () => {
    const sign = signAliExpress(VECTOR, 'demo_secret', 'sha256');
    expect(verifyAliExpressSignature({ ...VECTOR, sign }, 'demo_secret')).toBe(true);
    expect(verifyAliExpressSignature({ ...VECTOR, sign: sign.toLowerCase() }, 'demo_secret')).toBe(true);
    expect(verifyAliExpressSignature({ ...VECTOR, keywords: 'earbuds', sign }, 'demo_secret')).toBe(false);
    expect(verifyAliExpressSignature({ ...VECTOR, sign }, 'other_secret')).toBe(false);
    expect(verifyAliExpressSignature({ ...VECTOR }, 'demo_secret')).toBe(false);
  });
});
