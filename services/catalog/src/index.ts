import path from 'node:path';
import { standardHealth, type ServiceDefinition } from '@pt/platform';
import { CatalogModule, type CatalogOverrides } from './catalog.module';
import { catalogConfigSchema, type CatalogConfig } from './config';

/** The catalog as both hosts run it; tests pass overrides (fake drivers, a counting fetch). */
export function createCatalogService(overrides: CatalogOverrides = {}): ServiceDefinition {
  return {
    name: 'catalog',
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    envSchema: catalogConfigSchema,
    module: (runtime, config) => CatalogModule.register(runtime, config as CatalogConfig, overrides),
    health: (runtime) => standardHealth(runtime, { critical: ['db'], observed: ['bus'] }),
  };
}

export const catalogService: ServiceDefinition = createCatalogService();

export { CatalogModule, type CatalogOverrides };
export { catalogConfigSchema, type CatalogConfig } from './config';
export type { CatalogDrivers } from './tokens';
