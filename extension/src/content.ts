import { listingFromUrl } from './listing-url';
import { ALERT_DROP_PERCENT, type ActionResult, type ContentMessage, type PanelData } from './messages';
import { renderPanel } from './panel';

/**
 * Runs on marketplace item pages (the manifest's match patterns). Reads the listing id from the
 * address only, asks the background worker for the panel, and shows it; a page it does not
 * understand, or a listing the app does not know, gets nothing, not even a console line.
 */
const send = <T>(message: ContentMessage) => chrome.runtime.sendMessage<T | null>(message).catch(() => null);

function describe(result: ActionResult | null, done: string): string | undefined {
  if (result === 'done') return done;
  if (result === 'opened') return 'Opened in Price Tracker';
  return undefined;
}

async function main(): Promise<void> {
  const listing = listingFromUrl(location.href);
  if (!listing) return;
  const data = await send<PanelData>({ type: 'panel', listing });
  if (!data) return;
  document.body.append(
    renderPanel(data, {
      track: async () =>
        describe(await send<ActionResult>({ type: 'track', listing }), 'Added to your wishlist'),
      alert: async () =>
        describe(
          await send<ActionResult>({ type: 'alert', listing }),
          `Alert set: ${ALERT_DROP_PERCENT}% drop`,
        ),
      connect: () => void send({ type: 'connect' }),
    }),
  );
}

void main();
