import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { Topics, type EventEnvelope } from '@pt/contracts';
import { LOGGER, OnEvent, PoisonMessageError, type Logger } from '@pt/platform';
import { observationsRejectedTotal } from '../metrics';
import { DemoHistoryBackfill } from '../services/demo-history-backfill';
import { checkObservation } from '../services/observation';
import { ObservationBatcher } from '../services/observation-batcher';
import { RECORDER_GROUP, RecorderService } from '../services/recorder.service';

/**
 * price.observed → the recorder. Bad input goes straight to `price.observed.dlq` with
 * its reason (PoisonMessageError) and is counted; the next message goes on.
 */
@Injectable()
export class PriceObservedConsumer implements BeforeApplicationShutdown {
  private readonly batcher: ObservationBatcher;

  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    recorder: RecorderService,
    demoHistory: DemoHistoryBackfill,
  ) {
    // A demo listing's simulated past goes in before its first observation (demo mode only).
    this.batcher = new ObservationBatcher(async (observations) => {
      await demoHistory.beforeRecording(observations);
      return recorder.record(observations);
    });
  }

  /** After the subscription closed (module destroy): what the last deliveries submitted is recorded. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.batcher.drain();
  }

  @OnEvent(Topics.priceObserved, RECORDER_GROUP)
  async handle(envelope: EventEnvelope): Promise<void> {
    const check = checkObservation(envelope);
    if (!check.ok) {
      observationsRejectedTotal.inc({ reason: check.reason });
      this.logger.warn({ eventId: envelope.id, reason: check.reason }, check.message);
      throw new PoisonMessageError(`${check.reason}: ${check.message}`);
    }
    await this.batcher.submit(check.observation);
  }
}
