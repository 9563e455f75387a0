import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { createMarketplaceDrivers, marketplaceBudgets } from '@pt/marketplaces';
import { declaredEventHandlers, portProviders, type RateLimiter, type Runtime } from '@pt/platform';
import { toPricingConfig, type PricingConfig } from './config';
import { PriceObservedConsumer } from './consumers/price-observed.consumer';
import { TrackingChangedConsumer } from './consumers/tracking-changed.consumer';
import { AdminStatusController } from './controllers/admin-status.controller';
import { HistoryDealsController } from './controllers/history-deals.controller';
import { PriceBadgesController } from './controllers/price-badges.controller';
import { PriceHistoryController } from './controllers/price-history.controller';
import { BullBoardMount } from './http/bull-board';
import { PollBatchJob } from './jobs/poll-batch.job';
import { PollDueJob } from './jobs/poll-due.job';
import { ApiUsageRepository } from './repositories/api-usage.repository';
import { DemoHistoryRepository } from './repositories/demo-history.repository';
import { PollStateRepository } from './repositories/poll-state.repository';
import { PriceHistoryRepository } from './repositories/price-history.repository';
import { DealStatsRepository } from './repositories/deal-stats.repository';
import { PriceStatsRepository } from './repositories/price-stats.repository';
import { PriceSnapshotsRepository } from './repositories/price-snapshots.repository';
import { TrackingRepository } from './repositories/tracking.repository';
import { DemoHistoryBackfill, demoHistoryConfig } from './services/demo-history-backfill';
import { DueFinderService } from './services/due-finder.service';
import type { PollDrivers } from './services/marketplace-batching';
import { PollerService } from './services/poller.service';
import { PollersService } from './services/pollers.service';
import { HistoryDealsService } from './services/history-deals.service';
import { PriceBadgesService } from './services/price-badges.service';
import { PriceHistoryService } from './services/price-history.service';
import { PricingStatusService } from './services/pricing-status.service';
import { RecorderService } from './services/recorder.service';
import { TrackingService } from './services/tracking.service';
import { DEMO_HISTORY_CONFIG, MARKETPLACE_BUDGETS, MARKETPLACE_DRIVERS, PRICING_CONFIG } from './tokens';

export interface PricingModuleOptions {
  /** Replaces the drivers built from EBAY_* / ALIEXPRESS_* (tests). */
  drivers?: PollDrivers;
  /** Where the marketplace budgets are counted when not the runtime's limiter (tests with their own drivers). */
  budgetLimiter?: RateLimiter;
}

/** What both the API module and the worker module need to poll. */
function pollerProviders(
  runtime: Runtime,
  env: Record<string, unknown>,
  config: PricingConfig,
  options: PricingModuleOptions,
): Provider[] {
  return [
    { provide: PRICING_CONFIG, useValue: config },
    {
      provide: MARKETPLACE_DRIVERS,
      // Built lazily by Nest, once per module; without credentials a marketplace has no driver and
      // its due-finder skips it.
      useFactory: (): PollDrivers =>
        options.drivers ??
        createMarketplaceDrivers(env, {
          rateLimiter: runtime.rateLimiter,
          logger: runtime.logger.child({ service: 'pricing' }),
          // Polls spend the share of each credential's daily budget reserved for them.
          share: 'poller',
        }),
    },
    PriceSnapshotsRepository,
    TrackingRepository,
    PollStateRepository,
    ApiUsageRepository,
    PollerService,
    DueFinderService,
    PollDueJob,
    PollBatchJob,
    PollersService,
  ];
}

/**
 * Price history, snapshot dedupe, drop detection and the pollers. The pollers start in
 * this module unless PRICING_WORKERS=off (distributed API process; worker.ts runs them there).
 */
@Module({})
export class PricingModule {
  static register(
    runtime: Runtime,
    env: Record<string, unknown> = {},
    options: PricingModuleOptions = {},
  ): DynamicModule {
    const config = toPricingConfig(env);
    return {
      module: PricingModule,
      imports: [DiscoveryModule],
      controllers: [
        PriceHistoryController,
        PriceBadgesController,
        HistoryDealsController,
        AdminStatusController,
      ],
      providers: [
        ...portProviders(runtime, 'pricing', ['db', 'bus', 'queue', 'rateLimiter', 'clock']),
        ...pollerProviders(runtime, env, config, options),
        PriceHistoryRepository,
        RecorderService,
        TrackingService,
        PriceHistoryService,
        PriceStatsRepository,
        PriceBadgesService,
        DealStatsRepository,
        HistoryDealsService,
        PricingStatusService,
        {
          provide: MARKETPLACE_BUDGETS,
          useFactory: () =>
            marketplaceBudgets(env, options.budgetLimiter ?? runtime.rateLimiter, () =>
              runtime.clock.now().getTime(),
            ),
        },
        { provide: DEMO_HISTORY_CONFIG, useValue: demoHistoryConfig(env, runtime.env.NODE_ENV) },
        DemoHistoryRepository,
        DemoHistoryBackfill,
        PriceObservedConsumer,
        TrackingChangedConsumer,
        BullBoardMount,
        ...declaredEventHandlers('pricing'),
      ],
    };
  }
}

/** The worker process's module (distributed mode): pollers only, no HTTP routes, no consumers. */
@Module({})
export class PricingWorkerModule {
  static register(
    runtime: Runtime,
    env: Record<string, unknown> = {},
    options: PricingModuleOptions = {},
  ): DynamicModule {
    const config = { ...toPricingConfig(env), workers: true };
    return {
      module: PricingWorkerModule,
      providers: [
        ...portProviders(runtime, 'pricing', ['db', 'bus', 'queue', 'rateLimiter', 'clock']),
        ...pollerProviders(runtime, env, config, options),
      ],
    };
  }
}
