import { Inject, Injectable } from '@nestjs/common';
import { Topics, type EventEnvelope } from '@pt/contracts';
import {
  DATABASE,
  LOGGER,
  idempotent,
  OnEvent,
  type Database,
  type HandlerContext,
  type Logger,
  payloadOf,
} from '@pt/platform';
import { RequestLogsRepository } from '../repositories/request-logs.repository';
import { SETTINGS_SCHEMA } from '../repositories/system-settings.repository';

/** Consumer group on gateway.request-logs. Persisted in brokers — never rename. */
export const REQUEST_LOGS_CONSUMER_GROUP = 'settings.request-logs';

/** Writes the gateway's request log batches to api_request_logs, once per batch (idempotent). */
@Injectable()
export class RequestLogsConsumer {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly logs: RequestLogsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @OnEvent(Topics.gatewayRequestLogs, REQUEST_LOGS_CONSUMER_GROUP)
  handle(envelope: EventEnvelope, ctx: HandlerContext): Promise<void> {
    return idempotent(this.db, SETTINGS_SCHEMA, REQUEST_LOGS_CONSUMER_GROUP, async (e, tx) => {
      const { entries, dropped } = payloadOf(Topics.gatewayRequestLogs, e);
      await this.logs.insert(tx, entries);
      if (dropped > 0) this.logger.warn({ dropped, source: e.key }, 'the gateway dropped request log rows');
    })(envelope, ctx);
  }
}
