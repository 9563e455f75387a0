import {
  AUTH_SUCCESS_MESSAGES,
  canSignIn,
  isRateLimitMessage,
  isRetryableAuthStatus,
  mapRegistrationError,
  mapResendError,
  mapSignInError,
} from './auth-errors';

describe(mapSignInError.name, () => {
  it.each([
    [
      '§8 email not confirmed',
      'Email not confirmed',
      'Please check your email and click the confirmation link before signing in',
    ],
    ['§8 other errors show the server message', 'Invalid login credentials', 'Invalid login credentials'],
    ['§8 missing message', undefined, ''],
  ])('%s', (_row, message, expected) => expect(mapSignInError(message)).toBe(expected));
});

describe(mapRegistrationError.name, () => {
  it.each([
    [
      '§8 rate limit',
      'Email rate limit exceeded',
      'Too many registration attempts. Please wait a moment before trying again.',
    ],
    [
      '§8 52 seconds',
      'For security purposes, you can only request this after 52 seconds.',
      'Too many registration attempts. Please wait a moment before trying again.',
    ],
    [
      '§8 already registered',
      'User already registered',
      'An account with this email already exists. Please try signing in instead.',
    ],
    [
      '§8 already exists',
      'A user with this email already exists',
      'An account with this email already exists. Please try signing in instead.',
    ],
    ['§8 other message as it is', 'Password should contain a digit', 'Password should contain a digit'],
    ['§8 missing message', null, ''],
  ])('%s', (_row, message, expected) => expect(mapRegistrationError(message)).toBe(expected));
});

describe(mapResendError.name, () => {
  it.each([
    [
      '§8 rate limit',
      'Rate limit reached',
      'context',
      {
        toast: 'Please wait before requesting another confirmation email',
        error: 'Too many requests. Please wait before trying again.',
      },
    ],
    [
      '§8 52 seconds on the dialog',
      'after 52 seconds',
      'dialog',
      {
        toast: 'Please wait before requesting another confirmation email',
        error: 'Too many requests. Please wait before trying again.',
      },
    ],
    ['§8 other failure', 'SMTP down', 'context', { toast: 'Failed to send confirmation email' }],
    [
      '§8 other failure on the dialog',
      'SMTP down',
      'dialog',
      { toast: 'Failed to send confirmation email. Please try again.' },
    ],
  ] as const)('%s', (_row, message, where, expected) =>
    expect(mapResendError(message, where)).toEqual(expected),
  );

  it('§8 defaults to the context wording', () =>
    expect(mapResendError('x').toast).toBe('Failed to send confirmation email'));
});

describe(isRetryableAuthStatus.name, () => {
  it.each([
    [502, true],
    [503, true],
    [504, true],
    [500, false],
    [429, false],
    [null, false],
  ])('§8 status %p → %p', (status, expected) => expect(isRetryableAuthStatus(status)).toBe(expected));
});

describe('auth', () => {
  it.each([
    ['§4 confirmed user can sign in', { email_confirmed_at: '2026-01-01T00:00:00Z' }, true],
    ['§4 unconfirmed (null) cannot', { email_confirmed_at: null }, false],
    ['§4 unconfirmed (unset) cannot', {}, false],
  ])('%s', (_row, user, expected) => expect(canSignIn(user)).toBe(expected));

  it('§8 rate limit detection is case-insensitive', () =>
    expect(isRateLimitMessage('RATE LIMIT')).toBe(true));

  it.each([
    ['§8', AUTH_SUCCESS_MESSAGES.signedIn, 'Signed in successfully!'],
    ['§8', AUTH_SUCCESS_MESSAGES.signedOut, 'Signed out successfully!'],
    ['§8', AUTH_SUCCESS_MESSAGES.profileUpdated, 'Profile updated successfully!'],
    ['§8', AUTH_SUCCESS_MESSAGES.confirmationSent, 'Confirmation email sent! Please check your inbox.'],
    [
      '§8',
      AUTH_SUCCESS_MESSAGES.confirmationSentDialog,
      'Confirmation email sent! Please check your inbox and spam folder.',
    ],
  ])('%s success message %s', (_row, actual, expected) => expect(actual).toBe(expected));
});
