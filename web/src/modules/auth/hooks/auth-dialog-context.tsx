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
import { AUTH_REDIRECT_DELAY_MS, isAuthDialogOpen, type AuthDialogMode } from '../utils/auth-dialog-state';
import { useAuth } from './auth-context';

// The dialog (forms, social buttons, validation) loads when first opened, not with the shell.
const AuthDialog = lazy(() => import('../components/auth-dialog'));

export interface OpenAuthDialogOptions {
  mode?: AuthDialogMode;
  /** Where to go after authentication (the landing page uses '/'). */
  redirectTo?: string;
  onSuccess?: () => void;
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
          <AuthDialog key={request.id} initialMode={request.mode ?? 'login'} onClose={closeAuthDialog} />
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
