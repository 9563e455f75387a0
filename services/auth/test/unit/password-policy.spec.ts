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
    ['Tr0ub4dor', []],
    ['correct horse battery staple', []],
    ['äöüäöü', []],
  ])('%j → %j', (password, reasons) => {
    expect(weakPasswordReasons(password)).toEqual(reasons);
  });

  it('throws weak_password (422) with the reasons Supabase clients read', () => {
    const error = (() => {
      try {
        assertAcceptablePassword('abc');
      } catch (e) {
        return e as AuthError;
      }
      throw new Error('accepted');
    })();
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      extra: { weak_password: { reasons: ['length'] } },
    });
    expect(error.message).toBe('Password should be at least 6 characters.');
  });

  it('refuses absurdly long passwords as a validation error, before hashing', () => {
    expect(() => assertAcceptablePassword('x'.repeat(257))).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
  });
});
