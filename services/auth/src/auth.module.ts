import { Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { portProviders, type Runtime } from '@pt/platform';
import { AUTH_CONFIG } from './tokens';
import type { AuthConfig } from './config';
import { NotFoundController } from './controllers/not-found.controller';
import { OAuthController } from './controllers/oauth.controller';
import { RegistrationController } from './controllers/registration.controller';
import { SettingsController } from './controllers/settings.controller';
import { TokenController } from './controllers/token.controller';
import { authResponseHeaders } from './http/api-version.middleware';
import { AuthErrorFilter } from './http/auth-error.filter';
import { IdentitiesRepository } from './repositories/identities.repository';
import { LinkRequestsRepository } from './repositories/link-requests.repository';
import { OAuthStatesRepository } from './repositories/oauth-states.repository';
import { OneTimeTokensRepository } from './repositories/one-time-tokens.repository';
import { SessionsRepository } from './repositories/sessions.repository';
import { SigningKeysRepository } from './repositories/signing-keys.repository';
import { UsersRepository } from './repositories/users.repository';
import { AccessTokensService } from './services/access-tokens.service';
import { EmailLinksService } from './services/email-links.service';
import { LinkRequestsProcessor } from './services/link-requests.processor';
import { OAuthService } from './services/oauth.service';
import { PasswordAttemptsService } from './services/password-attempts.service';
import { PasswordHasher } from './services/password-hasher.service';
import { RateLimitsService } from './services/rate-limits.service';
import { RegistrationService } from './services/registration.service';
import { SessionsService } from './services/sessions.service';
import { SignInService } from './services/sign-in.service';
import { SigningKeysService } from './services/signing-keys.service';
import { PepperCheck } from './services/pepper-check.service';
import { UsersService } from './services/users.service';

/** NotFoundController last: it answers every /auth/v1 path the others do not. */
const CONTROLLERS = [
  RegistrationController,
  TokenController,
  OAuthController,
  SettingsController,
  NotFoundController,
];

/** The Supabase-Auth-shaped API under /auth/v1 (ARCHITECTURE §6). */
@Module({})
export class AuthModule implements NestModule {
  static register(runtime: Runtime, config: AuthConfig): DynamicModule {
    return {
      module: AuthModule,
      controllers: CONTROLLERS,
      providers: [
        ...portProviders(runtime, 'auth', ['db', 'rateLimiter', 'clock']),
        { provide: AUTH_CONFIG, useValue: config },
        AuthErrorFilter,
        UsersRepository,
        IdentitiesRepository,
        SessionsRepository,
        OneTimeTokensRepository,
        OAuthStatesRepository,
        SigningKeysRepository,
        LinkRequestsRepository,
        EmailLinksService,
        LinkRequestsProcessor,
        PasswordHasher,
        PepperCheck,
        PasswordAttemptsService,
        SigningKeysService,
        AccessTokensService,
        RateLimitsService,
        SessionsService,
        RegistrationService,
        SignInService,
        UsersService,
        OAuthService,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(authResponseHeaders).forRoutes(...CONTROLLERS);
  }
}
