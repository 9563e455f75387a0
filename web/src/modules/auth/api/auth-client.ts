import { GoTrueClient } from '@supabase/auth-js';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

/**
 * The unmodified Supabase Auth client against our GoTrue-compatible /auth/v1 (ARCHITECTURE §6).
 * It recovers the session from storage at start and auto-refreshes it (a tick every 30 s, refresh
 * when 3 ticks or fewer remain, retries with backoff from 200 ms up to 30 s: §9 are its defaults).
 * `detectSessionInUrl` picks up the fragment of the OAuth callback and of the session-style links.
 */
export const authClient = new GoTrueClient({
  url: `${window.location.origin}/auth/v1`,
  storageKey: LOCAL_KEYS.authSession,
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
});

/** §2: after sign-in, sign-up, confirmation and social login, the return URL is the site root. */
export const siteRoot = (): string => `${window.location.origin}/`;
