import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Topics } from '@pt/contracts';
import { EVENT_BUS, type EventBus, type Subscription, payloadOf } from '@pt/platform';
import { TrackedShoppersService } from '../services/tracked-shoppers.service';

/** Consumer group of the catalog on tracking.changed. Persisted in brokers — never rename. */
export const TRACKING_CONSUMER_GROUP = 'catalog.tracking';

/** Keeps the catalog's projection of who tracks something (the reserved floor of the budgets). */
@Injectable()
export class TrackingChangedConsumer implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly shoppers: TrackedShoppersService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await this.bus.subscribe(
      Topics.trackingChanged,
      TRACKING_CONSUMER_GROUP,
      async (envelope) => {
        const { reason, ownerId, userId, tracked } = payloadOf(Topics.trackingChanged, envelope);
        // Events from before the user was carried cannot be placed: the next change of that reason will.
        if (!userId) return;
        await this.shoppers.record({ reason, ownerId, userId, tracked, changedAt: envelope.occurredAt });
      },
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }
}
