import path from 'node:path';
import { standardHealth, type ServiceDefinition } from '@pt/platform';
import { AuthModule } from './auth.module';
import { assertProductionReady, loadAuthConfig, type AuthConfig } from './config';

export interface AuthServiceOptions {
  /** The configuration; read from the environment (AUTH_*, ADMIN_EMAILS) when not given. */
  config?: AuthConfig;
}

/** The auth service for either host; tests pass their own configuration. */
export function createAuthService(options: AuthServiceOptions = {}): ServiceDefinition {
  return {
    name: 'auth',
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    module: (runtime) => {
      const loaded = options.config ?? loadAuthConfig(runtime.rawEnv);
      // The process's NODE_ENV wins over a configuration built elsewhere: production never runs
      // with the development pepper or with email links taken from request headers.
      const config = runtime.env.NODE_ENV === 'production' ? { ...loaded, production: true } : loaded;
      assertProductionReady(config);
      return AuthModule.register(runtime, config);
    },
    health: (runtime) => standardHealth(runtime, { critical: ['db'], observed: ['bus'] }),
  };
}

export const authService: ServiceDefinition = createAuthService();

export { AuthModule };
export * from './config';
export { AuthError, type AuthErrorCode } from './http/auth-error';
