import { Injectable } from '@nestjs/common';
import { sql, typedQueries, type Queryable } from '@pt/platform';
import type { DB } from './schema';

const T = 'alert_notifier.listing_availability';

/** What a newer availability event changed: applied, and since when the listing had been gone. */
export interface AvailabilityChange {
  /** False when the table already holds a change at or after this one (late or repeated event). */
  applied: boolean;
  /** available: when the listing was first seen gone, if it was. */
  unavailableSince?: Date;
}

/** Listings' availability as pricing last reported it (migration 009). */
@Injectable()
export class ListingAvailabilityRepository {
  /** The listing's last reported availability; undefined when never reported (presumed available). */
  async find(db: Queryable, listingKey: string): Promise<boolean | undefined> {
    const row = await typedQueries<DB>(db)
      .selectFrom(T)
      .select('available')
      .where('listing_key', '=', listingKey)
      .executeTakeFirst();
    return row?.available;
  }

  /**
   * Records the event's availability unless a change as new or newer is recorded already. The row
   * is locked, so two consumers of one listing's events take turns.
   */
  async record(db: Queryable, listingKey: string, available: boolean, at: Date): Promise<AvailabilityChange> {
    const previous = await typedQueries<DB>(db)
      .selectFrom(T)
      .select(['changed_at', 'unavailable_since'])
      .where('listing_key', '=', listingKey)
      .forUpdate()
      .executeTakeFirst();
    if (previous && previous.changed_at.getTime() >= at.getTime()) return { applied: false };
    await sql`
      INSERT INTO alert_notifier.listing_availability AS a (listing_key, available, changed_at, unavailable_since)
      VALUES (${listingKey}, ${available}, ${at}, CASE WHEN ${available}::boolean THEN NULL ELSE ${at}::timestamptz END)
      ON CONFLICT (listing_key) DO UPDATE SET available = EXCLUDED.available, changed_at = EXCLUDED.changed_at,
        unavailable_since = CASE WHEN EXCLUDED.available THEN NULL
                                 ELSE COALESCE(a.unavailable_since, EXCLUDED.changed_at) END`.execute(
      typedQueries<DB>(db),
    );
    return {
      applied: true,
      ...(available && previous?.unavailable_since ? { unavailableSince: previous.unavailable_since } : {}),
    };
  }
}
