import path from 'node:path';
import { standardReadiness, type ServiceDefinition } from '@pt/platform';
import { PricingModule } from './pricing.module';

export const pricingService: ServiceDefinition = {
  name: 'pricing',
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  module: (runtime) => PricingModule.register(runtime),
  readiness: (runtime) => standardReadiness(runtime, ['db', 'bus']),
};

export { PricingModule };
