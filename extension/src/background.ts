import { appApi, appOriginOf } from './app-api';
import { isConnectMessage, type ActionResult, type ContentMessage } from './messages';
import type { PageListing } from './listing-url';
import { currentToken, forgetSession, storeSession } from './session';

/**
 * The extension's service worker: the only part that talks to the app (with the manifest's host
 * permission, so neither the marketplace page's origin nor CORS is involved) and opens tabs.
 */
const api = appApi(appOriginOf(chrome.runtime.getManifest().host_permissions));

/** Runs an action with the session; signed out (or the session ended) it opens the app instead. */
async function signedInAction(
  listing: PageListing,
  action: (token: string) => Promise<boolean>,
): Promise<ActionResult> {
  const token = await currentToken();
  if (token && (await action(token))) return 'done';
  if (token) await forgetSession();
  // The app's product page, where the shopper can sign in and track or set the alert there.
  await chrome.tabs.create({ url: api.productPage(listing) });
  return 'opened';
}

async function answer(message: ContentMessage): Promise<unknown> {
  switch (message.type) {
    case 'panel':
      return (await api.panel(message.listing, await currentToken())) ?? null;
    case 'track':
      return signedInAction(message.listing, (token) => api.track(message.listing, token));
    case 'alert':
      return signedInAction(message.listing, (token) => api.alert(message.listing, token));
    case 'connect':
      await chrome.tabs.create({ url: api.connectPage(chrome.runtime.id) });
      return null;
  }
}

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  // A failed call means no panel (or no change): the page shows nothing rather than an error.
  answer(message as ContentMessage).then(sendResponse, () => sendResponse(null));
  return true;
});

chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
  // externally_connectable already admits the app's origin only; checked again so a mistaken
  // manifest cannot hand the session to another site's message.
  if (sender.origin !== api.origin || !isConnectMessage(message)) {
    sendResponse({ ok: false });
    return;
  }
  storeSession(message).then(
    () => sendResponse({ ok: true }),
    () => sendResponse({ ok: false }),
  );
  return true;
});
