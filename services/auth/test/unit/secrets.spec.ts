import { derivedKey, hashSecret, randomSecret, safeEqual, successorSecret } from '../../src/services/secrets';

describe('secrets', () => {
  it('makes 256-bit base64url secrets that do not repeat', () => {
    const secrets = new Set(Array.from({ length: 100 }, randomSecret));
    expect(secrets.size).toBe(100);
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    }
  });

  it('stores secrets as SHA-256 hex, deterministic so they can be looked up', () => {
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashSecret('abc')).toBe(hashSecret('abc'));
  });

  it('compares in constant time, including strings of different lengths', () => {
    expect(safeEqual('same', 'same')).toBe(true);
    expect(safeEqual('same', 'Same')).toBe(false);
    expect(safeEqual('short', 'much longer value')).toBe(false);
  });
});

describe('successorSecret', () => {
  const key = derivedKey('a pepper of sixteen+ chars', 'auth refresh-token successor v1');

  it('derives the same 256-bit successor from the same token and key, and only with that key', () => {
    const parent = randomSecret();
    const child = successorSecret(key, parent);
    expect(child).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(successorSecret(key, parent)).toBe(child);
    expect(successorSecret(key, child)).not.toBe(child);
    expect(
      successorSecret(derivedKey('another pepper entirely', 'auth refresh-token successor v1'), parent),
    ).not.toBe(child);
    expect(successorSecret(derivedKey('a pepper of sixteen+ chars', 'another purpose'), parent)).not.toBe(
      child,
    );
  });
});
