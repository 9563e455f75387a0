import { LOCAL_KEYS } from '../../../lib/storage-keys';

/**
 * @supabase/auth-js is a fifth of the app's start-up JavaScript, and a signed-out visitor's first
 * screen needs none of it. The shell loads it through here: at once when this browser may hold a
 * session (a stored one, or a sign-in result in the URL fragment that auth-js must read), else
 * after the page has loaded. Screens that use it (the dialog, the account pages) import
 * `./auth-client` directly; both ways reach the one client.
 */
export type AuthModule = typeof import('./auth-client');

let loading: Promise<AuthModule> | undefined;

export function loadAuthClient(): Promise<AuthModule> {
  return (loading ??= import('./auth-client'));
}

/**
 * Whether auth-js may find a session at start: a stored one, or the fragment of a sign-in link or
 * OAuth callback (`#access_token=…`, `#error=…`). When false, the visitor is known to be signed out
 * without loading it.
 */
export function mayHaveSession(
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
  hash: string = window.location.hash,
): boolean {
  if (/(^#|&)(access_token|refresh_token|error|error_description)=/.test(hash)) return true;
  try {
    return storage?.getItem(LOCAL_KEYS.authSession) != null;
  } catch {
    // Storage that cannot be read holds no session auth-js could use either.
    return false;
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
