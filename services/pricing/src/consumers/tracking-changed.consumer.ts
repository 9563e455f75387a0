import { Inject, Injectable } from '@nestjs/common';
import { Topics, type EventEnvelope } from '@pt/contracts';
import { DATABASE, idempotent, OnEvent, type Database, type HandlerContext, payloadOf } from '@pt/platform';
import { TrackingService } from '../services/tracking.service';
import { PRICING_SCHEMA } from '../tokens';

/** Consumer group of the tracking set. Persisted — never rename. */
export const TRACKING_GROUP = 'pricing.tracking';

/** tracking.changed (from wishlist and alert-notifier) → the tracking set. */
@Injectable()
export class TrackingChangedConsumer {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly tracking: TrackingService,
  ) {}

  /**
   * Reasons are upserts and deletes, so a replay is harmless anyway; remembering processed ids
   * makes it free. A payload failing its schema goes to the DLQ (the transaction rolls back).
   */
  @OnEvent(Topics.trackingChanged, TRACKING_GROUP)
  handle(envelope: EventEnvelope, ctx: HandlerContext): Promise<void> {
    return idempotent(this.db, PRICING_SCHEMA, TRACKING_GROUP, async (e, tx) => {
      const payload = payloadOf(Topics.trackingChanged, e);
      await this.tracking.apply(payload, tx);
    })(envelope, ctx);
  }
}
