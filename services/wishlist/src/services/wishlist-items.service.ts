import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type {
  AddWishlistItemRequest,
  UpdateWishlistItemRequest,
  WishlistDeletedResponse,
  WishlistItemResponse,
} from '@pt/contracts';
import {
  defaultAlertTarget,
  listingKeyOf,
  marketplaceOfProduct,
  MAX_ITEMS_PER_WISHLIST,
  WISHLIST_MESSAGES,
} from '@pt/domain';
import { AppError, CLOCK, DATABASE, type Clock, type Database, type Queryable } from '@pt/platform';
import { WishlistItemsRepository, type ItemRow } from '../repositories/wishlist-items.repository';
import { WishlistsRepository } from '../repositories/wishlists.repository';
import { isOwnId } from './ids';
import { summarized } from './item-summary';
import { WishlistEventsService } from './wishlist-events.service';
import { itemView } from './wishlist-view';
import { WishlistsService } from './wishlists.service';

export const itemNotFound = (): AppError =>
  AppError.notFound(WISHLIST_MESSAGES.itemNotFound, 'item_not_found');
export const wishlistFull = (): AppError =>
  AppError.conflict(WISHLIST_MESSAGES.wishlistFull, 'wishlist_full');
export const alreadyInWishlist = (): AppError =>
  AppError.conflict(WISHLIST_MESSAGES.alreadyInWishlist, 'already_in_wishlist');

/** The §3 snapshot of a new item; its price is the first point of its history. */
export function newItem(input: {
  id: string;
  wishlistId: string;
  userId: string;
  product: Omit<AddWishlistItemRequest, 'notes'> & { notes?: string | undefined };
  position: number;
  now: Date;
}): ItemRow {
  const { product, now } = input;
  // The same listing identity the browser's addItem compares (libs/domain), so both refuse alike.
  const marketplace = marketplaceOfProduct(product);
  return summarized(
    {
      id: input.id,
      wishlistId: input.wishlistId,
      userId: input.userId,
      productId: listingKeyOf(marketplace, product.productId),
      marketplace,
      addedAt: now,
      trackingSince: now,
      notes: product.notes?.trim() || null,
      priceAlert: false,
      targetPrice: null,
      position: input.position,
      title: product.title,
      price: product.price,
      currency: product.currency ?? 'USD',
      image: product.image ?? null,
      url: product.url ?? null,
      source: product.source ?? null,
      shipping: product.shipping ?? null,
      rating: product.rating ?? null,
      reviews: product.reviews ?? null,
      priceWhenAdded: product.price,
      lowestPrice: product.price,
      highestPrice: product.price,
      currentSavings: 0,
      potentialSavings: 0,
      priceObservedAt: now,
    },
    product.price > 0 ? [{ observedAt: now, price: product.price }] : [],
  );
}

/** Items of the user's lists (spec §4, §5, §7): add, move, note, alert, remove. */
@Injectable()
export class WishlistItemsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly lists: WishlistsRepository,
    private readonly items: WishlistItemsRepository,
    private readonly wishlists: WishlistsService,
    private readonly events: WishlistEventsService,
  ) {}

  /** Inserts a new item with its first price point and starts tracking its listing. */
  async insertNew(tx: Queryable, item: ItemRow): Promise<void> {
    await this.items.insert(tx, item);
    if (item.price > 0)
      await this.items.addPrice(tx, item.id, { observedAt: item.addedAt, price: item.price });
    await this.events.tracking(tx, item, true);
    if (item.priceAlert) await this.events.alert(tx, item, true);
  }

  /** POST /wishlists/:id/items: §5 refuses a listing already in that list. */
  async add(userId: string, wishlistId: string, body: AddWishlistItemRequest): Promise<WishlistItemResponse> {
    return this.db.transaction(async (tx) => {
      await this.lists.lockUser(tx, userId);
      const list = await this.wishlists.owned(userId, wishlistId, tx);
      const item = newItem({
        id: randomUUID(),
        wishlistId: list.id,
        userId,
        product: body,
        position: await this.items.nextPosition(tx, list.id),
        now: this.clock.now(),
      });
      if (await this.items.findInList(list.id, item.productId, tx)) throw alreadyInWishlist();
      if ((await this.items.count(tx, list.id)) >= MAX_ITEMS_PER_WISHLIST) throw wishlistFull();
      await this.insertNew(tx, item);
      return { item: await this.view(item, tx), message: WISHLIST_MESSAGES.added };
    });
  }

  /**
   * PATCH /wishlist-items/:itemId. Move: to the end of another of the user's lists (409 when the
   * listing is already there). Alert (§4): on → target 90% of the current price (0 if unknown)
   * unless a target is given; off → target removed. Publishes the alert's new state.
   */
  async update(
    userId: string,
    itemId: string,
    body: UpdateWishlistItemRequest,
  ): Promise<WishlistItemResponse> {
    return this.db.transaction(async (tx) => {
      await this.lists.lockUser(tx, userId);
      const item = await this.owned(userId, itemId, tx);
      let next: ItemRow = { ...item };
      const moving = body.wishlistId !== undefined && body.wishlistId !== item.wishlistId;
      if (moving) {
        const target = await this.wishlists.owned(userId, body.wishlistId as string, tx);
        if (await this.items.findInList(target.id, item.productId, tx)) throw alreadyInWishlist();
        if ((await this.items.count(tx, target.id)) >= MAX_ITEMS_PER_WISHLIST) throw wishlistFull();
        next = { ...next, wishlistId: target.id, position: await this.items.nextPosition(tx, target.id) };
      }
      if (body.notes !== undefined) next.notes = body.notes?.trim() || null;
      const alertOn = body.priceAlert ?? (body.targetPrice !== undefined ? true : item.priceAlert);
      if (alertOn) {
        next.priceAlert = true;
        next.targetPrice =
          body.targetPrice ??
          (item.priceAlert && item.targetPrice !== null ? item.targetPrice : defaultAlertTarget(item.price));
      } else {
        next.priceAlert = false;
        next.targetPrice = null;
      }
      const prices = (await this.items.prices([item.id], tx)).get(item.id) ?? [];
      next = summarized(next, prices);
      await this.items.update(tx, next);
      if (moving) await this.closeUp(tx, item.wishlistId);
      const alertToggled = next.priceAlert !== item.priceAlert;
      if (alertToggled || next.targetPrice !== item.targetPrice || (moving && next.priceAlert))
        await this.events.alert(tx, next, next.priceAlert);
      const message = moving
        ? WISHLIST_MESSAGES.moved
        : alertToggled
          ? next.priceAlert
            ? WISHLIST_MESSAGES.alertOn
            : WISHLIST_MESSAGES.alertOff
          : body.notes !== undefined
            ? WISHLIST_MESSAGES.noteUpdated
            : WISHLIST_MESSAGES.itemUpdated;
      return { item: await this.view(next, tx), message };
    });
  }

  /** DELETE /wishlist-items/:itemId: positions close up; the listing loses this reason to be polled. */
  async remove(userId: string, itemId: string): Promise<WishlistDeletedResponse> {
    return this.db.transaction(async (tx) => {
      await this.lists.lockUser(tx, userId);
      const item = await this.owned(userId, itemId, tx);
      await this.items.delete(tx, userId, item.id);
      await this.closeUp(tx, item.wishlistId);
      await this.events.itemGone(tx, item);
      return { message: WISHLIST_MESSAGES.removed };
    });
  }

  private async owned(userId: string, itemId: string, tx: Queryable): Promise<ItemRow> {
    const item = isOwnId(itemId) ? await this.items.find(userId, itemId, tx) : undefined;
    if (!item) throw itemNotFound();
    return item;
  }

  /** Positions of a list become 0..n-1 again after an item left it. */
  private async closeUp(tx: Queryable, wishlistId: string): Promise<void> {
    const remaining = await this.items.itemsOfList(wishlistId, tx);
    await this.items.setOrder(
      tx,
      wishlistId,
      remaining.map((i) => i.id),
    );
  }

  private async view(item: ItemRow, tx: Queryable) {
    const prices = await this.items.prices([item.id], tx);
    return itemView(item, prices.get(item.id));
  }
}
