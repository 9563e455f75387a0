import path from 'node:path';
import { standardReadiness, type ServiceDefinition } from '@pt/platform';
import { CatalogModule } from './catalog.module';

export const catalogService: ServiceDefinition = {
  name: 'catalog',
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  module: (runtime) => CatalogModule.register(runtime),
  readiness: (runtime) => standardReadiness(runtime, ['db', 'bus']),
};

export { CatalogModule };
