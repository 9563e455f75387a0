import path from 'node:path';
import { standardHealth, type ServiceDefinition } from '@pt/platform';
import { AlertNotifierModule, type AlertNotifierModuleOptions } from './alert-notifier.module';
import { notifierEnvSchema } from './config';

/** The service as both hosts run it; tests pass overrides (a fake catalog, demo control). */
export function createAlertNotifierService(overrides: AlertNotifierModuleOptions = {}): ServiceDefinition {
  return {
    name: 'alert-notifier',
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    envSchema: notifierEnvSchema,
    module: (runtime, config) => AlertNotifierModule.register(runtime, config, overrides),
    health: (runtime) => standardHealth(runtime, { critical: ['db'], observed: ['bus', 'queue'] }),
  };
}

export const alertNotifierService: ServiceDefinition = createAlertNotifierService();

export { AlertNotifierModule, type AlertNotifierModuleOptions } from './alert-notifier.module';
export { appBaseUrl, notifierEnvSchema, toNotifierConfig, type NotifierConfig } from './config';
export { EmailQueueService } from './services/email-queue.service';
export { priceDropEmail } from './services/price-drop-email';
export {
  HttpProductLookup,
  type ProductLookup,
  type ListingInfo,
  type MatchedListing,
} from './services/product-lookup.service';
export type { DemoControl } from './services/demo-control.service';
export { DigestSchedulerService } from './services/digest-scheduler.service';
