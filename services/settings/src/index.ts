import path from 'node:path';
import { standardHealth, type ServiceDefinition } from '@pt/platform';
import { settingsEnvSchema, type SettingsConfig } from './config';
import { SettingsModule } from './settings.module';

export const settingsService: ServiceDefinition = {
  name: 'settings',
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  envSchema: settingsEnvSchema,
  module: (runtime, config) => SettingsModule.register(runtime, config as SettingsConfig),
  health: (runtime) => standardHealth(runtime, { critical: ['db'], observed: ['bus', 'queue'] }),
};

export { SettingsModule };
