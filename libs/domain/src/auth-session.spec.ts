import {
  AUTH_DIALOG_TITLES,
  AUTH_REDIRECT_DELAY_MS,
  AUTH_RETURN_URL,
  AuthDialogEvent,
  AuthDialogState,
  RESEND_SENT_INDICATOR_MS,
  RESEND_SENT_TEXT,
  ResendEvent,
  ResendState,
  SOCIAL_PROVIDERS,
  authDialogTransition,
  resendTransition,
} from './auth-session';

describe(authDialogTransition.name, () => {
  const login: AuthDialogState = { mode: 'login', email: 'a@b.co' };
  it.each<[string, AuthDialogState, AuthDialogEvent, AuthDialogState]>([
    ['§4 login → register', login, { type: 'switch-to-register' }, { mode: 'register', email: 'a@b.co' }],
    [
      '§4 register → login',
      { mode: 'register', email: '' },
      { type: 'switch-to-login' },
      { mode: 'login', email: '' },
    ],
    [
      '§4 registration → success panel with the email',
      { mode: 'register', email: '' },
      { type: 'registered', email: 'a@b.co' },
      { mode: 'success', email: 'a@b.co' },
    ],
    [
      '§4 success → login clears the email',
      { mode: 'success', email: 'a@b.co' },
      { type: 'back-to-login' },
      { mode: 'login', email: '' },
    ],
    [
      '§4 invalid: register from success',
      { mode: 'success', email: 'x' },
      { type: 'switch-to-register' },
      { mode: 'success', email: 'x' },
    ],
    ['§4 invalid: login from login', login, { type: 'switch-to-login' }, login],
    ['§4 invalid: registered from login', login, { type: 'registered', email: 'z' }, login],
    ['§4 invalid: back-to-login from login', login, { type: 'back-to-login' }, login],
    [
      'login → forgot keeps the typed email',
      login,
      { type: 'switch-to-forgot', email: 'x@y.co' },
      { mode: 'forgot', email: 'x@y.co' },
    ],
    [
      'forgot → sent with the address',
      { mode: 'forgot', email: 'x@y.co' },
      { type: 'recovery-requested', email: 'x@y.co' },
      { mode: 'forgot-sent', email: 'x@y.co' },
    ],
    [
      'forgot → login',
      { mode: 'forgot', email: 'x@y.co' },
      { type: 'switch-to-login' },
      { mode: 'login', email: 'x@y.co' },
    ],
    [
      'sent → login clears the email',
      { mode: 'forgot-sent', email: 'x@y.co' },
      { type: 'back-to-login' },
      { mode: 'login', email: '' },
    ],
    ['invalid: recovery requested from login', login, { type: 'recovery-requested', email: 'z' }, login],
    [
      'invalid: forgot from register',
      { mode: 'register', email: '' },
      { type: 'switch-to-forgot', email: 'z' },
      { mode: 'register', email: '' },
    ],
  ])('%s', (_row, state, event, expected) => expect(authDialogTransition(state, event)).toEqual(expected));

  it('§2 titles', () =>
    expect(AUTH_DIALOG_TITLES).toEqual({
      login: 'Sign in to your account',
      register: 'Create an account',
      success: 'Check Your Email',
      forgot: 'Reset your password',
      'forgot-sent': 'Check Your Email',
    }));
});

describe(resendTransition.name, () => {
  it.each<[string, ResendState, ResendEvent, ResendState]>([
    ['§4 idle → sending', 'idle', 'start', 'sending'],
    ['§4 sending → sent', 'sending', 'succeeded', 'sent'],
    ['§4 sent → idle when its 5 s are over', 'sent', 'expired', 'idle'],
    ['§8 a failed send → idle', 'sending', 'failed', 'idle'],
    ['no second send while sending', 'sending', 'start', 'sending'],
    ['no second send while sent shows', 'sent', 'start', 'sent'],
    ['a late success after a failure changes nothing', 'idle', 'succeeded', 'idle'],
  ])('%s', (_row, state, event, expected) => expect(resendTransition(state, event)).toBe(expected));

  it('§4 §9 constants', () => {
    expect(RESEND_SENT_TEXT).toBe('Email sent! Check your inbox');
    expect(RESEND_SENT_INDICATOR_MS).toBe(5000);
    expect(AUTH_REDIRECT_DELAY_MS).toBe(100);
    expect(AUTH_RETURN_URL).toBe('/');
    expect(SOCIAL_PROVIDERS).toEqual(['facebook', 'google', 'twitter']);
  });
});
