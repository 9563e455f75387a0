import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { createMarketplaceDrivers } from '@pt/marketplaces';
import { declaredEventHandlers, portProviders, type Runtime } from '@pt/platform';
import type { CatalogConfig } from './config';
import { PriceChangedConsumer } from './consumers/price-changed.consumer';
import { SettingsConsumer } from './consumers/settings.consumer';
import { BrowseController } from './controllers/browse.controller';
import { CurrencyController } from './controllers/currency.controller';
import { GeoController } from './controllers/geo.controller';
import { ProductsController } from './controllers/products.controller';
import { SearchController } from './controllers/search.controller';
import { ProductMatchesRepository } from './repositories/product-matches.repository';
import { ProductsCacheRepository } from './repositories/products-cache.repository';
import { SettingsProjectionRepository } from './repositories/settings-projection.repository';
import { AlsoOnService } from './services/also-on.service';
import { CurrencyService } from './services/currency.service';
import { DiscoveryService } from './services/discovery.service';
import { GeoService } from './services/geo.service';
import { HotProductsService } from './services/hot-products.service';
import { RecordedPricesService } from './services/recorded-prices.service';
import { LookupRecorder } from './services/lookup-recorder.service';
import { ProductLookupService } from './services/product-lookup.service';
import { SearchSettingsService } from './services/search-settings.service';
import { SearchService } from './services/search.service';
import { SearchResultCache, withSearchCache } from './services/search-cache';
import { ClientLimitGuard } from './controllers/client-limit.guard';
import { SpenderInterceptor } from './controllers/spender.interceptor';
import { TrackingChangedConsumer } from './consumers/tracking-changed.consumer';
import { TrackedReasonsRepository } from './repositories/tracked-reasons.repository';
import { TrackedShoppersService } from './services/tracked-shoppers.service';
import {
  CATALOG_CONFIG,
  MARKETPLACE_DRIVERS,
  PRICING,
  PROVIDER_FETCH,
  SEARCH_CACHE,
  type CatalogDrivers,
} from './tokens';
import type { FetchLike } from './services/rates-provider';
import { PricingClient } from './services/pricing.client';

/** What tests may replace: the drivers (in-memory fakes) and the fetch used for rates and geo. */
export interface CatalogOverrides {
  drivers?: CatalogDrivers;
  fetch?: FetchLike;
}

@Module({})
export class CatalogModule {
  static register(runtime: Runtime, config: CatalogConfig, overrides: CatalogOverrides = {}): DynamicModule {
    const searchCache = new SearchResultCache({
      ttlMs: config.CATALOG_SEARCH_CACHE_TTL_MS,
      now: () => runtime.clock.now().getTime(),
    });
    // Shoppers' calls spend the interactive share of each credential's daily budget.
    const drivers: CatalogDrivers = withSearchCache(
      overrides.drivers ??
        createMarketplaceDrivers(config, {
          rateLimiter: runtime.rateLimiter,
          logger: runtime.logger.child({ service: 'catalog', component: 'marketplaces' }),
          share: 'interactive',
        }),
      searchCache,
    );
    const providers: Provider[] = [
      ...portProviders(runtime, 'catalog', ['db', 'bus', 'clock', 'rateLimiter']),
      ClientLimitGuard,
      SpenderInterceptor,
      TrackedReasonsRepository,
      TrackedShoppersService,
      TrackingChangedConsumer,
      { provide: CATALOG_CONFIG, useValue: config },
      { provide: MARKETPLACE_DRIVERS, useValue: drivers },
      { provide: SEARCH_CACHE, useValue: searchCache },
      {
        provide: PRICING,
        useValue: new PricingClient(
          // Read per call: the embedded host learns its gateway's address after the services start.
          () => (config.PRICING_URL ?? runtime.rawEnv.PRICING_URL)?.replace(/\/+$/, ''),
          config.CATALOG_BADGE_TIMEOUT_MS,
          runtime.logger.child({ service: 'catalog', component: 'price-badges' }),
        ),
      },
      {
        provide: PROVIDER_FETCH,
        useValue: overrides.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init)),
      },
      ProductsCacheRepository,
      HotProductsService,
      RecordedPricesService,
      SettingsProjectionRepository,
      SearchSettingsService,
      LookupRecorder,
      ProductLookupService,
      SearchService,
      DiscoveryService,
      ProductMatchesRepository,
      AlsoOnService,
      CurrencyService,
      GeoService,
      SettingsConsumer,
      PriceChangedConsumer,
      ...declaredEventHandlers('catalog'),
    ];
    return {
      module: CatalogModule,
      imports: [DiscoveryModule],
      controllers: [
        SearchController,
        ProductsController,
        BrowseController,
        CurrencyController,
        GeoController,
      ],
      providers,
    };
  }
}
