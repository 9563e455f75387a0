import path from 'node:path';
import { standardReadiness, type ServiceDefinition } from '@pt/platform';
import { AlertNotifierModule } from './alert-notifier.module';

export const alertNotifierService: ServiceDefinition = {
  name: 'alert-notifier',
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  module: (runtime) => AlertNotifierModule.register(runtime),
  readiness: (runtime) => standardReadiness(runtime, ['db', 'bus']),
};

export { AlertNotifierModule };
