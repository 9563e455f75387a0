import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, sql, typedQueries, type Database } from '@pt/platform';
import type { DB } from './schema';

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
    await typedQueries<DB>(this.db)
      .insertInto('catalog.tracked_reasons')
      .values({
        reason: r.reason,
        owner_id: r.ownerId,
        user_id: r.userId,
        tracked: r.tracked,
        changed_at: r.changedAt,
      })
      .onConflict((c) =>
        c
          .columns(['reason', 'owner_id'])
          .doUpdateSet((eb) => ({
            user_id: eb.ref('excluded.user_id'),
            tracked: eb.ref('excluded.tracked'),
            changed_at: eb.ref('excluded.changed_at'),
          }))
          .where(sql<boolean>`tracked_reasons.changed_at <= EXCLUDED.changed_at`),
      )
      .execute();
  }

  async hasTracked(userId: string): Promise<boolean> {
    const row = await typedQueries<DB>(this.db)
      .selectFrom('catalog.tracked_reasons')
      .select(sql`1`.as('one'))
      .where('user_id', '=', userId)
      .where('tracked', '=', true)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
