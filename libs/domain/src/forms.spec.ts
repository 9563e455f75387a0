import {
  EMAIL_MAX_LENGTH,
  FORM_MESSAGES,
  hasErrors,
  isValidEmail,
  requireSignedInUser,
  resolveResendEmail,
  toRegistrationPayload,
  validateRegistration,
  validateResendLink,
  validateSignIn,
} from './forms';

const okReg = { name: 'Ada', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };

describe(validateSignIn.name, () => {
  it.each([
    ['§5 valid', { email: 'a@b.co', password: '123456' }, {}],
    [
      '§5 invalid email',
      { email: 'a@b', password: '123456' },
      { email: 'Please enter a valid email address' },
    ],
    [
      '§5 password under 6',
      { email: 'a@b.co', password: '12345' },
      { password: 'Password must be at least 6 characters' },
    ],
    [
      '§5 both wrong',
      { email: '', password: '' },
      { email: FORM_MESSAGES.invalidEmail, password: FORM_MESSAGES.passwordTooShort },
    ],
  ])('%s', (_row, form, errors) => expect(validateSignIn(form)).toEqual(errors));
});

describe(validateRegistration.name, () => {
  it.each([
    ['§5 valid', {}, {}],
    ['§5 name under 2', { name: 'A' }, { name: 'Name must be at least 2 characters' }],
    ['decision: name measured trimmed', { name: ' A ' }, { name: FORM_MESSAGES.nameTooShort }],
    ['§5 invalid email', { email: 'nope' }, { email: FORM_MESSAGES.invalidEmail }],
    [
      '§5 password under 6',
      { password: '12345', confirmPassword: '12345' },
      { password: FORM_MESSAGES.passwordTooShort, confirmPassword: FORM_MESSAGES.passwordTooShort },
    ],
    [
      '§5 a short confirmation of a good password does not match',
      { confirmPassword: 'x' },
      { confirmPassword: FORM_MESSAGES.passwordsDontMatch },
    ],
    [
      '§5 an empty confirmation does not match',
      { confirmPassword: '' },
      { confirmPassword: FORM_MESSAGES.passwordsDontMatch },
    ],
    [
      '§5 mismatch on confirmPassword',
      { confirmPassword: 'secret2' },
      { confirmPassword: "Passwords don't match" },
    ],
  ])('%s', (_row, patch, errors) => expect(validateRegistration({ ...okReg, ...patch })).toEqual(errors));

  it('§3 payload never carries confirmPassword', () => {
    expect(toRegistrationPayload({ ...okReg, email: ' ada@example.com ', name: ' Ada ' })).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      name: 'Ada',
    });
    expect(hasErrors(validateRegistration(okReg))).toBe(false);
    expect(hasErrors({ email: 'x' })).toBe(true);
  });
});

describe(isValidEmail.name, () => {
  it.each([
    ['a@b.co', true],
    [' a@b.co ', true],
    ['first.last+tag@sub.example.org', true],
    ['a@b', false],
    ['a b@c.de', false],
    ['@b.co', false],
    ['', false],
    [null, false],
  ])('§5 %p → %p', (email, expected) => expect(isValidEmail(email)).toBe(expected));

  it.each([
    ['a Unicode local part', 'jos\u00e9@example.com'],
    ['an IDN domain', 'user@b\u00fccher.example'],
    ['a NUL character', 'a\u0000b@example.com'],
    ['a lone surrogate', 'a\udc00@example.com'],
    ['a leading dot', '.a@example.com'],
    ['a doubled dot', 'a..b@example.com'],
    ['a one-letter TLD', 'a@example.c'],
  ])('decision: refuses %s (the contracts and the auth API share this rule)', (_name, email) =>
    expect(isValidEmail(email)).toBe(false),
  );

  it(`decision: at most ${EMAIL_MAX_LENGTH} characters (RFC 5321)`, () => {
    const at = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    expect(isValidEmail(at(EMAIL_MAX_LENGTH))).toBe(true);
    expect(isValidEmail(at(EMAIL_MAX_LENGTH + 1))).toBe(false);
  });
});

describe(validateResendLink.name, () => {
  it.each([
    [
      '§5 empty: field error plus toast',
      '',
      {
        ok: false,
        error: {
          fieldError: 'Please enter your email address first',
          toast: 'Please enter your email address first',
        },
      },
    ],
    [
      '§5 blank counts as empty',
      '   ',
      {
        ok: false,
        error: { fieldError: FORM_MESSAGES.resendEmptyEmail, toast: FORM_MESSAGES.resendEmptyEmail },
      },
    ],
    [
      '§5 invalid: toast only',
      'ada@',
      { ok: false, error: { toast: 'Please enter a valid email address first' } },
    ],
    ['§5 valid', ' ada@example.com ', { ok: true, value: 'ada@example.com' }],
  ])('%s', (_row, email, expected) => expect(validateResendLink(email)).toEqual(expected));
});

describe(resolveResendEmail.name, () => {
  it.each([
    ['§5 given email', 'a@b.co', 'me@b.co', { ok: true, value: 'a@b.co' }],
    ['§5 current user email', '', 'me@b.co', { ok: true, value: 'me@b.co' }],
    ['§5 neither → No email provided', undefined, null, { ok: false, error: 'No email provided' }],
  ])('%s', (_row, given, current, expected) => expect(resolveResendEmail(given, current)).toEqual(expected));
});

describe(requireSignedInUser.name, () => {
  it('§5 profile update needs a user', () => {
    expect(requireSignedInUser(null)).toEqual({ ok: false, error: 'No user logged in' });
    expect(requireSignedInUser({ id: 'u' })).toEqual({ ok: true, value: { id: 'u' } });
  });
});
