import type { Session, User } from '@supabase/auth-js';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { canSignIn } from '@pt/domain';
import { setAccessToken } from '../../../lib/api';
import { authClient } from '../api/auth-client';

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

/** §4 authentication states (signed out, signed in, password recovery) from auth-js events. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ status: AuthStatus; session: Session | null }>({
    status: 'loading',
    session: null,
  });

  useEffect(() => {
    const { data } = authClient.onAuthStateChange((event, session) => {
      setAccessToken(session?.access_token ?? null);
      setState((current) => {
        if (!session) return { status: 'signed-out', session: null };
        if (event === 'PASSWORD_RECOVERY') return { status: 'password-recovery', session };
        // A refresh during recovery stays in recovery until the new password is set.
        if (current.status === 'password-recovery' && event !== 'USER_UPDATED' && event !== 'SIGNED_IN')
          return { status: 'password-recovery', session };
        return { status: 'signed-in', session };
      });
    });
    return () => data.subscription.unsubscribe();
  }, []);

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
