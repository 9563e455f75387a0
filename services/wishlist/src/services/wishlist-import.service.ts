import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ImportWishlistItem, ImportWishlistsRequest, ImportWishlistsResponse } from '@pt/contracts';
import {
  defaultAlertTarget,
  DEFAULT_WISHLIST_ID,
  MAX_ITEMS_PER_WISHLIST,
  MAX_WISHLISTS_PER_USER,
  productIdProblem,
  WISHLIST_MESSAGES,
  WISHLIST_NAME_MAX_LENGTH,
} from '@pt/domain';
import { CLOCK, DATABASE, type Clock, type Database, type Queryable } from '@pt/platform';
import { WishlistItemsRepository, type ItemRow } from '../repositories/wishlist-items.repository';
import { WishlistsRepository, type WishlistRow } from '../repositories/wishlists.repository';
import { summarized } from './item-summary';
import { newItem, WishlistItemsService } from './wishlist-items.service';
import { WishlistsService } from './wishlists.service';

/** A name for an imported list: trimmed and cut to the limit; a blank one gets a neutral name. */
const importedName = (name: string): string =>
  name.trim().slice(0, WISHLIST_NAME_MAX_LENGTH).trim() || 'Imported wishlist';

/**
 * POST /wishlists/import: merges the anonymous browser data into the account, in one
 * transaction. Idempotent — importing the same data again adds nothing:
 * - the local default list merges into the account's default;
 * - another local list merges into the list imported from it before (remembered by its local id),
 *   else into the user's list of the same name (case-insensitive), else becomes a new list;
 * - a listing already in the target list is kept as the server has it (its notes and alert win:
 *   they may have been changed since); new items keep their local notes, alert, target and added date.
 * Items whose id names no listing, and whatever is beyond the account limits (100 lists, 1000 items
 * a list), are skipped and counted in `imported.skipped`.
 */
@Injectable()
export class WishlistImportService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly lists: WishlistsRepository,
    private readonly items: WishlistItemsRepository,
    private readonly wishlists: WishlistsService,
    private readonly itemsService: WishlistItemsService,
  ) {}

  async import(userId: string, data: ImportWishlistsRequest): Promise<ImportWishlistsResponse> {
    return this.db.transaction(async (tx) => {
      await this.lists.lockUser(tx, userId);
      await this.wishlists.ensureDefault(tx, userId);
      let createdLists = 0;
      let createdItems = 0;
      let skipped = 0;
      for (const local of data.wishlists) {
        const target = await this.targetList(tx, userId, local);
        if (!target) {
          skipped += local.items.length;
          continue;
        }
        if (target.created) createdLists++;
        const merged = await this.mergeItems(tx, userId, target.list, local.items);
        createdItems += merged.added;
        skipped += merged.skipped;
      }
      return {
        ...(await this.wishlists.read(userId, tx)),
        message: WISHLIST_MESSAGES.imported,
        imported: { wishlists: createdLists, items: createdItems, skipped },
      };
    });
  }

  private async targetList(
    tx: Queryable,
    userId: string,
    local: ImportWishlistsRequest['wishlists'][number],
  ): Promise<{ list: WishlistRow; created: boolean } | undefined> {
    const mine = await this.lists.listForUser(userId, tx);
    if (local.isDefault === true || local.id === DEFAULT_WISHLIST_ID)
      return { list: mine.find((l) => l.isDefault) as WishlistRow, created: false };
    const byKey = await this.lists.findByImportKey(tx, userId, local.id);
    if (byKey) return { list: byKey, created: false };
    const name = importedName(local.name);
    const byName = mine.find((l) => !l.isDefault && l.name.toLowerCase() === name.toLowerCase());
    if (byName) {
      await this.lists.setImportKey(tx, userId, byName.id, local.id);
      return { list: byName, created: false };
    }
    if (mine.length >= MAX_WISHLISTS_PER_USER) return undefined;
    const list = await this.lists.insert(tx, {
      id: randomUUID(),
      userId,
      name,
      createdAt: this.clock.now(),
      importKey: local.id,
    });
    return { list, created: true };
  }

  private async mergeItems(
    tx: Queryable,
    userId: string,
    list: WishlistRow,
    localItems: readonly ImportWishlistItem[],
  ): Promise<{ added: number; skipped: number }> {
    const present = new Set((await this.items.itemsOfList(list.id, tx)).map((i) => i.productId));
    const ordered = localItems
      .map((item, index) => ({ item, index }))
      .sort((a, b) => (a.item.position ?? a.index) - (b.item.position ?? b.index) || a.index - b.index)
      .map((e) => e.item);
    let added = 0;
    let skipped = 0;
    let position = await this.items.nextPosition(tx, list.id);
    for (const local of ordered) {
      if (productIdProblem(local.productId)) {
        skipped++;
        continue;
      }
      const item = this.fromLocal(local, list.id, userId, position);
      if (present.has(item.productId)) continue;
      if (present.size >= MAX_ITEMS_PER_WISHLIST) {
        skipped++;
        continue;
      }
      present.add(item.productId);
      await this.itemsService.insertNew(tx, item);
      position++;
      added++;
    }
    return { added, skipped };
  }

  private fromLocal(
    local: ImportWishlistItem,
    wishlistId: string,
    userId: string,
    position: number,
  ): ItemRow {
    const now = this.clock.now();
    const price = local.price ?? 0;
    const addedAt = local.addedAt && new Date(local.addedAt) < now ? new Date(local.addedAt) : now;
    const base = newItem({
      id: randomUUID(),
      wishlistId,
      userId,
      product: {
        productId: local.productId,
        marketplace: local.marketplace,
        title: local.title ?? 'Unknown Product',
        price,
        currency: local.currency,
        image: local.image,
        url: local.url,
        source: local.source,
        shipping: local.shipping,
        rating: local.rating,
        reviews: local.reviews,
        notes: local.notes ?? local.note,
      },
      position,
      now: addedAt,
    });
    const alert = local.priceDropAlert === true;
    return summarized(
      {
        ...base,
        priceObservedAt: addedAt,
        priceAlert: alert,
        targetPrice: alert ? (local.targetPrice ?? defaultAlertTarget(price)) : null,
      },
      price > 0 ? [{ observedAt: addedAt, price }] : [],
    );
  }
}
