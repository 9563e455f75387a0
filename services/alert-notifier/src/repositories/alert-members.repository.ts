import { Injectable } from '@nestjs/common';
import type { GroupMember, MarketplaceId } from '@pt/domain';
import { sql, typedQueries, type Queryable } from '@pt/platform';
import type { DB } from './schema';

/** One listing of an any-marketplace alert's group (alert_notifier.alert_members, migration 011). */
export interface AlertMemberRow extends GroupMember {
  alertId: string;
  title: string;
  url: string | null;
}

export type NewAlertMember = Omit<AlertMemberRow, 'alertId'>;

const T = 'alert_notifier.alert_members';

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
    // The catalog's prices when the alert is set: an event observed before now is older.
    await sql`
      INSERT INTO alert_notifier.alert_members (alert_id, position, listing_key, product_id, marketplace, title,
        url, price, shipping, currency, available, observed_at)
      SELECT ${alertId}, m.position, m.listing_key, m.product_id, m.marketplace, m.title, m.url, m.price,
             m.shipping, m.currency, m.available, ${now}
        FROM unnest(${members.map((_, i) => i)}::int[], ${members.map((m) => m.listingKey)}::text[],
                    ${members.map((m) => m.productId)}::text[], ${members.map((m) => m.marketplace)}::text[],
                    ${members.map((m) => m.title)}::text[], ${members.map((m) => m.url)}::text[],
                    ${members.map((m) => m.price ?? null)}::numeric[], ${members.map((m) => m.shipping ?? null)}::numeric[],
                    ${members.map((m) => m.currency)}::text[], ${members.map((m) => m.available)}::boolean[])
          AS m(position, listing_key, product_id, marketplace, title, url, price, shipping, currency, available)
      ON CONFLICT (alert_id, listing_key) DO NOTHING`.execute(typedQueries<DB>(db));
  }

  /** The members of the alerts, each alert's own listing first. */
  async ofAlerts(db: Queryable, alertIds: readonly string[]): Promise<Map<string, AlertMemberRow[]>> {
    const groups = new Map<string, AlertMemberRow[]>();
    if (alertIds.length === 0) return groups;
    const rows = await typedQueries<DB>(db)
      .selectFrom(T)
      .select([
        'alert_id',
        'listing_key',
        'product_id',
        'marketplace',
        'title',
        'url',
        'price',
        'shipping',
        'currency',
        'available',
      ])
      .where(sql<boolean>`alert_id = ANY(${[...alertIds]}::uuid[])`)
      .orderBy('alert_id')
      .orderBy('position')
      .execute();
    for (const r of rows) {
      const member: AlertMemberRow = {
        alertId: r.alert_id,
        listingKey: r.listing_key,
        productId: r.product_id,
        // Members are the catalog's matches, on marketplaces this build knows.
        marketplace: r.marketplace as MarketplaceId,
        title: r.title,
        url: r.url,
        price: r.price,
        shipping: r.shipping,
        currency: r.currency,
        available: r.available,
      };
      groups.set(member.alertId, [...(groups.get(member.alertId) ?? []), member]);
    }
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
    await typedQueries<DB>(db)
      .updateTable(T)
      .set((eb) => ({
        price: change.price,
        shipping: eb.fn.coalesce(eb.val(change.shipping ?? null), 'shipping'),
        currency: change.currency,
        observed_at: change.observedAt,
      }))
      .where('listing_key', '=', listingKey)
      .where((eb) => eb.or([eb('observed_at', 'is', null), eb('observed_at', '<', change.observedAt)]))
      .execute();
  }

  /** listing.availability-changed in every group the listing is in; an older event changes nothing. */
  async recordAvailability(db: Queryable, listingKey: string, available: boolean, at: Date): Promise<void> {
    await typedQueries<DB>(db)
      .updateTable(T)
      .set({ available, availability_at: at })
      .where('listing_key', '=', listingKey)
      .where((eb) => eb.or([eb('availability_at', 'is', null), eb('availability_at', '<', at)]))
      .execute();
  }
}
