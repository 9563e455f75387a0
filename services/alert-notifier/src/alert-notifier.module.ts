import { Module, type DynamicModule } from '@nestjs/common';
import { portProviders, type Runtime } from '@pt/platform';
import { AuthEmailConsumer } from './consumers/auth-email.consumer';

@Module({})
export class AlertNotifierModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: AlertNotifierModule,
      controllers: [],
      providers: [...portProviders(runtime, 'alert-notifier', ['db', 'bus', 'mailer']), AuthEmailConsumer],
    };
  }
}
