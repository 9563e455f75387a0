import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Topics, type EventEnvelope } from '@pt/contracts';
import {
  EVENT_BUS,
  LOGGER,
  PoisonMessageError,
  type EventBus,
  type Logger,
  type Subscription,
} from '@pt/platform';
import { observationsRejectedTotal } from '../metrics';
import { DemoHistoryBackfill } from '../services/demo-history-backfill';
import { checkObservation } from '../services/observation';
import { ObservationBatcher } from '../services/observation-batcher';
import { RECORDER_GROUP, RecorderService } from '../services/recorder.service';

/**
 * price.observed → the recorder. Bad input (issue 5) goes straight to `price.observed.dlq` with
 * its reason (PoisonMessageError) and is counted; the next message goes on.
 */
@Injectable()
export class PriceObservedConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: Subscription;
  private readonly batcher: ObservationBatcher;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
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

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.subscribe(Topics.priceObserved, RECORDER_GROUP, (envelope) =>
      this.handle(envelope),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
    await this.batcher.drain();
  }

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
