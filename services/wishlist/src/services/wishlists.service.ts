import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type {
  StoredWishlist,
  UpdatePositionsRequest,
  UpdateWishlistRequest,
  WishlistDeletedResponse,
  WishlistResponse,
  WishlistsResponse,
} from '@pt/contracts';
import { DEFAULT_WISHLIST_NAME, MAX_WISHLISTS_PER_USER, WISHLIST_MESSAGES } from '@pt/domain';
import { AppError, CLOCK, DATABASE, type Clock, type Database, type Queryable } from '@pt/platform';
import { WishlistItemsRepository } from '../repositories/wishlist-items.repository';
import { WishlistsRepository, type WishlistRow } from '../repositories/wishlists.repository';
import { isOwnId } from './ids';
import { WishlistEventsService } from './wishlist-events.service';
import { wishlistView } from './wishlist-view';

export const wishlistNotFound = (): AppError =>
  AppError.notFound(WISHLIST_MESSAGES.wishlistNotFound, 'wishlist_not_found');

/**
 * The user's wishlists (spec §4, §6, §7): read, create, rename, default, delete, reorder,
 * erase. Every call names the verified user; another user's list is not found.
 */
@Injectable()
export class WishlistsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly lists: WishlistsRepository,
    private readonly items: WishlistItemsRepository,
    private readonly events: WishlistEventsService,
  ) {}

  /** §4: a user with no list gets "My Wishlist" as the default on first use. */
  async ensureDefault(tx: Queryable, userId: string): Promise<void> {
    await this.lists.ensureDefault(tx, userId, randomUUID(), DEFAULT_WISHLIST_NAME, this.clock.now());
  }

  /** GET /wishlists: lists by created_at, items by position. */
  async collection(userId: string): Promise<WishlistsResponse> {
    await this.db.transaction((tx) => this.ensureDefault(tx, userId));
    return this.read(userId);
  }

  async read(userId: string, q: Queryable = this.db): Promise<WishlistsResponse> {
    const lists = await this.lists.listForUser(userId, q);
    const items = await this.items.itemsOfUser(userId, q);
    const prices = await this.items.prices(
      items.map((i) => i.id),
      q,
    );
    const wishlists = lists.map((l) => wishlistView(l, items, prices));
    return { wishlists, defaultWishlistId: lists.find((l) => l.isDefault)?.id ?? '' };
  }

  /** One list of the user with its items; 404 for anyone else's. */
  async one(userId: string, id: string, q: Queryable = this.db): Promise<StoredWishlist> {
    const list = await this.owned(userId, id, q);
    const items = await this.items.itemsOfList(list.id, q);
    const prices = await this.items.prices(
      items.map((i) => i.id),
      q,
    );
    return wishlistView(list, items, prices);
  }

  async owned(userId: string, id: string, q: Queryable = this.db): Promise<WishlistRow> {
    const list = isOwnId(id) ? await this.lists.find(userId, id, q) : undefined;
    if (!list) throw wishlistNotFound();
    return list;
  }

  /** POST /wishlists: a new (not default) list; duplicate names are allowed. */
  async create(userId: string, name: string): Promise<WishlistResponse> {
    return this.db.transaction(async (tx) => {
      await this.lists.lockUser(tx, userId);
      await this.ensureDefault(tx, userId);
      if ((await this.lists.count(tx, userId)) >= MAX_WISHLISTS_PER_USER)
        throw AppError.conflict(WISHLIST_MESSAGES.tooManyWishlists, 'too_many_wishlists');
      const list = await this.lists.insert(tx, {
        id: randomUUID(),
        userId,
        name,
        createdAt: this.clock.now(),
      });
      return { wishlist: wishlistView(list, [], new Map()), message: WISHLIST_MESSAGES.created(name) };
    });
  }

  /**
   * PATCH /wishlists/:id: rename and/or make it the default. There is always exactly one default:
   * un-defaulting the default is refused (make another one the default instead).
   */
  async update(userId: string, id: string, body: UpdateWishlistRequest): Promise<WishlistResponse> {
    return this.db.transaction(async (tx) => {
      await this.lists.lockUser(tx, userId);
      const list = await this.owned(userId, id, tx);
      if (body.isDefault === false && list.isDefault)
        throw AppError.conflict(WISHLIST_MESSAGES.defaultRequired, 'default_required');
      if (body.name !== undefined) await this.lists.rename(tx, userId, id, body.name);
      if (body.isDefault === true && !list.isDefault) await this.lists.makeDefault(tx, userId, id);
      return {
        wishlist: await this.one(userId, id, tx),
        message: body.name !== undefined ? WISHLIST_MESSAGES.renamed : WISHLIST_MESSAGES.defaultChanged,
      };
    });
  }

  /** DELETE /wishlists/:id: never the default (§5); its items go with it and stop being tracked. */
  async remove(userId: string, id: string): Promise<WishlistDeletedResponse> {
    return this.db.transaction(async (tx) => {
      await this.lists.lockUser(tx, userId);
      const list = await this.owned(userId, id, tx);
      if (list.isDefault)
        throw AppError.conflict(WISHLIST_MESSAGES.cannotDeleteDefault, 'cannot_delete_default');
      const items = await this.items.itemsOfList(id, tx);
      await this.lists.delete(tx, userId, id);
      for (const item of items) await this.events.itemGone(tx, item);
      const remaining = await this.lists.listForUser(userId, tx);
      const fallback = remaining.find((l) => l.isDefault)?.id ?? remaining[0]?.id;
      return {
        message: WISHLIST_MESSAGES.deleted,
        ...(fallback ? { defaultWishlistId: fallback } : {}),
      };
    });
  }

  /**
   * PUT /wishlists/:id/positions (§7 update_wishlist_item_positions), in one transaction. Every
   * named item must be in this list (else 400 and nothing changes). Items not named keep their
   * place relative to the others; positions end up 0..n-1.
   */
  async reorder(userId: string, id: string, updates: UpdatePositionsRequest): Promise<WishlistResponse> {
    return this.db.transaction(async (tx) => {
      await this.lists.lockUser(tx, userId);
      const list = await this.owned(userId, id, tx);
      const items = await this.items.itemsOfList(list.id, tx);
      const wanted = new Map(updates.map((u) => [u.itemId, u.position]));
      const known = new Set(items.map((i) => i.id));
      if ([...wanted.keys()].some((itemId) => !known.has(itemId)))
        throw AppError.badRequest(WISHLIST_MESSAGES.unknownPositionItem, undefined, 'invalid_positions');
      const ordered = items
        .map((item, index) => ({
          item,
          index,
          named: wanted.has(item.id),
          position: wanted.get(item.id) ?? item.position,
        }))
        .sort((a, b) => a.position - b.position || Number(b.named) - Number(a.named) || a.index - b.index)
        .map((e) => e.item.id);
      await this.items.setOrder(tx, list.id, ordered);
      return { wishlist: await this.one(userId, id, tx), message: WISHLIST_MESSAGES.reordered };
    });
  }

  /** auth.user-changed {deleted}: the user's lists and items are erased and stop being tracked. */
  async eraseUser(tx: Queryable, userId: string): Promise<number> {
    await this.lists.lockUser(tx, userId);
    const items = await this.items.itemsOfUser(userId, tx);
    const erased = await this.lists.deleteAllOfUser(tx, userId);
    for (const item of items) await this.events.itemGone(tx, item);
    return erased;
  }
}
