import { Inject, Injectable } from '@nestjs/common';
import { Topics, type EventEnvelope } from '@pt/contracts';
import { DATABASE, idempotent, OnEvent, type Database, type HandlerContext, payloadOf } from '@pt/platform';
import { ContactsRepository } from '../repositories/contacts.repository';
import { WishlistDropsRepository } from '../repositories/wishlist-drops.repository';
import { FEED_ENTRY_LIMIT } from '../services/alert-feed.service';
import { NOTIFIER_SCHEMA } from '../tokens';

/** Consumer group on wishlist.item-price-dropped. Persisted — never rename. */
export const WISHLIST_DROP_GROUP = 'alert-notifier.wishlist-drops';

/**
 * wishlist.item-price-dropped → the owner's private feed. A drop that arrives after its owner was
 * deleted (the wishlist published it first) is not kept.
 */
@Injectable()
export class WishlistDropConsumer {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly contacts: ContactsRepository,
    private readonly drops: WishlistDropsRepository,
  ) {}

  @OnEvent(Topics.wishlistItemPriceDropped, WISHLIST_DROP_GROUP)
  handle(envelope: EventEnvelope, ctx: HandlerContext): Promise<void> {
    return idempotent(this.db, NOTIFIER_SCHEMA, WISHLIST_DROP_GROUP, async (e, tx) => {
      const drop = payloadOf(Topics.wishlistItemPriceDropped, e);
      if ((await this.contacts.find(tx, drop.userId))?.deleted) return;
      await this.drops.add(
        tx,
        {
          id: e.id,
          userId: drop.userId,
          itemId: drop.itemId,
          productId: drop.productId,
          marketplace: drop.marketplace,
          productTitle: drop.title,
          oldPrice: drop.oldPrice,
          newPrice: drop.newPrice,
          currency: drop.currency,
          observedAt: new Date(drop.observedAt),
        },
        FEED_ENTRY_LIMIT,
      );
    })(envelope, ctx);
  }
}
