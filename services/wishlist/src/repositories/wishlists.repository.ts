import { Inject, Injectable } from '@nestjs/common';
import { advisoryLockId, DATABASE, type Database, type Queryable } from '@pt/platform';

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

interface RawWishlist {
  id: string;
  user_id: string;
  name: string;
  is_default: boolean;
  created_at: Date | string;
  import_key: string | null;
  shared: boolean;
}

const toWishlist = (r: RawWishlist): WishlistRow => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  isDefault: r.is_default,
  createdAt: new Date(r.created_at),
  importKey: r.import_key,
  shared: r.shared,
});

const COLUMNS =
  'id, user_id, name, is_default, created_at, import_key, share_token_hash IS NOT NULL AS shared';

/**
 * wishlist.wishlists. Every read and write names the user: a list of another user is simply not
 * found (spec §6: own rows only; rename and delete scoped by user id).
 */
@Injectable()
export class WishlistsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Serialises one user's changes (positions, default, import) across instances. */
  async lockUser(tx: Queryable, userId: string): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [advisoryLockId(`wishlist:user:${userId}`)]);
  }

  /** §4: creates "My Wishlist" as the default when the user has none; a race creates one. */
  async ensureDefault(tx: Queryable, userId: string, id: string, name: string, now: Date): Promise<void> {
    await tx.query(
      `INSERT INTO wishlist.wishlists (id, user_id, name, is_default, created_at)
       SELECT $1, $2, $3, true, $4
        WHERE NOT EXISTS (SELECT 1 FROM wishlist.wishlists WHERE user_id = $2 AND is_default)
       ON CONFLICT DO NOTHING`,
      [id, userId, name, now.toISOString()],
    );
  }

  /** §7: the user's lists, oldest first (in creation order on a tie). */
  async listForUser(userId: string, q: Queryable = this.db): Promise<WishlistRow[]> {
    const { rows } = await q.query<RawWishlist>(
      `SELECT ${COLUMNS} FROM wishlist.wishlists WHERE user_id = $1 ORDER BY created_at, seq`,
      [userId],
    );
    return rows.map(toWishlist);
  }

  async count(tx: Queryable, userId: string): Promise<number> {
    const { rows } = await tx.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM wishlist.wishlists WHERE user_id = $1`,
      [userId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async find(userId: string, id: string, q: Queryable = this.db): Promise<WishlistRow | undefined> {
    const { rows } = await q.query<RawWishlist>(
      `SELECT ${COLUMNS} FROM wishlist.wishlists WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return rows[0] ? toWishlist(rows[0]) : undefined;
  }

  async insert(
    tx: Queryable,
    row: { id: string; userId: string; name: string; createdAt: Date; importKey?: string },
  ): Promise<WishlistRow> {
    const { rows } = await tx.query<RawWishlist>(
      `INSERT INTO wishlist.wishlists (id, user_id, name, is_default, created_at, import_key)
       VALUES ($1, $2, $3, false, $4, $5) RETURNING ${COLUMNS}`,
      [row.id, row.userId, row.name, row.createdAt.toISOString(), row.importKey ?? null],
    );
    return toWishlist(rows[0] as RawWishlist);
  }

  async rename(tx: Queryable, userId: string, id: string, name: string): Promise<void> {
    await tx.query(`UPDATE wishlist.wishlists SET name = $3 WHERE id = $1 AND user_id = $2`, [
      id,
      userId,
      name,
    ]);
  }

  /** Makes `id` the user's only default (the old default is cleared first: one default per user). */
  async makeDefault(tx: Queryable, userId: string, id: string): Promise<void> {
    await tx.query(
      `UPDATE wishlist.wishlists SET is_default = false WHERE user_id = $1 AND is_default AND id <> $2`,
      [userId, id],
    );
    await tx.query(`UPDATE wishlist.wishlists SET is_default = true WHERE id = $1 AND user_id = $2`, [
      id,
      userId,
    ]);
  }

  /** Deletes a list and (by cascade) its items. */
  async delete(tx: Queryable, userId: string, id: string): Promise<void> {
    await tx.query(`DELETE FROM wishlist.wishlists WHERE id = $1 AND user_id = $2`, [id, userId]);
  }

  async deleteAllOfUser(tx: Queryable, userId: string): Promise<number> {
    const { rowCount } = await tx.query(`DELETE FROM wishlist.wishlists WHERE user_id = $1`, [userId]);
    return rowCount;
  }

  async findByImportKey(tx: Queryable, userId: string, importKey: string): Promise<WishlistRow | undefined> {
    const { rows } = await tx.query<RawWishlist>(
      `SELECT ${COLUMNS} FROM wishlist.wishlists WHERE user_id = $1 AND import_key = $2`,
      [userId, importKey],
    );
    return rows[0] ? toWishlist(rows[0]) : undefined;
  }

  async setImportKey(tx: Queryable, userId: string, id: string, importKey: string): Promise<void> {
    await tx.query(
      `UPDATE wishlist.wishlists SET import_key = $3 WHERE id = $1 AND user_id = $2 AND import_key IS NULL`,
      [id, userId, importKey],
    );
  }

  /** Sets (or replaces) the list's share link; false when the user has no such list. */
  async setShareHash(tx: Queryable, userId: string, id: string, hash: string | null): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE wishlist.wishlists SET share_token_hash = $3 WHERE id = $1 AND user_id = $2`,
      [id, userId, hash],
    );
    return rowCount > 0;
  }

  /** The list a share link opens, by the token's hash (the unique index finds it). */
  async findByShareHash(hash: string, q: Queryable = this.db): Promise<WishlistRow | undefined> {
    const { rows } = await q.query<RawWishlist>(
      `SELECT ${COLUMNS} FROM wishlist.wishlists WHERE share_token_hash = $1`,
      [hash],
    );
    return rows[0] ? toWishlist(rows[0]) : undefined;
  }
}
