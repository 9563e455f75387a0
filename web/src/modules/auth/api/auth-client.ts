import { GoTrueClient, isAuthImplicitGrantRedirectError } from '@supabase/auth-js';
import { mapSignInError } from '@pt/domain';
import { LOCAL_KEYS } from '../../../lib/storage-keys';
import { retryAfterSecondsOf } from '../../../lib/api';

let lastRetryAfterS: number | undefined;

/**
 * auth-js reports a refused call by message and status only; the Retry-After of a 429 (the
 * gateway's or the auth service's) is kept here so the dialog can say when to try again.
 */
const authFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (res.status === 429) lastRetryAfterS = retryAfterSecondsOf(res);
  return res;
};

/** Seconds to wait from the last 429 an auth call got; read right after the call failed. */
export const lastRetryAfterSeconds = (): number | undefined => lastRetryAfterS;

/**
 * The unmodified Supabase Auth client against our GoTrue-compatible /auth/v1 (ARCHITECTURE §6).
 * It recovers the session from storage at start and auto-refreshes it (a tick every 30 s, refresh
 * when 3 ticks or fewer remain, retries with backoff from 200 ms up to 30 s: §9 are its defaults).
 * Its refresh retries on no answer and on 500–504 (and CDN 52x), a superset of §8's retryable
 * 502–504: it keeps the session through a server blip rather than signing the user out. The
 * dialog's messages follow §8 (`authFailureMessage`).
 * `detectSessionInUrl` picks up the fragment of the OAuth callback and of the session-style links.
 */
export const authClient = new GoTrueClient({
  url: `${window.location.origin}/auth/v1`,
  storageKey: LOCAL_KEYS.authSession,
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
  fetch: authFetch,
});

/** §2: after sign-in, sign-up, confirmation and social login, the return URL is the site root. */
export const siteRoot = (): string => `${window.location.origin}/`;

/**
 * §8's sign-in message for a social sign-in that came back refused (the error auth-js read from
 * the URL fragment at start), or null when the start had no such error.
 */
export async function socialSignInFailure(): Promise<{ message: string; error: Error } | null> {
  const { error } = await authClient.initialize();
  return isAuthImplicitGrantRedirectError(error) ? { message: mapSignInError(error.message), error } : null;
}
