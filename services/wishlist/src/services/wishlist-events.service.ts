import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { createEventEnvelope, productEventKey, Topics, userEventKey } from '@pt/contracts';
import { addToOutbox, CLOCK, type Clock, type Queryable } from '@pt/platform';
import type { ItemRow } from '../repositories/wishlist-items.repository';
import { WISHLIST_SCHEMA } from '../tokens';

/** The listing id inside a listing key "marketplace:listingId". */
export const listingIdOfKey = (key: string): string => key.slice(key.indexOf(':') + 1);

/**
 * The events a wishlist change publishes, written to the outbox in the caller's transaction:
 * - tracking.changed (key: listing): one reason per item (owner = item id), so pricing polls a
 *   listing while any item anywhere holds it, and stops when the last one goes;
 * - wishlist.item-alert-changed (key: user): the item's alert state after the change;
 * - wishlist.item-price-dropped (key: user): the item's price fell, for the user's private feed.
 */
@Injectable()
export class WishlistEventsService {
  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  async tracking(tx: Queryable, item: ItemRow, tracked: boolean): Promise<void> {
    const productId = listingIdOfKey(item.productId);
    const envelope = createEventEnvelope(
      Topics.trackingChanged,
      {
        productId,
        marketplace: item.marketplace,
        reason: 'wishlist',
        ownerId: item.id,
        userId: item.userId,
        tracked,
      },
      {
        id: randomUUID(),
        occurredAt: this.clock.now().toISOString(),
        key: productEventKey(item.marketplace, productId),
      },
    );
    await addToOutbox(tx, WISHLIST_SCHEMA, Topics.trackingChanged, envelope);
  }

  /** The alert as it now stands; `enabled` false for an item gone or switched off. */
  async alert(tx: Queryable, item: ItemRow, enabled: boolean): Promise<void> {
    const now = this.clock.now().toISOString();
    const envelope = createEventEnvelope(
      Topics.wishlistItemAlertChanged,
      {
        userId: item.userId,
        wishlistId: item.wishlistId,
        productId: listingIdOfKey(item.productId),
        marketplace: item.marketplace,
        enabled,
        ...(enabled && item.targetPrice !== null ? { targetPrice: item.targetPrice } : {}),
        currentPrice: item.price,
        currency: item.currency,
        title: item.title,
        ...(item.image ? { imageUrl: item.image } : {}),
        changedAt: now,
      },
      { id: randomUUID(), occurredAt: now, key: userEventKey(item.userId) },
    );
    await addToOutbox(tx, WISHLIST_SCHEMA, Topics.wishlistItemAlertChanged, envelope);
  }

  /** A newer price of the item's listing below the item's price, in the item's currency. */
  async priceDropped(tx: Queryable, item: ItemRow, newPrice: number, observedAt: Date): Promise<void> {
    const envelope = createEventEnvelope(
      Topics.wishlistItemPriceDropped,
      {
        userId: item.userId,
        itemId: item.id,
        wishlistId: item.wishlistId,
        productId: listingIdOfKey(item.productId),
        marketplace: item.marketplace,
        title: item.title,
        oldPrice: item.price,
        newPrice,
        currency: item.currency,
        observedAt: observedAt.toISOString(),
      },
      { id: randomUUID(), occurredAt: this.clock.now().toISOString(), key: userEventKey(item.userId) },
    );
    await addToOutbox(tx, WISHLIST_SCHEMA, Topics.wishlistItemPriceDropped, envelope);
  }

  /** An item left the user's lists (removed, its list deleted, the user erased). */
  async itemGone(tx: Queryable, item: ItemRow): Promise<void> {
    await this.tracking(tx, item, false);
    if (item.priceAlert) await this.alert(tx, item, false);
  }
}
