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
import { AlertsService } from '../services/alerts.service';
import { NOTIFIER_SCHEMA } from '../tokens';

/** Consumer group on wishlist.item-alert-changed. Persisted — never rename. */
export const WISHLIST_ALERT_GROUP = 'alert-notifier.wishlist-alert';

/** wishlist.item-alert-changed → create (or replace, §4) or remove the wishlist-sourced alert. */
@Injectable()
export class WishlistAlertConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(DATABASE) private readonly db: Database,
    private readonly alerts: AlertsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.subscribe(
      Topics.wishlistItemAlertChanged,
      WISHLIST_ALERT_GROUP,
      this.handle,
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  readonly handle: EventHandler = (envelope, ctx) =>
    idempotent(this.db, NOTIFIER_SCHEMA, WISHLIST_ALERT_GROUP, async (e, tx) => {
      const payload = payloadOf(Topics.wishlistItemAlertChanged, e);
      await this.alerts.applyWishlistToggle(tx, payload);
    })(envelope, ctx);
}
