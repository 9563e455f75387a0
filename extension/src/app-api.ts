import { formatPrice } from '@pt/domain';
import type { AlsoOnResponse, PriceHistoryView, ProductResponse, StoredWishlist } from '@pt/contracts';
import type { PageListing } from './listing-url';
import { ALERT_DROP_PERCENT, type PanelData } from './messages';

/**
 * The app's public API as the background worker calls it. The app's origin is the manifest's one
 * host permission, set when the extension is built: the extension talks to nothing else, and
 * sends only the listing id the page's address names (no page URL, no browsing history).
 */
export interface AppApi {
  origin: string;
  panel(listing: PageListing, token: string | undefined): Promise<PanelData | undefined>;
  /** Adds the listing to the user's default wishlist; false when the session is no longer valid. */
  track(listing: PageListing, token: string): Promise<boolean>;
  /** Sets an alert on a drop of ALERT_DROP_PERCENT from today's price; false as for track. */
  alert(listing: PageListing, token: string): Promise<boolean>;
  productPage(listing: PageListing): string;
  connectPage(extensionId: string): string;
}

/** The app origin the manifest grants ("http://localhost:8080/*" → "http://localhost:8080"). */
export function appOriginOf(hostPermissions: readonly string[] | undefined): string {
  const first = hostPermissions?.[0];
  if (!first) throw new Error('the manifest names no app origin');
  return new URL(first.replace(/\*$/, '')).origin;
}

const ALSO_ON_REGION = 'us';

/** The app's cheapest match on another marketplace, as the panel words it. */
export function cheapestElsewhere(answer: AlsoOnResponse): PanelData['elsewhere'] {
  const first = answer.listings[0];
  if (!first) return undefined;
  return {
    marketplace: first.marketplaceName,
    landed: `${formatPrice(first.landed, answer.currency)} with shipping`,
    ...(first.url?.startsWith('https://') ? { url: first.url } : {}),
  };
}

export function appApi(origin: string, fetchImpl: typeof fetch = fetch): AppApi {
  const call = (path: string, token: string | undefined, init: RequestInit = {}) =>
    fetchImpl(`${origin}${path}`, {
      ...init,
      // No cookies of the app ride along: the extension is signed in only through its own token.
      credentials: 'omit',
      headers: {
        Accept: 'application/json',
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  const productPath = (listing: PageListing) => `/api/v1/products/${encodeURIComponent(listing.productId)}`;

  async function product(listing: PageListing, token: string | undefined) {
    const res = await call(productPath(listing), token);
    if (!res.ok) return undefined;
    const body = (await res.json()) as ProductResponse;
    return body.isPlaceholder ? undefined : body.product;
  }

  return {
    origin,
    async panel(listing, token) {
      const [found, historyRes, alsoOnRes] = await Promise.all([
        product(listing, token),
        call(`${productPath(listing)}/price-history?marketplace=${listing.marketplace}`, token),
        // The item pages the panel runs on are the US sites: landed totals in their currency.
        call(`${productPath(listing)}/also-on?region=${ALSO_ON_REGION}`, token).catch(() => undefined),
      ]);
      if (!found) return undefined;
      const history = historyRes.ok ? ((await historyRes.json()) as PriceHistoryView) : undefined;
      const { lowest, highest } = history?.statistics ?? {};
      const cheapest = alsoOnRes?.ok
        ? cheapestElsewhere((await alsoOnRes.json()) as AlsoOnResponse)
        : undefined;
      return {
        title: found.title,
        price: formatPrice(found.price, found.currency),
        ...(found.priceBadge ? { badge: found.priceBadge.label } : {}),
        ...(cheapest ? { elsewhere: cheapest } : {}),
        history: history?.points.map((p) => p.price) ?? [],
        ...(history && lowest && highest
          ? {
              range: `Lowest ${formatPrice(lowest.price, history.currency)} · highest ${formatPrice(highest.price, history.currency)} in ${history.days === 'all' ? 'all recorded' : history.days} days`,
            }
          : {}),
        connected: token !== undefined,
      };
    },
    async track(listing, token) {
      const found = await product(listing, token);
      if (!found) throw new Error('the listing is not in the catalog');
      const lists = await call('/api/v1/wishlists', token);
      if (lists.status === 401) return false;
      if (!lists.ok) throw new Error(`wishlists answered ${lists.status}`);
      const { wishlists } = (await lists.json()) as { wishlists: StoredWishlist[] };
      const target = wishlists.find((w) => w.isDefault) ?? wishlists[0];
      if (!target) throw new Error('no wishlist to add to');
      const added = await call(`/api/v1/wishlists/${encodeURIComponent(target.id)}/items`, token, {
        method: 'POST',
        body: JSON.stringify({
          productId: listing.productId,
          marketplace: listing.marketplace,
          title: found.title,
          price: found.price,
          currency: found.currency,
          ...(found.image?.startsWith('http') ? { image: found.image } : {}),
          ...(found.url?.startsWith('http') ? { url: found.url } : {}),
        }),
      });
      if (added.status === 401) return false;
      // Already on the list is as good as added.
      if (!added.ok && added.status !== 409) throw new Error(`add item answered ${added.status}`);
      return true;
    },
    async alert(listing, token) {
      const found = await product(listing, token);
      if (!found) throw new Error('the listing is not in the catalog');
      const created = await call('/api/v1/alerts', token, {
        method: 'POST',
        body: JSON.stringify({
          productId: listing.productId,
          marketplace: listing.marketplace,
          kind: 'percent_drop',
          percent: ALERT_DROP_PERCENT,
          productTitle: found.title,
          currency: found.currency,
        }),
      });
      if (created.status === 401) return false;
      if (!created.ok) throw new Error(`create alert answered ${created.status}`);
      return true;
    },
    productPage: (listing) => `${origin}/product/${encodeURIComponent(listing.productId)}`,
    connectPage: (extensionId) => `${origin}/extension/connect?extension=${encodeURIComponent(extensionId)}`,
  };
}
