import path from 'node:path';
import { standardReadiness, type ServiceDefinition } from '@pt/platform';
import { AuthModule } from './auth.module';

export const authService: ServiceDefinition = {
  name: 'auth',
  migrationsDir: path.join(__dirname, '..', 'migrations'),
  module: (runtime) => AuthModule.register(runtime),
  readiness: (runtime) => standardReadiness(runtime, ['db', 'bus']),
};

export { AuthModule };
