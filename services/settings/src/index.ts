import path from 'node:path';
import { standardReadiness, type ServiceDefinition } from '@pt/platform';
import { SettingsModule } from './settings.module';

export const settingsService: ServiceDefinition = {
  name: 'settings',
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  module: (runtime) => SettingsModule.register(runtime),
  readiness: (runtime) => standardReadiness(runtime, ['db', 'bus']),
};

export { SettingsModule };
