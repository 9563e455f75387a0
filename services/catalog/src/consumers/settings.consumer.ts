import { Inject, Injectable } from '@nestjs/common';
import { Topics, type EventEnvelope } from '@pt/contracts';
import { LOGGER, OnEvent, type Logger, payloadOf } from '@pt/platform';
import { SearchSettingsService } from '../services/search-settings.service';

/** Consumer group of the catalog on settings.changed. Persisted in brokers — never rename. */
export const SETTINGS_CONSUMER_GROUP = 'catalog.settings';

/** Keeps the catalog's projection of the settings it uses (max_search_results) up to date. */
@Injectable()
export class SettingsConsumer {
  constructor(
    private readonly settings: SearchSettingsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @OnEvent(Topics.settingsChanged, SETTINGS_CONSUMER_GROUP)
  async handle(envelope: EventEnvelope): Promise<void> {
    const { key, value } = payloadOf(Topics.settingsChanged, envelope);
    // The save is a natural upsert ordered by the event time: redeliveries are harmless.
    await this.settings.applyChange(key, value, envelope.occurredAt);
    this.logger.debug({ key }, 'setting applied');
  }
}
