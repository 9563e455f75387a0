import { Injectable } from '@nestjs/common';
import { Topics, type EventEnvelope } from '@pt/contracts';
import { OnEvent, payloadOf } from '@pt/platform';
import { TrackedShoppersService } from '../services/tracked-shoppers.service';

/** Consumer group of the catalog on tracking.changed. Persisted in brokers — never rename. */
export const TRACKING_CONSUMER_GROUP = 'catalog.tracking';

/** Keeps the catalog's projection of who tracks something (the reserved floor of the budgets). */
@Injectable()
export class TrackingChangedConsumer {
  constructor(private readonly shoppers: TrackedShoppersService) {}

  @OnEvent(Topics.trackingChanged, TRACKING_CONSUMER_GROUP)
  async handle(envelope: EventEnvelope): Promise<void> {
    const { reason, ownerId, userId, tracked } = payloadOf(Topics.trackingChanged, envelope);
    // Events from before the user was carried cannot be placed: the next change of that reason will.
    if (!userId) return;
    await this.shoppers.record({ reason, ownerId, userId, tracked, changedAt: envelope.occurredAt });
  }
}
