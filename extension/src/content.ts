import { listingFromUrl } from './listing-url';
import type { ContentMessage, PanelData, TrackResult } from './messages';
import { renderPanel } from './panel';

/**
 * Runs on marketplace item pages (the manifest's match patterns). Reads the listing id from the
 * address only, asks the background worker for the panel, and shows it; a page it does not
 * understand, or a listing the app does not know, gets nothing, not even a console line.
 */
const send = <T>(message: ContentMessage) => chrome.runtime.sendMessage<T | null>(message).catch(() => null);

async function main(): Promise<void> {
  const listing = listingFromUrl(location.href);
  if (!listing) return;
  const data = await send<PanelData>({ type: 'panel', listing });
  if (!data) return;
  document.body.append(
    renderPanel(data, {
      track: async () => {
        const result = await send<TrackResult>({ type: 'track', listing });
        if (result === 'added') return 'Added to your wishlist';
        if (result === 'opened') return 'Opened in Price Tracker';
        return undefined;
      },
      connect: () => void send({ type: 'connect' }),
    }),
  );
}

void main();
