import { Inject, Injectable } from '@nestjs/common';
import { describeAlertReason, describeBasisReason, formatPrice } from '@pt/domain';
import { AppError, DATABASE, type Database } from '@pt/platform';
import { NotificationsRepository, type FiredAlertRow } from '../repositories/notifications.repository';
import { WishlistDropsRepository, type WishlistDropRow } from '../repositories/wishlist-drops.repository';
import { APP_LINKS } from '../tokens';
import type { AppLinks } from './app-links';
import { renderAtom, type AtomEntry } from './atom-feed';
import { FeedTokensService } from './feed-tokens.service';

/** Feed readers poll; fifty crossings is weeks of drops for most users and keeps each answer small. */
export const FEED_ENTRY_LIMIT = 50;

/**
 * A user's private Atom feed: the alerts that fired (standalone ones and those set on wishlist
 * items) and the price drops of their wishlist items, newest first. It names products and prices
 * only; nothing about the user.
 */
@Injectable()
export class AlertFeedService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_LINKS) private readonly links: AppLinks,
    private readonly tokens: FeedTokensService,
    private readonly notifications: NotificationsRepository,
    private readonly wishlistDrops: WishlistDropsRepository,
  ) {}

  /** The Atom document a token opens; a malformed, unknown or revoked token is the same 404. */
  async atom(token: string): Promise<string> {
    const owner = await this.tokens.resolve(token);
    if (!owner) throw AppError.notFound('Feed not found');
    const [fired, drops] = await Promise.all([
      this.notifications.listFiredByUser(this.db, owner.userId, FEED_ENTRY_LIMIT),
      this.wishlistDrops.listByUser(this.db, owner.userId, FEED_ENTRY_LIMIT),
    ]);
    // A drop that fired the item's alert is already in the feed, as the alert.
    const alerted = new Set(fired.map((f) => dropKey(f.marketplace, f.productId, f.newPrice)));
    const entries = [
      ...fired.map((f) => this.entryOf(f)),
      ...drops
        .filter((d) => !alerted.has(dropKey(d.marketplace, d.productId, d.newPrice)))
        .map((d) => this.dropEntryOf(d)),
    ]
      .sort((a, b) => b.updated.getTime() - a.updated.getTime())
      .slice(0, FEED_ENTRY_LIMIT);
    return renderAtom({
      id: `urn:uuid:${owner.id}`,
      title: 'Price Tracker: your price drops',
      selfUrl: this.links.privateFeed(token),
      alternateUrl: this.links.manageAlerts(),
      updated: entries[0]?.updated ?? owner.createdAt,
      entries,
    });
  }

  private dropEntryOf(d: WishlistDropRow): AtomEntry {
    const was = formatPrice(d.oldPrice, d.currency);
    const now = formatPrice(d.newPrice, d.currency);
    return {
      id: `urn:uuid:${d.id}`,
      title: `${d.productTitle}: ${was} → ${now}`,
      summary: `The price of an item on your wishlist dropped from ${was} to ${now}.`,
      link: this.links.productPage(d.marketplace, d.productId),
      updated: new Date(d.observedAt),
      category: 'wishlist-drop',
    };
  }

  private entryOf(f: FiredAlertRow): AtomEntry {
    const was = formatPrice(f.oldPrice, f.currency);
    const now = formatPrice(f.newPrice, f.currency);
    const target = formatPrice(f.targetPrice, f.currency);
    const kind = f.source === 'wishlist' ? 'wishlist item' : 'price alert';
    if (f.reason?.kind === 'back_in_stock') {
      const why = describeAlertReason(f.reason, f.currency, new Date(f.createdAt));
      return {
        id: `urn:uuid:${f.id}`,
        title: `${f.productTitle}: ${why}`,
        summary: `Your back-in-stock alert fired: ${why}.`,
        link: this.links.productPage(f.marketplace, f.productId),
        updated: new Date(f.createdAt),
        category: 'price-alert',
      };
    }
    return {
      id: `urn:uuid:${f.id}`,
      title: `${f.productTitle}: ${was} → ${now}`,
      // A percent or lowest-in-N crossing says its own why; a target crossing keeps its words.
      summary:
        f.reason && (f.reason.kind !== 'target' || f.reason.landed)
          ? `The price dropped from ${was} to ${now}: ${describeBasisReason(f.reason, f.currency, new Date(f.createdAt))}.`
          : `The price dropped from ${was} to ${now}, at or below your ${kind}'s target of ${target}.`,
      link: this.links.productPage(f.marketplace, f.productId),
      updated: new Date(f.createdAt),
      category: f.source === 'wishlist' ? 'wishlist' : 'price-alert',
    };
  }
}

const dropKey = (marketplace: string, productId: string, price: number) =>
  `${marketplace}:${productId}:${price.toFixed(2)}`;
