import { Controller, Inject, UseFilters } from '@nestjs/common';
import { AUTH_CONFIG } from '../tokens';
import { PROVIDER_NAMES, type AuthConfig } from '../config';
import { AuthEndpoint } from '../http/auth-endpoint';
import { AuthErrorFilter } from '../http/auth-error.filter';
import { SigningKeysService } from '../services/signing-keys.service';

/** GET /settings (what the client may use) and the JWKS that verifies access tokens. */
@Controller()
@UseFilters(AuthErrorFilter)
export class SettingsController {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly keys: SigningKeysService,
  ) {}

  @AuthEndpoint('GET /auth/v1/settings')
  settings() {
    const external: Record<string, boolean> = { email: true, phone: false, anonymous_users: false };
    for (const name of PROVIDER_NAMES) external[name] = this.config.providers[name] !== undefined;
    return {
      external,
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    };
  }

  @AuthEndpoint('GET /auth/v1/.well-known/jwks.json')
  jwks() {
    return this.keys.jwks();
  }
}
