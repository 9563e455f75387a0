import { Inject, Injectable } from '@nestjs/common';
import {
  advisoryLockId,
  DATABASE,
  sql,
  typedQueries,
  type Database,
  type Queryable,
  type Selectable,
} from '@pt/platform';
import type { DB, WishlistsTable } from './schema';

export interface WishlistRow {
  id: string;
  userId: string;
  name: string;
  isDefault: boolean;
  createdAt: Date;
  importKey: string | null;
  /** Whether a share link opens the list now (the link itself is not kept). */
  shared: boolean;
}

const COLUMNS = ['id', 'user_id', 'name', 'is_default', 'created_at', 'import_key'] as const;
// The share link's hash stays in the database; reads only learn whether there is one.
const SHARED = sql<boolean>`share_token_hash IS NOT NULL`.as('shared');

type RawWishlist = Pick<Selectable<WishlistsTable>, (typeof COLUMNS)[number]> & { shared: boolean };

const toWishlist = (r: RawWishlist): WishlistRow => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  isDefault: r.is_default,
  createdAt: r.created_at,
  importKey: r.import_key,
  shared: r.shared,
});

/**
 * wishlist.wishlists. Every read and write names the user: a list of another user is simply not
 * found (spec §6: own rows only; rename and delete scoped by user id).
 */
@Injectable()
export class WishlistsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Serialises one user's changes (positions, default, import) across instances. */
  async lockUser(tx: Queryable, userId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(${advisoryLockId(`wishlist:user:${userId}`)}::bigint)`.execute(
      typedQueries<DB>(tx),
    );
  }

  /** §4: creates "My Wishlist" as the default when the user has none; a race creates one. */
  async ensureDefault(tx: Queryable, userId: string, id: string, name: string, now: Date): Promise<void> {
    await sql`
      INSERT INTO wishlist.wishlists (id, user_id, name, is_default, created_at)
      SELECT ${id}::uuid, ${userId}, ${name}, true, ${now.toISOString()}::timestamptz
       WHERE NOT EXISTS (SELECT 1 FROM wishlist.wishlists WHERE user_id = ${userId} AND is_default)
      ON CONFLICT DO NOTHING`.execute(typedQueries<DB>(tx));
  }

  /** §7: the user's lists, oldest first (in creation order on a tie). */
  async listForUser(userId: string, q: Queryable = this.db): Promise<WishlistRow[]> {
    const rows = await typedQueries<DB>(q)
      .selectFrom('wishlist.wishlists')
      .select([...COLUMNS, SHARED])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('seq')
      .execute();
    return rows.map(toWishlist);
  }

  async count(tx: Queryable, userId: string): Promise<number> {
    const row = await typedQueries<DB>(tx)
      .selectFrom('wishlist.wishlists')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async find(userId: string, id: string, q: Queryable = this.db): Promise<WishlistRow | undefined> {
    const row = await typedQueries<DB>(q)
      .selectFrom('wishlist.wishlists')
      .select([...COLUMNS, SHARED])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? toWishlist(row) : undefined;
  }

  async insert(
    tx: Queryable,
    row: { id: string; userId: string; name: string; createdAt: Date; importKey?: string },
  ): Promise<WishlistRow> {
    const inserted = await typedQueries<DB>(tx)
      .insertInto('wishlist.wishlists')
      .values({
        id: row.id,
        user_id: row.userId,
        name: row.name,
        is_default: false,
        created_at: row.createdAt.toISOString(),
        import_key: row.importKey ?? null,
      })
      .returning([...COLUMNS, SHARED])
      .executeTakeFirstOrThrow();
    return toWishlist(inserted);
  }

  async rename(tx: Queryable, userId: string, id: string, name: string): Promise<void> {
    await typedQueries<DB>(tx)
      .updateTable('wishlist.wishlists')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Makes `id` the user's only default (the old default is cleared first: one default per user). */
  async makeDefault(tx: Queryable, userId: string, id: string): Promise<void> {
    const typed = typedQueries<DB>(tx);
    await typed
      .updateTable('wishlist.wishlists')
      .set({ is_default: false })
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .where('id', '<>', id)
      .execute();
    await typed
      .updateTable('wishlist.wishlists')
      .set({ is_default: true })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Deletes a list and (by cascade) its items. */
  async delete(tx: Queryable, userId: string, id: string): Promise<void> {
    await typedQueries<DB>(tx)
      .deleteFrom('wishlist.wishlists')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  async deleteAllOfUser(tx: Queryable, userId: string): Promise<number> {
    const { numDeletedRows } = await typedQueries<DB>(tx)
      .deleteFrom('wishlist.wishlists')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(numDeletedRows);
  }

  async findByImportKey(tx: Queryable, userId: string, importKey: string): Promise<WishlistRow | undefined> {
    const row = await typedQueries<DB>(tx)
      .selectFrom('wishlist.wishlists')
      .select([...COLUMNS, SHARED])
      .where('user_id', '=', userId)
      .where('import_key', '=', importKey)
      .executeTakeFirst();
    return row ? toWishlist(row) : undefined;
  }

  async setImportKey(tx: Queryable, userId: string, id: string, importKey: string): Promise<void> {
    await typedQueries<DB>(tx)
      .updateTable('wishlist.wishlists')
      .set({ import_key: importKey })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('import_key', 'is', null)
      .execute();
  }

  /** Sets (or replaces) the list's share link; false when the user has no such list. */
  async setShareHash(tx: Queryable, userId: string, id: string, hash: string | null): Promise<boolean> {
    const { numUpdatedRows } = await typedQueries<DB>(tx)
      .updateTable('wishlist.wishlists')
      .set({ share_token_hash: hash })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return numUpdatedRows > 0n;
  }

  /** The list a share link opens, by the token's hash (the unique index finds it). */
  async findByShareHash(hash: string, q: Queryable = this.db): Promise<WishlistRow | undefined> {
    const row = await typedQueries<DB>(q)
      .selectFrom('wishlist.wishlists')
      .select([...COLUMNS, SHARED])
      .where('share_token_hash', '=', hash)
      .executeTakeFirst();
    return row ? toWishlist(row) : undefined;
  }
}
