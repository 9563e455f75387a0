import { Module, type DynamicModule } from '@nestjs/common';
import { portProviders, type Runtime } from '@pt/platform';

@Module({})
export class WishlistModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: WishlistModule,
      controllers: [],
      providers: [...portProviders(runtime, 'wishlist', ['db', 'bus'])],
    };
  }
}
