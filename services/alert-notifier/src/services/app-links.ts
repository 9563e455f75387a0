import { isMarketplaceId, productPageIdOf } from '@pt/domain';

/**
 * The web app's screens a price-drop email links to. Every link opens a page of the app (the SPA
 * serves each path); only the RFC 8058 one-click target is the API itself, since mail clients POST
 * to it without a browser.
 */
export class AppLinks {
  /** `base` is read per mail: the embedded host learns its own address only once it listens. */
  constructor(private readonly base: () => string) {}

  /** The product page the shopper set the alert from (`/product/:id`, by the catalog's id). */
  productPage(marketplace: string, listingId: string): string {
    const id = isMarketplaceId(marketplace) ? productPageIdOf(marketplace, listingId) : listingId;
    return `${this.base()}/product/${encodeURIComponent(id)}`;
  }

  /** The signed-in user's price alerts. */
  manageAlerts(): string {
    return `${this.base()}/wishlist/alerts`;
  }

  /** Settings, where the email switch turns every price email off. */
  emailSettings(): string {
    return `${this.base()}/settings`;
  }

  /** The app's page that says which alert the link turns off and asks before doing it. */
  unsubscribePage(token: string): string {
    return `${this.base()}/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  /** A private Atom feed: an API URL, since feed readers fetch it without the app or a session. */
  privateFeed(token: string): string {
    return `${this.base()}/api/v1/feeds/${encodeURIComponent(token)}.xml`;
  }

  /** What List-Unsubscribe names: mail clients POST `List-Unsubscribe=One-Click` to it. */
  oneClickUnsubscribe(token: string): string {
    return `${this.base()}/api/v1/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
  }
}
