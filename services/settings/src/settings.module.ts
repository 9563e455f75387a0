import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { declaredEventHandlers, portProviders, type Runtime } from '@pt/platform';
import { SETTINGS_CONFIG, type SettingsConfig } from './config';
import { RequestLogsConsumer } from './consumers/request-logs.consumer';
import { AdminMetricsController } from './controllers/admin-metrics.controller';
import { AdminSettingsController } from './controllers/admin-settings.controller';
import { AdminMonitoringController, MonitoringIntakeController } from './controllers/monitoring.controller';
import { PublicSettingsController } from './controllers/public-settings.controller';
import { RequestLogsJobs } from './jobs/request-logs.job';
import { MonitoringService } from './monitoring/monitoring.service';
import { MonitoringEventsRepository } from './repositories/monitoring-events.repository';
import { RequestLogsRepository } from './repositories/request-logs.repository';
import { SystemSettingsRepository } from './repositories/system-settings.repository';
import { ApiMetricsService } from './services/api-metrics.service';
import { SettingsService } from './services/settings.service';

@Module({})
export class SettingsModule {
  static register(runtime: Runtime, config: SettingsConfig): DynamicModule {
    return {
      module: SettingsModule,
      imports: [DiscoveryModule],
      controllers: [
        PublicSettingsController,
        AdminSettingsController,
        AdminMetricsController,
        MonitoringIntakeController,
        AdminMonitoringController,
      ],
      providers: [
        ...portProviders(runtime, 'settings', ['db', 'bus', 'queue', 'clock', 'rateLimiter']),
        { provide: SETTINGS_CONFIG, useValue: config },
        SystemSettingsRepository,
        SettingsService,
        RequestLogsRepository,
        RequestLogsConsumer,
        ...declaredEventHandlers('settings'),
        RequestLogsJobs,
        ApiMetricsService,
        MonitoringEventsRepository,
        MonitoringService,
      ],
    };
  }
}
