import { Module, type DynamicModule } from '@nestjs/common';
import { portProviders, type Runtime } from '@pt/platform';

@Module({})
export class SettingsModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: SettingsModule,
      controllers: [],
      providers: [...portProviders(runtime, 'settings', ['db', 'bus'])],
    };
  }
}
