import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Topics } from '@pt/contracts';
import {
  DATABASE,
  EVENT_BUS,
  LOGGER,
  idempotent,
  type Database,
  type EventBus,
  type Logger,
  type Subscription,
  payloadOf,
} from '@pt/platform';
import { RequestLogsRepository } from '../repositories/request-logs.repository';
import { SETTINGS_SCHEMA } from '../repositories/system-settings.repository';

/** Consumer group on gateway.request-logs. Persisted in brokers — never rename. */
export const REQUEST_LOGS_CONSUMER_GROUP = 'settings.request-logs';

/** Writes the gateway's request log batches to api_request_logs, once per batch (idempotent). */
@Injectable()
export class RequestLogsConsumer implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(DATABASE) private readonly db: Database,
    private readonly logs: RequestLogsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await this.bus.subscribe(
      Topics.gatewayRequestLogs,
      REQUEST_LOGS_CONSUMER_GROUP,
      idempotent(this.db, SETTINGS_SCHEMA, REQUEST_LOGS_CONSUMER_GROUP, async (envelope, tx) => {
        const { entries, dropped } = payloadOf(Topics.gatewayRequestLogs, envelope);
        await this.logs.insert(tx, entries);
        if (dropped > 0)
          this.logger.warn({ dropped, source: envelope.key }, 'the gateway dropped request log rows');
      }),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }
}
