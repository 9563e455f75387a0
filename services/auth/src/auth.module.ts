import { Module, type DynamicModule } from '@nestjs/common';
import { portProviders, type Runtime } from '@pt/platform';

@Module({})
export class AuthModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: AuthModule,
      controllers: [],
      providers: [...portProviders(runtime, 'auth', ['db', 'bus'])],
    };
  }
}
