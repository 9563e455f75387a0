import { Injectable } from '@nestjs/common';
import type { Queryable } from '@pt/platform';

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
    const { rows } = await db.query<{ available: boolean }>(
      `SELECT available FROM ${T} WHERE listing_key = $1`,
      [listingKey],
    );
    return rows[0]?.available;
  }

  /**
   * Records the event's availability unless a change as new or newer is recorded already. The row
   * is locked, so two consumers of one listing's events take turns.
   */
  async record(db: Queryable, listingKey: string, available: boolean, at: Date): Promise<AvailabilityChange> {
    const { rows: before } = await db.query<{ changed_at: Date; unavailable_since: Date | null }>(
      `SELECT changed_at, unavailable_since FROM ${T} WHERE listing_key = $1 FOR UPDATE`,
      [listingKey],
    );
    const previous = before[0];
    if (previous && new Date(previous.changed_at).getTime() >= at.getTime()) return { applied: false };
    await db.query(
      `INSERT INTO ${T} AS a (listing_key, available, changed_at, unavailable_since)
       VALUES ($1, $2, $3, CASE WHEN $2 THEN NULL ELSE $3::timestamptz END)
       ON CONFLICT (listing_key) DO UPDATE SET available = $2, changed_at = $3,
         unavailable_since = CASE WHEN $2 THEN NULL ELSE COALESCE(a.unavailable_since, $3::timestamptz) END`,
      [listingKey, available, at],
    );
    return {
      applied: true,
      ...(available && previous?.unavailable_since
        ? { unavailableSince: new Date(previous.unavailable_since) }
        : {}),
    };
  }
}
