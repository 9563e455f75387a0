import { AuthError } from '../../src/http/auth-error';
import { assertAcceptablePassword, weakPasswordReasons } from '../../src/services/password-policy';

describe('password policy', () => {
  // Spec §5/§9: at least 6 characters; plus the most common passwords.
  it.each([
    ['', ['length']],
    ['12345', ['length']],
    ['äöü12', ['length']],
    ['123456', ['pwned']],
    ['Password', ['pwned']],
    ['qwerty123', ['pwned']],
    ['iloveyou', ['pwned']],
    ['secret', ['pwned']],
    // From zxcvbn-ts's dictionary, beyond the ~190 of the list it replaced:
    ['blink182', ['pwned']],
    ['Liverpool1', ['pwned']],
    ['zaq12wsx', ['pwned']],
    // Kept from that list although zxcvbn-ts lacks them:
    ['trustno1!', ['pwned']],
    ['987654321', ['pwned']],
    ['Tr0ub4dor', []],
    ['correct horse battery staple', []],
    ['äöüäöü', []],
  ])('%j → %j', async (password, reasons) => {
    expect(await weakPasswordReasons(password)).toEqual(reasons);
  });

  it('refuses at least the 3,000 most common passwords of 6 characters or more (ASVS 2.1.7)', async () => {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    const top = dictionary['passwords-common'].filter((p) => [...p].length >= 6).slice(0, 3000);
    expect(top).toHaveLength(3000);
    const reasons = await Promise.all(top.map((p) => weakPasswordReasons(p)));
    expect(top.filter((_, i) => reasons[i]?.[0] !== 'pwned')).toEqual([]);
  });

  it('throws weak_password (422) with the reasons Supabase clients read', async () => {
    const error = await assertAcceptablePassword('abc').then(
      () => {
        throw new Error('accepted');
      },
      (e: unknown) => e as AuthError,
    );
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      extra: { weak_password: { reasons: ['length'] } },
    });
    expect(error.message).toBe('Password should be at least 6 characters.');
  });

  it('refuses absurdly long passwords as a validation error, before hashing', async () => {
    await expect(assertAcceptablePassword('x'.repeat(257))).rejects.toEqual(
      expect.objectContaining({ code: 'validation_failed' }),
    );
  });
});
