import type { AuthChangeEvent, Session, User } from '@supabase/auth-js';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { canSignIn } from '@pt/domain';
import { setAccessToken } from '../../../lib/api';
import { afterPageLoad } from '../../../lib/after-page-load';
import { loadAuthClient, mayHaveSession } from '../api/load-auth-client';

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in' | 'password-recovery';

interface AuthContextValue {
  status: AuthStatus;
  /** §4: unauthenticated until known (false while loading). */
  authenticated: boolean;
  user: User | null;
  session: Session | null;
  emailConfirmed: boolean;
  isAdmin: boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * §4 authentication states (signed out, signed in, password recovery) from auth-js events. A
 * browser that holds no session is signed out from the first render; auth-js then loads after the
 * page (load-auth-client.ts), and a session stays "loading" only until it has.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [waitForAuth] = useState(mayHaveSession);
  const [state, setState] = useState<{ status: AuthStatus; session: Session | null }>({
    status: waitForAuth ? 'loading' : 'signed-out',
    session: null,
  });

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    const subscribe = () =>
      void loadAuthClient().then(({ authClient }) => {
        if (cancelled) return;
        const { data } = authClient.onAuthStateChange(onChange);
        unsubscribe = () => data.subscription.unsubscribe();
      });
    const onChange = (event: AuthChangeEvent, session: Session | null) => {
      setAccessToken(session?.access_token ?? null);
      setState((current) => {
        if (!session) return { status: 'signed-out', session: null };
        if (event === 'PASSWORD_RECOVERY') return { status: 'password-recovery', session };
        // A refresh during recovery stays in recovery until the new password is set.
        if (current.status === 'password-recovery' && event !== 'USER_UPDATED' && event !== 'SIGNED_IN')
          return { status: 'password-recovery', session };
        return { status: 'signed-in', session };
      });
    };
    const cancelLater = waitForAuth ? undefined : afterPageLoad(subscribe);
    if (waitForAuth) subscribe();
    return () => {
      cancelled = true;
      cancelLater?.();
      unsubscribe?.();
    };
  }, [waitForAuth]);

  const value = useMemo<AuthContextValue>(() => {
    const user = state.session?.user ?? null;
    const emailConfirmed = user ? canSignIn(user) : false;
    return {
      status: state.status,
      authenticated: state.status !== 'loading' && state.status !== 'signed-out' && user !== null,
      user,
      session: state.session,
      emailConfirmed,
      isAdmin: user?.role === 'admin',
    };
  }, [state]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  // §8: 'Loading authentication...' when the auth context is missing.
  if (!ctx) throw new Error('Loading authentication...');
  return ctx;
}
