import { generateKeyPair, exportJWK } from 'jose';
import { encryptionKeyOf, isSealed, openJwk, sealJwk } from '../../src/services/key-encryption';

/** A generated signing key is never stored in the clear. */
describe('signing-key encryption at rest', () => {
  it('seals a private JWK so that only the same key and kid open it', async () => {
    const jwk = await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey);
    const key = encryptionKeyOf('a key-encryption secret of 32+ chars');
    const sealed = sealJwk(jwk, key, 'kid-1');
    expect(isSealed(sealed)).toBe(true);
    expect(JSON.stringify(sealed)).not.toContain(jwk.d as string);
    expect(openJwk(sealed, key, 'kid-1')).toEqual(jwk);
    expect(() => openJwk(sealed, encryptionKeyOf('another secret of 32+ characters'), 'kid-1')).toThrow(
      /AUTH_KEY_ENCRYPTION_KEY/,
    );
    expect(() => openJwk(sealed, key, 'kid-2')).toThrow(/cannot be decrypted/);
    expect(isSealed(jwk)).toBe(false);
  });
});
