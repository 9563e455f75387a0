import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Topics } from '@pt/contracts';
import { EVENT_BUS, LOGGER, type EventBus, type Logger, type Subscription, payloadOf } from '@pt/platform';
import { SearchSettingsService } from '../services/search-settings.service';

/** Consumer group of the catalog on settings.changed. Persisted in brokers — never rename. */
export const SETTINGS_CONSUMER_GROUP = 'catalog.settings';

/** Keeps the catalog's projection of the settings it uses (max_search_results) up to date. */
@Injectable()
export class SettingsConsumer implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly settings: SearchSettingsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await this.bus.subscribe(
      Topics.settingsChanged,
      SETTINGS_CONSUMER_GROUP,
      async (envelope) => {
        const { key, value } = payloadOf(Topics.settingsChanged, envelope);
        // The save is a natural upsert ordered by the event time: redeliveries are harmless.
        await this.settings.applyChange(key, value, envelope.occurredAt);
        this.logger.debug({ key }, 'setting applied');
      },
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }
}
