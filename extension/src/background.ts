import { appApi, appOriginOf } from './app-api';
import { isConnectMessage, type ContentMessage, type TrackResult } from './messages';
import { currentToken, forgetSession, storeSession } from './session';

/**
 * The extension's service worker: the only part that talks to the app (with the manifest's host
 * permission, so neither the marketplace page's origin nor CORS is involved) and opens tabs.
 */
const api = appApi(appOriginOf(chrome.runtime.getManifest().host_permissions));

async function answer(message: ContentMessage): Promise<unknown> {
  switch (message.type) {
    case 'panel':
      return (await api.panel(message.listing, await currentToken())) ?? null;
    case 'track': {
      const token = await currentToken();
      if (token && (await api.track(message.listing, token))) return 'added' satisfies TrackResult;
      if (token) await forgetSession();
      // Signed out (or the session ended): the app's product page, where the shopper can sign in.
      await chrome.tabs.create({ url: api.productPage(message.listing) });
      return 'opened' satisfies TrackResult;
    }
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
