import { Injectable } from '@nestjs/common';
import type { PriceChangedPayload } from '@pt/contracts';
import { listingKeyOf } from '@pt/domain';
import type { Queryable } from '@pt/platform';
import { WishlistItemsRepository, type ItemRow } from '../repositories/wishlist-items.repository';
import { summarized } from './item-summary';
import { WishlistEventsService } from './wishlist-events.service';

/**
 * price.changed → every item holding that listing (in any user's list): its current price, the
 * price point and the §9 summary. Applying the same observation twice changes nothing (a price
 * point per observation time), an observation older than the item or than its current price does
 * not replace it, and a price in another currency starts the item's history afresh (prices in two
 * currencies cannot be compared). A newer price below the item's publishes the item's drop.
 */
@Injectable()
export class ItemPricesService {
  constructor(
    private readonly items: WishlistItemsRepository,
    private readonly events: WishlistEventsService,
  ) {}

  /** Returns how many items changed. */
  async apply(tx: Queryable, change: PriceChangedPayload): Promise<number> {
    const key = listingKeyOf(change.marketplace, change.productId);
    const observedAt = new Date(change.observedAt);
    let changed = 0;
    for (const item of await this.items.lockByListing(tx, key)) {
      if (observedAt < item.addedAt) continue;
      if (await this.applyTo(tx, item, change.newPrice, change.currency, observedAt)) changed++;
    }
    return changed;
  }

  private async applyTo(
    tx: Queryable,
    item: ItemRow,
    price: number,
    currency: string,
    observedAt: Date,
  ): Promise<boolean> {
    if (currency !== item.currency) {
      if (observedAt <= item.priceObservedAt) return false;
      await this.items.clearPrices(tx, item.id);
      await this.items.addPrice(tx, item.id, { observedAt, price });
      const rebased: ItemRow = {
        ...item,
        price,
        currency,
        priceWhenAdded: price,
        priceObservedAt: observedAt,
        trackingSince: observedAt,
      };
      await this.items.update(tx, summarized(rebased, [{ observedAt, price }]));
      return true;
    }
    if (!(await this.items.addPrice(tx, item.id, { observedAt, price }))) return false;
    const newer = observedAt >= item.priceObservedAt;
    const next: ItemRow = newer ? { ...item, price, priceObservedAt: observedAt } : item;
    // Only a drop from the price the item showed: a late, older observation tells the feed nothing.
    if (newer && price < item.price) await this.events.priceDropped(tx, item, price, observedAt);
    const points = (await this.items.prices([item.id], tx)).get(item.id) ?? [];
    await this.items.update(tx, summarized(next, points));
    return true;
  }
}
