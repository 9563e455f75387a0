import { Injectable } from '@nestjs/common';
import type { GroupMember, MarketplaceId } from '@pt/domain';
import type { Queryable } from '@pt/platform';

/** One listing of an any-marketplace alert's group (alert_notifier.alert_members, migration 011). */
export interface AlertMemberRow extends GroupMember {
  alertId: string;
  title: string;
  url: string | null;
}

export type NewAlertMember = Omit<AlertMemberRow, 'alertId'>;

const T = 'alert_notifier.alert_members';
const COLUMNS = `alert_id AS "alertId", listing_key AS "listingKey", product_id AS "productId",
  marketplace, title, url, price, shipping, currency, available`;

const toRow = (row: AlertMemberRow): AlertMemberRow => ({
  ...row,
  marketplace: row.marketplace as MarketplaceId,
  price: row.price === null || row.price === undefined ? null : Number(row.price),
  shipping: row.shipping === null || row.shipping === undefined ? null : Number(row.shipping),
});

/** SQL of the groups of any-marketplace alerts; every call runs on the caller's transaction. */
@Injectable()
export class AlertMembersRepository {
  async insertMany(
    db: Queryable,
    alertId: string,
    members: readonly NewAlertMember[],
    now: Date,
  ): Promise<void> {
    if (members.length === 0) return;
    await db.query(
      `INSERT INTO ${T} (alert_id, position, listing_key, product_id, marketplace, title, url, price,
         shipping, currency, available, observed_at)
       SELECT $1, m.position, m.listing_key, m.product_id, m.marketplace, m.title, m.url, m.price,
         m.shipping, m.currency, m.available, $11
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                     $8::numeric[], $9::numeric[], $10::text[], $12::boolean[])
           AS m(position, listing_key, product_id, marketplace, title, url, price, shipping, currency, available)
       ON CONFLICT (alert_id, listing_key) DO NOTHING`,
      [
        alertId,
        members.map((_, i) => i),
        members.map((m) => m.listingKey),
        members.map((m) => m.productId),
        members.map((m) => m.marketplace),
        members.map((m) => m.title),
        members.map((m) => m.url),
        members.map((m) => m.price ?? null),
        members.map((m) => m.shipping ?? null),
        members.map((m) => m.currency),
        // The catalog's prices when the alert is set: an event observed before now is older.
        now,
        members.map((m) => m.available),
      ],
    );
  }

  /** The members of the alerts, each alert's own listing first. */
  async ofAlerts(db: Queryable, alertIds: readonly string[]): Promise<Map<string, AlertMemberRow[]>> {
    const groups = new Map<string, AlertMemberRow[]>();
    if (alertIds.length === 0) return groups;
    const { rows } = await db.query<AlertMemberRow>(
      `SELECT ${COLUMNS} FROM ${T} WHERE alert_id = ANY($1::uuid[]) ORDER BY alert_id, position`,
      [alertIds],
    );
    for (const row of rows.map(toRow)) groups.set(row.alertId, [...(groups.get(row.alertId) ?? []), row]);
    return groups;
  }

  /**
   * A price.changed of the listing, in every group it is in: its price, its shipping when the event
   * says it (else the one known), and its currency. An event observed before the price recorded
   * (redelivered late, out of order) changes nothing. The caller holds the alerts' locks.
   */
  async recordPrice(
    db: Queryable,
    listingKey: string,
    change: { price: number; shipping?: number; currency: string; observedAt: Date },
  ): Promise<void> {
    await db.query(
      `UPDATE ${T} SET price = $2, shipping = coalesce($3, shipping), currency = $4, observed_at = $5
        WHERE listing_key = $1 AND (observed_at IS NULL OR observed_at < $5)`,
      [listingKey, change.price, change.shipping ?? null, change.currency, change.observedAt],
    );
  }

  /** listing.availability-changed in every group the listing is in; an older event changes nothing. */
  async recordAvailability(db: Queryable, listingKey: string, available: boolean, at: Date): Promise<void> {
    await db.query(
      `UPDATE ${T} SET available = $2, availability_at = $3
        WHERE listing_key = $1 AND (availability_at IS NULL OR availability_at < $3)`,
      [listingKey, available, at],
    );
  }
}
