/**
 * §2, §4 auth dialog: login ↔ register; a successful registration shows the success panel, whose
 * Back to Sign In returns to login with the email cleared. "Forgot password?" adds the recovery
 * request (ours: the spec's product had none, issue 14 asks for it).
 */
export type AuthDialogMode = 'login' | 'register' | 'success' | 'forgot' | 'forgot-sent';

export interface AuthDialogState {
  mode: AuthDialogMode;
  /** The address the success panels show (and the login form starts from). */
  email: string;
}

export type AuthDialogAction =
  | { type: 'show-login' }
  | { type: 'show-register' }
  | { type: 'show-forgot'; email: string }
  | { type: 'registered'; email: string }
  | { type: 'recovery-requested'; email: string }
  | { type: 'back-to-login' };

export const AUTH_DIALOG_TITLES: Record<AuthDialogMode, string> = {
  login: 'Sign in to your account',
  register: 'Create an account',
  success: 'Check Your Email',
  forgot: 'Reset your password',
  'forgot-sent': 'Check Your Email',
};

export function authDialogReducer(state: AuthDialogState, action: AuthDialogAction): AuthDialogState {
  switch (action.type) {
    case 'show-login':
      return { ...state, mode: 'login' };
    case 'show-register':
      return { ...state, mode: 'register' };
    case 'show-forgot':
      return { mode: 'forgot', email: action.email };
    case 'registered':
      return { mode: 'success', email: action.email };
    case 'recovery-requested':
      return { mode: 'forgot-sent', email: action.email };
    case 'back-to-login':
      // §4: back to login clears the email.
      return { mode: 'login', email: '' };
  }
}

/** §4 resend control: idle → sending → sent ('Email sent! Check your inbox', 5 s) → idle. */
export type ResendState = 'idle' | 'sending' | 'sent';
export const RESEND_SENT_MS = 5000;
export const RESEND_SENT_LABEL = 'Email sent! Check your inbox';

export type ResendEvent = 'start' | 'succeeded' | 'failed' | 'expired';
export function resendReducer(state: ResendState, event: ResendEvent): ResendState {
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

/**
 * §5, §9: forms validate on submit and re-validate on change. Before the first submit no error
 * shows; after it, every change shows the current errors.
 */
export function visibleErrors<K extends string>(
  submitted: boolean,
  errors: Partial<Record<K, string>>,
): Partial<Record<K, string>> {
  return submitted ? errors : {};
}

/** §2: the dialog is open only while the user is not authenticated. */
export function isAuthDialogOpen(requested: boolean, authenticated: boolean): boolean {
  return requested && !authenticated;
}

/** §2, §9: after authentication the dialog closes, then redirects after 100 ms. */
export const AUTH_REDIRECT_DELAY_MS = 100;
