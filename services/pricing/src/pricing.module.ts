import { Module, type DynamicModule } from '@nestjs/common';
import { portProviders, type Runtime } from '@pt/platform';

@Module({})
export class PricingModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: PricingModule,
      controllers: [],
      providers: [...portProviders(runtime, 'pricing', ['db', 'bus'])],
    };
  }
}
