import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Topics } from '@pt/contracts';
import {
  DATABASE,
  EVENT_BUS,
  idempotent,
  type Database,
  type EventBus,
  type EventHandler,
  type Subscription,
  payloadOf,
} from '@pt/platform';
import { TrackingService } from '../services/tracking.service';
import { PRICING_SCHEMA } from '../tokens';

/** Consumer group of the tracking set. Persisted — never rename. */
export const TRACKING_GROUP = 'pricing.tracking';

/** tracking.changed (from wishlist and alert-notifier) → the tracking set. */
@Injectable()
export class TrackingChangedConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(DATABASE) private readonly db: Database,
    private readonly tracking: TrackingService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.subscribe(Topics.trackingChanged, TRACKING_GROUP, this.handle);
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  /**
   * Reasons are upserts and deletes, so a replay is harmless anyway; remembering processed ids
   * makes it free. A payload failing its schema goes to the DLQ (the transaction rolls back).
   */
  readonly handle: EventHandler = (envelope, ctx) =>
    idempotent(this.db, PRICING_SCHEMA, TRACKING_GROUP, async (e, tx) => {
      const payload = payloadOf(Topics.trackingChanged, e);
      await this.tracking.apply(payload, tx);
    })(envelope, ctx);
}
