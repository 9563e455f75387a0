import path from 'node:path';
import { standardReadiness, type ServiceDefinition } from '@pt/platform';
import { AuthModule } from './auth.module';
import { DEV_PASSWORD_PEPPER, loadAuthConfig, type AuthConfig } from './config';

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
      const config = options.config ?? loadAuthConfig(process.env);
      const logger = runtime.logger.child({ service: 'auth' });
      if (runtime.env.NODE_ENV === 'production') {
        if (config.pepper === DEV_PASSWORD_PEPPER)
          logger.warn('AUTH_PASSWORD_PEPPER is the development default; set a secret of your own');
        if (!config.externalUrl)
          logger.warn('AUTH_EXTERNAL_URL is not set; email links use the Host the request named');
      }
      return AuthModule.register(runtime, config);
    },
    readiness: (runtime) => standardReadiness(runtime, ['db', 'bus']),
  };
}

export const authService: ServiceDefinition = createAuthService();

export { AuthModule };
export * from './config';
export { AuthError, type AuthErrorCode } from './http/auth-error';
