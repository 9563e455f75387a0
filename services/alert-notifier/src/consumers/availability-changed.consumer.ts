import { Inject, Injectable } from '@nestjs/common';
import { Topics, type EventEnvelope } from '@pt/contracts';
import { DATABASE, idempotent, OnEvent, type Database, type HandlerContext, payloadOf } from '@pt/platform';
import { AlertEvaluationService } from '../services/alert-evaluation.service';
import { EmailQueueService } from '../services/email-queue.service';
import { NOTIFIER_SCHEMA } from '../tokens';

/** Consumer group on listing.availability-changed. Persisted (offsets, processed_events) — never rename. */
export const AVAILABILITY_CHANGED_GROUP = 'alert-notifier.availability-changed';

/**
 * listing.availability-changed → the listing's back-in-stock alerts, as PriceChangedConsumer does
 * for price alerts: evaluation and processed-event record in one transaction, emails enqueued after
 * it commits.
 */
@Injectable()
export class AvailabilityChangedConsumer {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly evaluation: AlertEvaluationService,
    private readonly emails: EmailQueueService,
  ) {}

  @OnEvent(Topics.listingAvailabilityChanged, AVAILABILITY_CHANGED_GROUP)
  async handle(envelope: EventEnvelope, ctx: HandlerContext): Promise<void> {
    const toSend: string[] = [];
    await idempotent(this.db, NOTIFIER_SCHEMA, AVAILABILITY_CHANGED_GROUP, async (e, tx) => {
      const payload = payloadOf(Topics.listingAvailabilityChanged, e);
      toSend.push(...(await this.evaluation.onAvailabilityChanged(tx, payload)));
    })(envelope, ctx);
    await this.emails.enqueuePriceDrops(toSend);
  }
}
