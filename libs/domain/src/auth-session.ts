import { Instant, SECOND_MS, toEpochMs } from './time';

/** §9 session timing. */
export const SESSION_REFRESH_TICK_MS = 30 * SECOND_MS;
export const SESSION_REFRESH_MARGIN_TICKS = 3;
export const SESSION_REFRESH_MARGIN_MS = SESSION_REFRESH_TICK_MS * SESSION_REFRESH_MARGIN_TICKS;
export const TOKEN_REFRESH_BACKOFF_START_MS = 200;
export const TOKEN_REFRESH_BACKOFF_MAX_MS = 30 * SECOND_MS;
/** §2, §9: after becoming authenticated the dialog closes, then redirects after 100 ms. */
export const AUTH_REDIRECT_DELAY_MS = 100;
/** §2: after sign-in, sign-up, confirmation and social login the return URL is the root. */
export const AUTH_RETURN_URL = '/';
/** §1 social providers. */
export const SOCIAL_PROVIDERS = ['facebook', 'google', 'twitter'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** §9: refresh when 3 ticks (90 s) or fewer remain before expiry. */
export function shouldRefreshSession(expiresAt: Instant, now: Instant): boolean {
  return toEpochMs(expiresAt) - toEpochMs(now) <= SESSION_REFRESH_MARGIN_MS;
}

/** §9: exponential backoff from 200 ms, capped at 30 s; attempt 0 is the first retry. */
export function tokenRefreshBackoffMs(attempt: number): number {
  return Math.min(TOKEN_REFRESH_BACKOFF_START_MS * 2 ** Math.max(0, attempt), TOKEN_REFRESH_BACKOFF_MAX_MS);
}

// ---------------------------------------------------------------------------------------------
// Auth dialog (§2, §4)

export type AuthDialogMode = 'login' | 'register' | 'success';
export const AUTH_DIALOG_TITLES: Readonly<Record<AuthDialogMode, string>> = {
  login: 'Sign in to your account',
  register: 'Create an account',
  success: 'Check Your Email',
};

export const AUTH_BUTTON_LABELS = {
  signIn: 'Sign In',
  signingIn: 'Signing In...',
  createAccount: 'Create Account',
  creatingAccount: 'Creating Account...',
} as const;

export interface AuthDialogState {
  mode: AuthDialogMode;
  email: string;
}

export type AuthDialogEvent =
  | { type: 'switch-to-register' }
  | { type: 'switch-to-login' }
  | { type: 'registered'; email: string }
  | { type: 'back-to-login' };

/** §4: login ⇄ register; a registration goes to success; back to login from success clears the email. */
export function authDialogTransition(state: AuthDialogState, event: AuthDialogEvent): AuthDialogState {
  switch (event.type) {
    case 'switch-to-register':
      return state.mode === 'login' ? { ...state, mode: 'register' } : state;
    case 'switch-to-login':
      return state.mode === 'register' ? { ...state, mode: 'login' } : state;
    case 'registered':
      return state.mode === 'register' ? { mode: 'success', email: event.email } : state;
    case 'back-to-login':
      return state.mode === 'success' ? { mode: 'login', email: '' } : state;
  }
}

/** §4, §9: the resend control: idle → sending → sent (5 s, 'Email sent! Check your inbox') → idle. */
export const RESEND_SENT_INDICATOR_MS = 5000;
export const RESEND_SENT_TEXT = 'Email sent! Check your inbox';
export type ResendState = { status: 'idle' } | { status: 'sending' } | { status: 'sent'; since: number };

export function resendStateAt(state: ResendState, now: Instant): ResendState {
  if (state.status === 'sent' && toEpochMs(now) - state.since >= RESEND_SENT_INDICATOR_MS)
    return { status: 'idle' };
  return state;
}
