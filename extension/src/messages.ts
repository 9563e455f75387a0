import type { PageListing } from './listing-url';

/** What the panel shows, as the background worker assembled it from the app's public API. */
export interface PanelData {
  title: string;
  /** "$12.34" in the listing's currency. */
  price: string;
  /** The good-price badge's text ("Low price"), absent when the app has nothing honest to say. */
  badge?: string;
  /** The recorded prices, oldest first, for the sparkline. */
  history: number[];
  /** "Lowest $10.00 · highest $14.00 in 90 days", absent without history. */
  range?: string;
  /**
   * The same product on another marketplace, cheapest landed (price + shipping) first, as the app
   * matched it: "AliExpress · $41.99 with shipping". Absent when the app knows no match.
   */
  elsewhere?: { marketplace: string; landed: string; url?: string };
  /** Whether the extension holds a session of the app (Track adds to the wishlist). */
  connected: boolean;
}

/** The panel's one-click alert: the app's percent_drop kind, at this drop from today's price. */
export const ALERT_DROP_PERCENT = 10;

/** The outcome of Track or Alert: done in the app, or the app opened for an anonymous user. */
export type ActionResult = 'done' | 'opened';

/** Content script → background worker. */
export type ContentMessage =
  | { type: 'panel'; listing: PageListing }
  | { type: 'track'; listing: PageListing }
  | { type: 'alert'; listing: PageListing }
  | { type: 'connect' };

/** The app's connect page → background worker (externally_connectable, the app origin only). */
export interface ConnectMessage {
  type: 'pt-connect';
  accessToken: string;
  /** Unix seconds, as the app's session says. */
  expiresAt: number;
}

export function isConnectMessage(value: unknown): value is ConnectMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    m.type === 'pt-connect' &&
    typeof m.accessToken === 'string' &&
    m.accessToken.length > 0 &&
    m.accessToken.length < 8192 &&
    typeof m.expiresAt === 'number' &&
    Number.isFinite(m.expiresAt)
  );
}
