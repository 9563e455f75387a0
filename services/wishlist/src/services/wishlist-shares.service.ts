import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { SharedWishlist, SharedWishlistItem, WishlistShareResponse } from '@pt/contracts';
import { AppError, DATABASE, type Database } from '@pt/platform';
import { WishlistItemsRepository, type ItemRow } from '../repositories/wishlist-items.repository';
import { WishlistsRepository } from '../repositories/wishlists.repository';
import { isOwnId } from './ids';
import { wishlistNotFound } from './wishlists.service';

/** base64url of 32 random bytes: 256 bits, far beyond guessing (at least 128 are required). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Only the hash is stored and looked up, so neither a copy of the table nor the time a lookup takes
 * tells anything about a live token: the index compares hashes, which an attacker cannot steer.
 */
const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The app's page of a shared list (the gateway serves it with the list's Open Graph tags). */
export const sharedListPath = (token: string): string => `/shared/${token}`;

export const sharedListNotFound = (): AppError =>
  AppError.notFound(
    'This shared wishlist does not exist or is no longer shared',
    'shared_wishlist_not_found',
  );

/** What a stranger sees of an item: the listing, never the owner's notes, alert or target. */
const sharedItemView = (item: ItemRow): SharedWishlistItem => ({
  productId: item.productId,
  marketplace: item.marketplace,
  title: item.title,
  price: item.price,
  currency: item.currency,
  ...(item.image !== null ? { imageUrl: item.image } : {}),
  ...(item.url !== null ? { url: item.url } : {}),
  ...(item.source !== null ? { source: item.source } : {}),
});

/**
 * Read-only share links of lists. The token exists only in the answer that creates it and in the
 * links people pass on; sharing again replaces it (the old link 404s), revoking removes it.
 */
@Injectable()
export class WishlistSharesService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly lists: WishlistsRepository,
    private readonly items: WishlistItemsRepository,
  ) {}

  /** A new link for the user's own list; another user's list is not found. */
  async share(userId: string, id: string): Promise<WishlistShareResponse> {
    const token = randomBytes(32).toString('base64url');
    const updated = isOwnId(id) && (await this.lists.setShareHash(this.db, userId, id, hashOf(token)));
    if (!updated) throw wishlistNotFound();
    return { shareToken: token, url: sharedListPath(token) };
  }

  /** Ends the list's link (idempotent for the owner); another user's list is not found. */
  async revoke(userId: string, id: string): Promise<void> {
    const updated = isOwnId(id) && (await this.lists.setShareHash(this.db, userId, id, null));
    if (!updated) throw wishlistNotFound();
  }

  /** The list a token opens; malformed, unknown, replaced and revoked tokens are all one 404. */
  async view(token: string): Promise<SharedWishlist> {
    const list = TOKEN_SHAPE.test(token) ? await this.lists.findByShareHash(hashOf(token)) : undefined;
    if (!list) throw sharedListNotFound();
    const items = await this.items.itemsOfList(list.id);
    return { name: list.name, itemCount: items.length, items: items.map(sharedItemView) };
  }
}
