import type { ConnectMessage } from './messages';

/**
 * The app session the extension holds: the access token the app's connect page handed over. Kept
 * in chrome.storage.session (memory only, gone when the browser closes) and only until it expires;
 * no refresh token leaves the app, so a stolen copy is good for the token's lifetime at most.
 */
const KEY = 'appSession';

export async function storeSession(message: ConnectMessage): Promise<void> {
  await chrome.storage.session.set({
    [KEY]: { accessToken: message.accessToken, expiresAt: message.expiresAt },
  });
}

export async function currentToken(now = Date.now()): Promise<string | undefined> {
  const stored = (await chrome.storage.session.get(KEY))[KEY] as
    { accessToken: string; expiresAt: number } | undefined;
  if (!stored) return undefined;
  // A minute of margin: a token about to expire would fail the request it is sent with.
  if (stored.expiresAt * 1000 - 60_000 <= now) {
    await forgetSession();
    return undefined;
  }
  return stored.accessToken;
}

export const forgetSession = (): Promise<void> => chrome.storage.session.remove(KEY);
