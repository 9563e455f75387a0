import path from 'node:path';
import { z } from 'zod';
import { marketplaceEnv } from '@pt/marketplaces';
import { standardHealth, type ServiceDefinition } from '@pt/platform';
import { pricingEnvShape } from './config';
import { demoHistoryEnvShape } from './services/demo-history-backfill';
import { PricingModule, PricingWorkerModule, type PricingModuleOptions } from './pricing.module';

/** The pricing API service; tests give it drivers of their own. */
export function createPricingService(options: PricingModuleOptions = {}): ServiceDefinition {
  return {
    name: 'pricing',
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    envSchema: z.object({ ...pricingEnvShape, ...marketplaceEnv, ...demoHistoryEnvShape }),
    module: (runtime, config) => PricingModule.register(runtime, config, options),
    health: (runtime) => standardHealth(runtime, { critical: ['db'], observed: ['bus', 'queue'] }),
  };
}

export const pricingService: ServiceDefinition = createPricingService();

export { PricingModule, PricingWorkerModule, type PricingModuleOptions };
export { pricingEnvShape, toPricingConfig, type PricingConfig } from './config';
export {
  DemoHistoryBackfill,
  demoHistoryConfig,
  type DemoHistoryConfig,
} from './services/demo-history-backfill';
