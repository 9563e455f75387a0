import path from 'node:path';
import { z } from 'zod';
import { marketplaceEnv } from '@pt/marketplaces';
import { standardHealth, type ServiceDefinition } from '@pt/platform';
import { pricingEnvShape } from './config';
import { demoHistoryEnvShape } from './services/demo-history-backfill';
import { PricingModule, PricingWorkerModule } from './pricing.module';

export const pricingService: ServiceDefinition = {
  name: 'pricing',
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  envSchema: z.object({ ...pricingEnvShape, ...marketplaceEnv, ...demoHistoryEnvShape }),
  module: (runtime, config) => PricingModule.register(runtime, config),
  health: (runtime) => standardHealth(runtime, { critical: ['db'], observed: ['bus', 'queue'] }),
};

export { PricingModule, PricingWorkerModule };
export { pricingEnvShape, toPricingConfig, type PricingConfig } from './config';
export {
  DemoHistoryBackfill,
  demoHistoryConfig,
  type DemoHistoryConfig,
} from './services/demo-history-backfill';
