import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useReducer, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  AUTH_BUTTON_LABELS,
  AUTH_DIALOG_TITLES,
  AUTH_SUCCESS_MESSAGES,
  RESEND_SENT_INDICATOR_MS,
  RESEND_SENT_TEXT,
  authDialogTransition,
  resendTransition,
  validateResendLink,
  type AuthDialogMode,
  type SocialProvider,
} from '@pt/domain';
import { contractField, useContractForm } from '../../../lib/contract-form';
import { Field } from '../../../ui/field';
import { authClient, lastRetryAfterSeconds, siteRoot } from '../api/auth-client';
import { authSettingsKeys, enabledProviders, fetchAuthSettings } from '../api/auth-settings';
import { resendConfirmation } from '../api/resend-confirmation';
import { RegisterFormSchema, ResetFormSchema, SignInFormSchema } from '../utils/auth-form-schemas';
import { authFailureMessage, resendFailureOf, type AuthFailure } from '../utils/auth-error-message';

const PROVIDER_LABELS: Record<SocialProvider, string> = {
  facebook: 'Facebook',
  google: 'Google',
  twitter: 'Twitter',
};

/** auth-js's error as the message functions read it (status 0 or none: no answer). */
const failureOf = (error: { message: string; status?: number }): AuthFailure => ({
  message: error.message,
  status: error.status,
});

export default function AuthDialog({
  initialMode,
  initialError,
  onClose,
}: {
  initialMode: AuthDialogMode;
  initialError?: string;
  onClose(): void;
}) {
  const [state, dispatch] = useReducer(authDialogTransition, { mode: initialMode, email: '' });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">{AUTH_DIALOG_TITLES[state.mode]}</Dialog.Title>
          <Dialog.Close className="btn btn-ghost btn-sm btn-icon dialog-close" aria-label="Close">
            <X size={18} aria-hidden />
          </Dialog.Close>
          {state.mode === 'login' && (
            <LoginForm
              initialEmail={state.email}
              initialError={initialError}
              onRegister={() => dispatch({ type: 'switch-to-register' })}
              onForgot={(email) => dispatch({ type: 'switch-to-forgot', email })}
            />
          )}
          {state.mode === 'register' && (
            <RegisterForm
              onRegistered={(email) => dispatch({ type: 'registered', email })}
              onLogin={() => dispatch({ type: 'switch-to-login' })}
            />
          )}
          {state.mode === 'success' && (
            <SuccessPanel email={state.email} onBack={() => dispatch({ type: 'back-to-login' })} />
          )}
          {state.mode === 'forgot' && (
            <ForgotForm
              initialEmail={state.email}
              onSent={(email) => dispatch({ type: 'recovery-requested', email })}
              onBack={() => dispatch({ type: 'switch-to-login' })}
            />
          )}
          {state.mode === 'forgot-sent' && (
            <div>
              <p>
                If an account exists for <strong>{state.email}</strong>, we sent it a link to choose a new
                password. The link works once, for one hour.
              </p>
              <button
                type="button"
                className="btn btn-block"
                onClick={() => dispatch({ type: 'back-to-login' })}
              >
                Back to Sign In
              </button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's fields: the same label, type and autofill wherever one appears. */
const FIELDS = {
  name: { label: 'Full Name', autoComplete: 'name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  currentPassword: { label: 'Password', type: 'password', autoComplete: 'current-password' },
  newPassword: { label: 'Password', type: 'password', autoComplete: 'new-password' },
  confirmPassword: { label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
} as const;

/** §8: the server's (or our) message for a refused submit, in the form's red box. */
function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      {message}
    </div>
  );
}

/**
 * A contract form's submit that first clears the previous server message, as a new attempt
 * replaces it whether or not the fields pass (§5: the fields are checked on submit).
 */
const submitClearing =
  (clear: () => void, submit: (event: FormEvent) => Promise<void>) => (event: FormEvent) => {
    clear();
    void submit(event);
  };

function LoginForm({
  initialEmail,
  initialError,
  onRegister,
  onForgot,
}: {
  initialEmail: string;
  initialError?: string;
  onRegister(): void;
  onForgot(email: string): void;
}) {
  const form = useContractForm(SignInFormSchema, { email: initialEmail, password: '' });
  const loading = form.formState.isSubmitting;
  const [formError, setFormError] = useState<string | null>(initialError ?? null);
  const [resendFieldError, setResendFieldError] = useState<string | null>(null);
  const [resend, dispatchResend] = useReducer(resendTransition, 'idle');
  const authSettings = useQuery({ queryKey: authSettingsKeys.settings, queryFn: fetchAuthSettings });
  // The resend link's "enter your email first" shows on the field until the email is edited.
  const email = contractField(form, 'email', { onChange: () => setResendFieldError(null) });

  useEffect(() => {
    if (resend !== 'sent') return;
    const timer = window.setTimeout(() => dispatchResend('expired'), RESEND_SENT_INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [resend]);

  const onSubmit = form.handleSubmit(async (credentials) => {
    const { error } = await authClient.signInWithPassword(credentials);
    if (error) setFormError(authFailureMessage('sign-in', failureOf(error), lastRetryAfterSeconds()));
    else toast.success(AUTH_SUCCESS_MESSAGES.signedIn);
  });

  async function onResend() {
    setResendFieldError(null);
    const checked = validateResendLink(form.getValues('email'));
    if (!checked.ok) {
      if (checked.error.fieldError) setResendFieldError(checked.error.fieldError);
      toast.error(checked.error.toast);
      return;
    }
    dispatchResend('start');
    const { failure } = await resendConfirmation(checked.value);
    if (failure) {
      dispatchResend('failed');
      const shown = resendFailureOf(failure, 'dialog', lastRetryAfterSeconds());
      toast.error(shown.toast);
      if (shown.error) setFormError(shown.error);
      return;
    }
    dispatchResend('succeeded');
    toast.success(AUTH_SUCCESS_MESSAGES.confirmationSentDialog);
  }

  return (
    // Busy until the server said which social providers it offers (their buttons may still come).
    <form
      onSubmit={submitClearing(() => setFormError(null), onSubmit)}
      noValidate
      aria-label="Sign in"
      aria-busy={authSettings.isPending}
    >
      <FormError message={formError} />
      <Field {...FIELDS.email} {...email} error={email.error ?? resendFieldError ?? undefined} />
      <Field {...FIELDS.currentPassword} {...contractField(form, 'password')} />
      <button type="submit" className="btn btn-primary btn-block" disabled={loading}>
        {loading ? AUTH_BUTTON_LABELS.signingIn : AUTH_BUTTON_LABELS.signIn}
      </button>
      <div className="row" style={{ justifyContent: 'space-between', marginTop: '0.5rem' }}>
        <button type="button" className="btn-link" onClick={() => onForgot(form.getValues('email'))}>
          Forgot password?
        </button>
        <button
          type="button"
          className="btn-link"
          onClick={() => void onResend()}
          disabled={resend !== 'idle'}
          aria-live="polite"
        >
          {resend === 'sending'
            ? 'Sending...'
            : resend === 'sent'
              ? RESEND_SENT_TEXT
              : 'Resend confirmation email'}
        </button>
      </div>
      <p>
        Don&apos;t have an account?{' '}
        <button type="button" className="btn-link" onClick={onRegister}>
          Sign Up
        </button>
      </p>
      <SocialSignIn providers={enabledProviders(authSettings.data)} />
    </form>
  );
}

function RegisterForm({ onRegistered, onLogin }: { onRegistered(email: string): void; onLogin(): void }) {
  const form = useContractForm(RegisterFormSchema, {
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const loading = form.formState.isSubmitting;
  const [formError, setFormError] = useState<string | null>(null);

  // confirmPassword is never sent (§3); the name and email arrive trimmed.
  const onSubmit = form.handleSubmit(async ({ name, email, password }) => {
    const { data, error } = await authClient.signUp({
      email,
      password,
      options: { data: { name }, emailRedirectTo: siteRoot() },
    });
    if (error) return setFormError(authFailureMessage('register', failureOf(error), lastRetryAfterSeconds()));
    if (data.session) toast.success(AUTH_SUCCESS_MESSAGES.signedIn);
    else onRegistered(email);
  });

  return (
    <form
      onSubmit={submitClearing(() => setFormError(null), onSubmit)}
      noValidate
      aria-label="Create an account"
    >
      <FormError message={formError} />
      <Field {...FIELDS.name} {...contractField(form, 'name')} />
      <Field {...FIELDS.email} {...contractField(form, 'email')} />
      {/* A changed password changes whether the confirmation matches: re-checked with it. */}
      <Field {...FIELDS.newPassword} {...contractField(form, 'password', { deps: 'confirmPassword' })} />
      <Field {...FIELDS.confirmPassword} {...contractField(form, 'confirmPassword')} />
      <div className="info-alert" role="note">
        We will send you a confirmation email. Click the link in it to activate your account before signing
        in.
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={loading}>
        {loading ? AUTH_BUTTON_LABELS.creatingAccount : AUTH_BUTTON_LABELS.createAccount}
      </button>
      <p>
        Already have an account?{' '}
        <button type="button" className="btn-link" onClick={onLogin}>
          Sign In
        </button>
      </p>
    </form>
  );
}

/**
 * §2 social buttons under 'Or continue with', only for the providers the server has enabled
 * (GET /auth/v1/settings): none enabled, or not known yet, shows no section at all.
 */
function SocialSignIn({ providers }: { providers: SocialProvider[] }) {
  if (providers.length === 0) return null;
  return (
    <>
      <div className="divider">Or continue with</div>
      <div className="social-buttons">
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            className="btn"
            onClick={() => {
              // §8: social login failures are only logged (one that comes back refused opens the
              // sign-in form with its message, see AuthDialogProvider).
              void authClient
                .signInWithOAuth({ provider, options: { redirectTo: siteRoot() } })
                .then(({ error }) => error && console.error('Social login failed', error));
            }}
          >
            {PROVIDER_LABELS[provider]}
          </button>
        ))}
      </div>
    </>
  );
}

function SuccessPanel({ email, onBack }: { email: string; onBack(): void }) {
  const [sending, setSending] = useState(false);
  async function onResend() {
    setSending(true);
    const { failure } = await resendConfirmation(email);
    setSending(false);
    if (failure) toast.error(resendFailureOf(failure, 'context', lastRetryAfterSeconds()).toast);
    else toast.success(AUTH_SUCCESS_MESSAGES.confirmationSent);
  }
  return (
    <div>
      <h3>Registration Successful!</h3>
      <p>
        We sent a confirmation link to <strong data-testid="registered-email">{email}</strong>.
      </p>
      <ol>
        <li>Check your inbox.</li>
        <li>Click the link in the email to confirm your account.</li>
        <li>Can&apos;t find it? Check your spam folder.</li>
      </ol>
      <div className="row">
        <button type="button" className="btn" onClick={() => void onResend()} disabled={sending}>
          Resend Confirmation Email
        </button>
        <button type="button" className="btn btn-primary" onClick={onBack}>
          Back to Sign In
        </button>
      </div>
    </div>
  );
}

function ForgotForm({
  initialEmail,
  onSent,
  onBack,
}: {
  initialEmail: string;
  onSent(email: string): void;
  onBack(): void;
}) {
  const form = useContractForm(ResetFormSchema, { email: initialEmail });
  const loading = form.formState.isSubmitting;
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async ({ email }) => {
    const { error } = await authClient.resetPasswordForEmail(email, { redirectTo: siteRoot() });
    if (error) setFormError(authFailureMessage('recover', failureOf(error), lastRetryAfterSeconds()));
    else onSent(email);
  });
  return (
    <form
      onSubmit={submitClearing(() => setFormError(null), onSubmit)}
      noValidate
      aria-label="Reset your password"
    >
      <FormError message={formError} />
      <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      <Field {...FIELDS.email} {...contractField(form, 'email')} />
      <button type="submit" className="btn btn-primary btn-block" disabled={loading}>
        {loading ? 'Sending...' : 'Send Reset Link'}
      </button>
      <p>
        <button type="button" className="btn-link" onClick={onBack}>
          Back to Sign In
        </button>
      </p>
    </form>
  );
}
