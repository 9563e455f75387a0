import { FORM_MESSAGES, validateRegistration, validateSignIn } from '@pt/domain';
import { isAuthDialogOpen, visibleErrors } from './auth-dialog-state';
import { readTokenLink, validateNewPassword } from './token-link';

describe('auth dialog (§2)', () => {
  it('is open only while the user is not authenticated', () => {
    expect(isAuthDialogOpen(true, false)).toBe(true);
    expect(isAuthDialogOpen(true, true)).toBe(false);
    expect(isAuthDialogOpen(false, false)).toBe(false);
  });
});

describe('form validation timing (§5, §9)', () => {
  it('shows nothing before the first submit and every current error after it', () => {
    const errors = validateSignIn({ email: 'nope', password: '1' });
    expect(visibleErrors(false, errors)).toEqual({});
    expect(visibleErrors(true, errors)).toEqual({
      email: FORM_MESSAGES.invalidEmail,
      password: FORM_MESSAGES.passwordTooShort,
    });
    // Re-validated on change: the corrected form has no errors left to show.
    expect(visibleErrors(true, validateSignIn({ email: 'a@b.co', password: '123456' }))).toEqual({});
  });

  it.each([
    [
      { name: 'A', email: 'a@b.co', password: '123456', confirmPassword: '123456' },
      'name',
      'Name must be at least 2 characters',
    ],
    [
      { name: 'Al', email: 'a@b.co', password: '123456', confirmPassword: '654321' },
      'confirmPassword',
      "Passwords don't match",
    ],
  ] as const)('registration %#: %s → %s', (form, field, message) => {
    expect(visibleErrors(true, validateRegistration(form))[field]).toBe(message);
  });
});

describe('token processor link (§2)', () => {
  it('needs both token and type', () => {
    expect(readTokenLink('?token=abc')).toBeNull();
    expect(readTokenLink('?type=signup')).toBeNull();
    expect(readTokenLink('?token=abc&type=signup')).toEqual({ token: 'abc', type: 'signup' });
    expect(readTokenLink('?token=abc&type=recovery')).toEqual({ token: 'abc', type: 'recovery' });
  });

  it('refuses an unknown link type instead of sending it to the server', () => {
    expect(readTokenLink('?token=abc&type=admin')).toEqual({ invalid: true });
  });

  it('validates the new password like sign-up', () => {
    expect(validateNewPassword('12345', '12345')).toEqual({
      password: 'Password must be at least 6 characters',
      confirm: 'Password must be at least 6 characters',
    });
    expect(validateNewPassword('123456', '1234567')).toEqual({ confirm: "Passwords don't match" });
    expect(validateNewPassword('123456', '123456')).toEqual({});
    expect(validateNewPassword('123456', '')).toEqual({ confirm: "Passwords don't match" });
  });
});
