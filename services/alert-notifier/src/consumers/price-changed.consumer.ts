import { Inject, Injectable } from '@nestjs/common';
import { Topics, type EventEnvelope } from '@pt/contracts';
import { DATABASE, idempotent, OnEvent, type Database, type HandlerContext, payloadOf } from '@pt/platform';
import { AlertEvaluationService } from '../services/alert-evaluation.service';
import { EmailQueueService } from '../services/email-queue.service';
import { NOTIFIER_SCHEMA } from '../tokens';

/** Consumer group on price.changed. Persisted (offsets, processed_events) — never rename. */
export const PRICE_CHANGED_GROUP = 'alert-notifier.price-changed';

/**
 * price.changed → evaluate the listing's alerts. The evaluation and the
 * processed-event record share one transaction, so a redelivery changes nothing; the emails are
 * enqueued only after it commits (a rolled-back crossing never mails). Should the enqueue fail,
 * the rows stay pending and the sweeper queues them.
 */
@Injectable()
export class PriceChangedConsumer {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly evaluation: AlertEvaluationService,
    private readonly emails: EmailQueueService,
  ) {}

  @OnEvent(Topics.priceChanged, PRICE_CHANGED_GROUP)
  async handle(envelope: EventEnvelope, ctx: HandlerContext): Promise<void> {
    const toSend: string[] = [];
    await idempotent(this.db, NOTIFIER_SCHEMA, PRICE_CHANGED_GROUP, async (e, tx) => {
      const payload = payloadOf(Topics.priceChanged, e);
      toSend.push(...(await this.evaluation.onPriceChanged(tx, payload)));
    })(envelope, ctx);
    await this.emails.enqueuePriceDrops(toSend);
  }
}
