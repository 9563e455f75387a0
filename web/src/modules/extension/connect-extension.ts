/**
 * Hands the signed-in session's access token to the Price Tracker browser extension whose id the
 * extension put in the connect page's address. Chrome delivers the message only to an extension
 * whose externally_connectable lists this site; the extension checks the sender's origin again.
 * Only the access token (short-lived) is sent, never the refresh token: the extension's session
 * ends when the token expires, and the shopper connects again.
 */

/** Chrome extension ids: 32 letters a–p. */
const EXTENSION_ID = /^[a-p]{32}$/;

export function extensionIdFrom(search: string): string | undefined {
  const id = new URLSearchParams(search).get('extension') ?? '';
  return EXTENSION_ID.test(id) ? id : undefined;
}

interface ExtensionRuntime {
  sendMessage(extensionId: string, message: unknown): Promise<unknown>;
}

function runtime(): ExtensionRuntime | undefined {
  const chrome = (window as unknown as { chrome?: { runtime?: Partial<ExtensionRuntime> } }).chrome;
  const sendMessage = chrome?.runtime?.sendMessage;
  return typeof sendMessage === 'function' ? { sendMessage: sendMessage.bind(chrome?.runtime) } : undefined;
}

/** True when the extension took the session. */
export async function connectExtension(
  extensionId: string,
  session: { access_token: string; expires_at?: number | undefined },
): Promise<boolean> {
  const rt = runtime();
  if (!rt || !session.expires_at) return false;
  try {
    const reply = (await rt.sendMessage(extensionId, {
      type: 'pt-connect',
      accessToken: session.access_token,
      expiresAt: session.expires_at,
    })) as { ok?: boolean } | undefined;
    return reply?.ok === true;
  } catch {
    return false;
  }
}
