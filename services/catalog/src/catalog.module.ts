import { Module, type DynamicModule } from '@nestjs/common';
import { portProviders, type Runtime } from '@pt/platform';

@Module({})
export class CatalogModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: CatalogModule,
      controllers: [],
      providers: [...portProviders(runtime, 'catalog', ['db', 'bus'])],
    };
  }
}
