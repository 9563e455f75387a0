import { SECOND_MS } from './time';

/**
 * §9 session timing: a refresh tick every 30 s, refreshing when 3 ticks or fewer remain. The web's
 * auth client (@supabase/auth-js) runs this loop itself; a web test checks its constants are these.
 */
export const SESSION_REFRESH_TICK_MS = 30 * SECOND_MS;
export const SESSION_REFRESH_MARGIN_TICKS = 3;
export const SESSION_REFRESH_MARGIN_MS = SESSION_REFRESH_TICK_MS * SESSION_REFRESH_MARGIN_TICKS;
/** §2, §9: after becoming authenticated the dialog closes, then redirects after 100 ms. */
export const AUTH_REDIRECT_DELAY_MS = 100;
/** §2: after sign-in, sign-up, confirmation and social login the return URL is the root. */
export const AUTH_RETURN_URL = '/';
/** §1 social providers. */
export const SOCIAL_PROVIDERS = ['facebook', 'google', 'twitter'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

// ---------------------------------------------------------------------------------------------
// Auth dialog (§2, §4)

/**
 * §2 modes login, register and success; 'forgot' and 'forgot-sent' are the password-recovery
 * request the product adds (a "Forgot password?" link on the login form).
 */
export type AuthDialogMode = 'login' | 'register' | 'success' | 'forgot' | 'forgot-sent';
export const AUTH_DIALOG_TITLES: Readonly<Record<AuthDialogMode, string>> = {
  login: 'Sign in to your account',
  register: 'Create an account',
  success: 'Check Your Email',
  forgot: 'Reset your password',
  'forgot-sent': 'Check Your Email',
};

export const AUTH_BUTTON_LABELS = {
  signIn: 'Sign In',
  signingIn: 'Signing In...',
  createAccount: 'Create Account',
  creatingAccount: 'Creating Account...',
} as const;

export interface AuthDialogState {
  mode: AuthDialogMode;
  /** The address the success panels show (and the login and recovery forms start from). */
  email: string;
}

export type AuthDialogEvent =
  | { type: 'switch-to-register' }
  | { type: 'switch-to-login' }
  | { type: 'switch-to-forgot'; email: string }
  | { type: 'registered'; email: string }
  | { type: 'recovery-requested'; email: string }
  | { type: 'back-to-login' };

/**
 * §4: login ⇄ register; a registration goes to success; back to login from success clears the
 * email. Login → forgot (with the typed email) → forgot-sent → back to login likewise. An event
 * that does not belong to the current mode changes nothing.
 */
export function authDialogTransition(state: AuthDialogState, event: AuthDialogEvent): AuthDialogState {
  switch (event.type) {
    case 'switch-to-register':
      return state.mode === 'login' ? { ...state, mode: 'register' } : state;
    case 'switch-to-login':
      return state.mode === 'register' || state.mode === 'forgot' ? { ...state, mode: 'login' } : state;
    case 'switch-to-forgot':
      return state.mode === 'login' ? { mode: 'forgot', email: event.email } : state;
    case 'registered':
      return state.mode === 'register' ? { mode: 'success', email: event.email } : state;
    case 'recovery-requested':
      return state.mode === 'forgot' ? { mode: 'forgot-sent', email: event.email } : state;
    case 'back-to-login':
      return state.mode === 'success' || state.mode === 'forgot-sent' ? { mode: 'login', email: '' } : state;
  }
}

/** §4, §9: the resend control: idle → sending → sent (5 s, 'Email sent! Check your inbox') → idle. */
export const RESEND_SENT_INDICATOR_MS = 5000;
export const RESEND_SENT_TEXT = 'Email sent! Check your inbox';
export type ResendState = 'idle' | 'sending' | 'sent';
/** `expired`: the 5 s of the sent indicator are over (the screen's timer says so). */
export type ResendEvent = 'start' | 'succeeded' | 'failed' | 'expired';

/** §4: a failure goes back to idle; an event out of turn changes nothing (no double send). */
export function resendTransition(state: ResendState, event: ResendEvent): ResendState {
  switch (event) {
    case 'start':
      return state === 'idle' ? 'sending' : state;
    case 'succeeded':
      return state === 'sending' ? 'sent' : state;
    case 'failed':
      return state === 'sending' ? 'idle' : state;
    case 'expired':
      return state === 'sent' ? 'idle' : state;
  }
}
