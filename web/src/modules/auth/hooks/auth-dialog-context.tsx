import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { AUTH_REDIRECT_DELAY_MS, AUTH_RETURN_URL, type AuthDialogMode } from '@pt/domain';
import { afterPageLoad } from '../../../lib/after-page-load';
import { loadAuthClient, mayHaveSession } from '../api/load-auth-client';
import { isAuthDialogOpen } from '../utils/auth-dialog-state';
import { useAuth } from './auth-context';

// The dialog (forms, social buttons, validation) loads when first opened, not with the shell.
const AuthDialog = lazy(() => import('../components/auth-dialog'));

export interface OpenAuthDialogOptions {
  mode?: AuthDialogMode;
  /** Where to go after authentication (the landing page uses '/'). */
  redirectTo?: string;
  onSuccess?: () => void;
  /** A failure to show on the sign-in form as it opens (a social sign-in that came back refused). */
  error?: string;
}

interface AuthDialogContextValue {
  openAuthDialog(options?: OpenAuthDialogOptions): void;
  closeAuthDialog(): void;
}

const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const { authenticated } = useAuth();
  const navigate = useNavigate();
  const [request, setRequest] = useState<(OpenAuthDialogOptions & { id: number }) | null>(null);

  // §2: on becoming authenticated the dialog closes, then after 100 ms redirects or calls back.
  useEffect(() => {
    if (!authenticated || !request) return;
    const after = request;
    setRequest(null);
    // Not cleared when the effect re-runs: closing the dialog (setRequest above) must not cancel it.
    window.setTimeout(() => {
      if (after.onSuccess) after.onSuccess();
      else if (after.redirectTo) void navigate(after.redirectTo);
    }, AUTH_REDIRECT_DELAY_MS);
  }, [authenticated, request, navigate]);

  // A social sign-in that failed comes back to the site with the error in the URL fragment (the
  // callback's failures, or /authorize refusing a disabled provider). auth-js reads it at start;
  // the person lands on the sign-in form with §8's message instead of a silent page.
  useEffect(() => {
    let cancelled = false;
    const check = () =>
      void loadAuthClient()
        .then(({ socialSignInFailure }) => socialSignInFailure())
        .then((failure) => {
          if (cancelled || !failure) return;
          // §8: social login failures are logged.
          console.error('Social login failed', failure.error);
          window.history.replaceState(
            window.history.state,
            '',
            window.location.pathname + window.location.search,
          );
          setRequest({ mode: 'login', redirectTo: AUTH_RETURN_URL, error: failure.message, id: Date.now() });
        });
    // Only a URL fragment can carry such an error; without one the check waits for the page to load.
    const cancelLater = mayHaveSession() ? undefined : afterPageLoad(check);
    if (!cancelLater) check();
    return () => {
      cancelled = true;
      cancelLater?.();
    };
  }, []);

  const openAuthDialog = useCallback((options: OpenAuthDialogOptions = {}) => {
    setRequest({ ...options, id: Date.now() });
  }, []);
  const closeAuthDialog = useCallback(() => setRequest(null), []);
  const value = useMemo(() => ({ openAuthDialog, closeAuthDialog }), [openAuthDialog, closeAuthDialog]);

  const open = isAuthDialogOpen(request !== null, authenticated);
  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      {open && request && (
        <Suspense fallback={null}>
          <AuthDialog
            key={request.id}
            initialMode={request.mode ?? 'login'}
            initialError={request.error}
            onClose={closeAuthDialog}
          />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  );
}

export function useAuthDialog(): AuthDialogContextValue {
  const ctx = useContext(AuthDialogContext);
  if (!ctx) throw new Error('useAuthDialog must be used inside AuthDialogProvider');
  return ctx;
}
