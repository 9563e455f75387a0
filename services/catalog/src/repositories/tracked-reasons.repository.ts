import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@pt/platform';
import { CATALOG_SCHEMA } from './products-cache.repository';

const TABLE = `"${CATALOG_SCHEMA}".tracked_reasons`;

export interface TrackedReason {
  reason: 'wishlist' | 'alert';
  ownerId: string;
  userId: string;
  tracked: boolean;
  changedAt: string;
}

/** Which users hold a tracked reason (a wishlist item or an active alert), from `tracking.changed`. */
@Injectable()
export class TrackedReasonsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Keeps the newest state of a reason: a redelivered or late older event changes nothing. */
  async save(r: TrackedReason): Promise<void> {
    await this.db.query(
      `INSERT INTO ${TABLE} (reason, owner_id, user_id, tracked, changed_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (reason, owner_id) DO UPDATE
         SET user_id = EXCLUDED.user_id, tracked = EXCLUDED.tracked, changed_at = EXCLUDED.changed_at
       WHERE tracked_reasons.changed_at <= EXCLUDED.changed_at`,
      [r.reason, r.ownerId, r.userId, r.tracked, r.changedAt],
    );
  }

  async hasTracked(userId: string): Promise<boolean> {
    const { rows } = await this.db.query(`SELECT 1 FROM ${TABLE} WHERE user_id = $1 AND tracked LIMIT 1`, [
      userId,
    ]);
    return rows.length > 0;
  }
}
