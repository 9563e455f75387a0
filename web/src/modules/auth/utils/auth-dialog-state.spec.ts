import { FORM_MESSAGES, validateRegistration, validateSignIn } from '@pt/domain';
import {
  AUTH_DIALOG_TITLES,
  authDialogReducer,
  isAuthDialogOpen,
  RESEND_SENT_LABEL,
  RESEND_SENT_MS,
  resendReducer,
  visibleErrors,
  type AuthDialogState,
} from './auth-dialog-state';
import { readTokenLink, validateNewPassword } from './token-link';

describe('auth dialog state (§2, §4)', () => {
  const login: AuthDialogState = { mode: 'login', email: '' };

  it('has the spec titles for login, register and success', () => {
    expect(AUTH_DIALOG_TITLES.login).toBe('Sign in to your account');
    expect(AUTH_DIALOG_TITLES.register).toBe('Create an account');
    expect(AUTH_DIALOG_TITLES.success).toBe('Check Your Email');
  });

  it('goes login → register → login', () => {
    const register = authDialogReducer(login, { type: 'show-register' });
    expect(register.mode).toBe('register');
    expect(authDialogReducer(register, { type: 'show-login' }).mode).toBe('login');
  });

  it('shows the success panel with the registered email, and Back to Sign In clears it', () => {
    const success = authDialogReducer(login, { type: 'registered', email: 'a@b.co' });
    expect(success).toEqual({ mode: 'success', email: 'a@b.co' });
    expect(authDialogReducer(success, { type: 'back-to-login' })).toEqual({ mode: 'login', email: '' });
  });

  it('goes through the forgot-password request and back', () => {
    const forgot = authDialogReducer(login, { type: 'show-forgot', email: 'x@y.co' });
    expect(forgot).toEqual({ mode: 'forgot', email: 'x@y.co' });
    const sent = authDialogReducer(forgot, { type: 'recovery-requested', email: 'x@y.co' });
    expect(sent.mode).toBe('forgot-sent');
    expect(authDialogReducer(sent, { type: 'back-to-login' }).mode).toBe('login');
  });

  it('is open only while the user is not authenticated (§2)', () => {
    expect(isAuthDialogOpen(true, false)).toBe(true);
    expect(isAuthDialogOpen(true, true)).toBe(false);
    expect(isAuthDialogOpen(false, false)).toBe(false);
  });
});

describe('resend control (§4)', () => {
  it('goes idle → sending → sent → idle, with the spec label for 5 s', () => {
    expect(RESEND_SENT_MS).toBe(5000);
    expect(RESEND_SENT_LABEL).toBe('Email sent! Check your inbox');
    const sending = resendReducer('idle', 'start');
    expect(sending).toBe('sending');
    const sent = resendReducer(sending, 'succeeded');
    expect(sent).toBe('sent');
    expect(resendReducer(sent, 'expired')).toBe('idle');
  });

  it('returns to idle on failure and ignores a second start while busy', () => {
    expect(resendReducer('sending', 'failed')).toBe('idle');
    expect(resendReducer('sending', 'start')).toBe('sending');
    expect(resendReducer('sent', 'start')).toBe('sent');
    expect(resendReducer('idle', 'expired')).toBe('idle');
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
  });
});
