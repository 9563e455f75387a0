import { randomUUID } from 'node:crypto';
import { createEventEnvelope, Topics } from '@pt/contracts';
import { convertCurrency, type MarketplaceId } from '@pt/domain';
import { addToOutbox, type Queryable } from '@pt/platform';
import type { AlertMembersRepository, NewAlertMember } from '../repositories/alert-members.repository';
import type { AlertRow } from '../repositories/alerts.repository';
import { NOTIFIER_SCHEMA } from '../tokens';

/**
 * `tracking.changed` for an alert, in the caller's transaction (outbox): pricing polls a listing
 * while it has a reason, and polls it hourly when an alert target is near. The target travels in
 * the listing's own currency, the one pricing compares with.
 */
export async function publishTracking(
  tx: Queryable,
  alert: Pick<
    AlertRow,
    | 'id'
    | 'userId'
    | 'listingKey'
    | 'productId'
    | 'marketplace'
    | 'targetPrice'
    | 'currency'
    | 'sourceCurrency'
  >,
  tracked: boolean,
  now: Date,
): Promise<void> {
  let target = alert.targetPrice;
  if (alert.sourceCurrency && alert.sourceCurrency !== alert.currency && target > 0) {
    const converted = convertCurrency(target, alert.currency, alert.sourceCurrency);
    target = converted.ok ? converted.value.convertedAmount : 0;
  }
  const envelope = createEventEnvelope(
    Topics.trackingChanged,
    {
      productId: alert.productId,
      marketplace: alert.marketplace as MarketplaceId,
      reason: 'alert',
      ownerId: alert.id,
      userId: alert.userId,
      tracked,
      ...(tracked && target > 0 ? { targetPrice: target } : {}),
    },
    { id: randomUUID(), occurredAt: now.toISOString(), key: alert.listingKey },
  );
  await addToOutbox(tx, NOTIFIER_SCHEMA, Topics.trackingChanged, envelope);
}

/**
 * tracking.changed for the alert's listing and, for an any-marketplace alert, every other member
 * of its group: pricing polls each of them while the alert is on (reference-counted per listing,
 * so a member shared with another reason stays polled). `group` when the caller has it in hand;
 * otherwise it is read, so call this before deleting the alert (its members go with it).
 */
export async function trackAlert(
  tx: Queryable,
  members: AlertMembersRepository,
  alert: AlertRow,
  tracked: boolean,
  now: Date,
  group?: readonly NewAlertMember[],
): Promise<void> {
  await publishTracking(tx, alert, tracked, now);
  if (alert.scope !== 'any_marketplace') return;
  const listings = group ?? (await members.ofAlerts(tx, [alert.id])).get(alert.id) ?? [];
  for (const m of listings)
    if (m.listingKey !== alert.listingKey)
      await publishTracking(
        tx,
        {
          ...alert,
          listingKey: m.listingKey,
          productId: m.productId,
          marketplace: m.marketplace,
          sourceCurrency: m.currency,
        },
        tracked,
        now,
      );
}
