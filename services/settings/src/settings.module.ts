import { Module, type DynamicModule } from '@nestjs/common';
import { portProviders, type Runtime } from '@pt/platform';
import { AdminSettingsController } from './controllers/admin-settings.controller';
import { PublicSettingsController } from './controllers/public-settings.controller';
import { SystemSettingsRepository } from './repositories/system-settings.repository';
import { SettingsService } from './services/settings.service';

@Module({})
export class SettingsModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: SettingsModule,
      controllers: [PublicSettingsController, AdminSettingsController],
      providers: [
        ...portProviders(runtime, 'settings', ['db', 'bus']),
        SystemSettingsRepository,
        SettingsService,
      ],
    };
  }
}
