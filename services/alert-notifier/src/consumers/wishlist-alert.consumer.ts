import { Inject, Injectable } from '@nestjs/common';
import { Topics, type EventEnvelope } from '@pt/contracts';
import { DATABASE, idempotent, OnEvent, type Database, type HandlerContext, payloadOf } from '@pt/platform';
import { AlertsService } from '../services/alerts.service';
import { NOTIFIER_SCHEMA } from '../tokens';

/** Consumer group on wishlist.item-alert-changed. Persisted — never rename. */
export const WISHLIST_ALERT_GROUP = 'alert-notifier.wishlist-alert';

/** wishlist.item-alert-changed → create (or replace, §4) or remove the wishlist-sourced alert. */
@Injectable()
export class WishlistAlertConsumer {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly alerts: AlertsService,
  ) {}

  @OnEvent(Topics.wishlistItemAlertChanged, WISHLIST_ALERT_GROUP)
  handle(envelope: EventEnvelope, ctx: HandlerContext): Promise<void> {
    return idempotent(this.db, NOTIFIER_SCHEMA, WISHLIST_ALERT_GROUP, async (e, tx) => {
      const payload = payloadOf(Topics.wishlistItemAlertChanged, e);
      await this.alerts.applyWishlistToggle(tx, payload);
    })(envelope, ctx);
  }
}
