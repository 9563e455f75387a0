import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  addressKey,
  CLOCK,
  DATABASE,
  LOGGER,
  type Clock,
  type Database,
  type Logger,
  type Queryable,
} from '@pt/platform';
import { AUTH_CONFIG } from '../tokens';
import { PROVIDER_NAMES, type AuthConfig, type ProviderName } from '../config';
import { AuthError } from '../http/auth-error';
import { IdentitiesRepository } from '../repositories/identities.repository';
import { OAuthStatesRepository } from '../repositories/oauth-states.repository';
import { UsersRepository, type UserRow } from '../repositories/users.repository';
import { recordUserChanged } from './auth-events';
import {
  authorizationUrl,
  exchangeCode,
  fetchProfile,
  OAuthExchangeError,
  PROVIDER_SPECS,
  type ProviderProfile,
} from './oauth-providers';
import { RateLimitsService } from './rate-limits.service';
import { safeRedirect, withFragment } from './redirects';
import { hashSecret, randomSecret } from './secrets';
import { SessionsService } from './sessions.service';
import type { RequestContext } from './registration.service';
import { normaliseEmail } from './validation';

/** A sign-in at the provider must come back within 10 minutes. */
const STATE_TTL_MS = 10 * 60 * 1000;

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/** An OAuth failure, reported to the browser in the redirect's fragment as Supabase does. */
class CallbackError extends Error {
  constructor(
    readonly error: string,
    readonly errorCode: string,
    description: string,
  ) {
    super(description);
  }
}

/**
 * Social sign-in (spec §1: facebook, google, twitter) by OAuth 2 authorization code, with PKCE
 * where the provider supports it. The browser goes /authorize → provider → /callback → back to
 * the site with the session in the URL fragment (Supabase's implicit flow, which auth-js reads).
 */
@Injectable()
export class OAuthService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly states: OAuthStatesRepository,
    private readonly users: UsersRepository,
    private readonly identities: IdentitiesRepository,
    private readonly limits: RateLimitsService,
    private readonly sessions: SessionsService,
  ) {}

  /** The provider's authorization URL to redirect the browser to. */
  async authorize(
    providerName: string | undefined,
    redirectTo: string | undefined,
    ctx: RequestContext,
  ): Promise<string> {
    await this.limits.request('authorizePerIp', addressKey(ctx.ip));
    if (!providerName) throw AuthError.validation('Unsupported provider: missing provider');
    if (!(PROVIDER_NAMES as readonly string[]).includes(providerName)) {
      throw AuthError.validation(`Unsupported provider: Provider ${providerName} could not be found`);
    }
    const provider = this.config.providers[providerName as ProviderName];
    if (!provider)
      throw new AuthError(400, 'provider_disabled', 'Unsupported provider: provider is not enabled');
    const spec = PROVIDER_SPECS[provider.name];
    const now = this.clock.now();
    const state = randomSecret();
    const codeVerifier = spec.pkce ? randomSecret() : null;
    await this.states.insert(
      {
        hash: hashSecret(state),
        provider: provider.name,
        redirectTo: safeRedirect(redirectTo, this.config),
        codeVerifier,
        expiresAt: new Date(now.getTime() + STATE_TTL_MS),
      },
      now,
    );
    return authorizationUrl(provider, spec, {
      state,
      redirectUri: `${ctx.externalUrl}/callback`,
      codeVerifier,
    });
  }

  /**
   * Finishes the sign-in; always answers with where to redirect the browser (session or error).
   * The callback is a browser navigation, so even an unexpected failure is a redirect to the site
   * with `error=server_error` (logged here), never a JSON 500.
   */
  async callback(query: CallbackQuery, ctx: RequestContext): Promise<string> {
    let redirectTo = this.config.siteUrl;
    try {
      return await this.finishCallback(query, ctx, (target) => {
        redirectTo = target;
      });
    } catch (error) {
      this.logger.error({ err: error }, 'OAuth callback failed');
      return withFragment(redirectTo, {
        error: 'server_error',
        error_code: 'unexpected_failure',
        error_description: 'Unexpected failure, please try again',
      });
    }
  }

  private async finishCallback(
    query: CallbackQuery,
    ctx: RequestContext,
    landingOn: (redirectTo: string) => void,
  ): Promise<string> {
    const now = this.clock.now();
    const state = query.state ? await this.states.consume(hashSecret(query.state)) : undefined;
    if (!state || new Date(state.expires_at).getTime() < now.getTime()) {
      return withFragment(this.config.siteUrl, {
        error: 'invalid_request',
        error_code: 'bad_oauth_state',
        error_description: 'OAuth state parameter is missing, invalid or expired',
      });
    }
    landingOn(state.redirect_to);
    try {
      if (query.error)
        throw new CallbackError(
          query.error,
          'bad_oauth_callback',
          query.error_description ?? 'The provider refused the sign-in',
        );
      if (!query.code)
        throw new CallbackError(
          'invalid_request',
          'bad_oauth_callback',
          'OAuth callback with missing authorization code',
        );
      const provider = this.config.providers[state.provider as ProviderName];
      if (!provider)
        throw new CallbackError(
          'invalid_request',
          'provider_disabled',
          'Unsupported provider: provider is not enabled',
        );
      const spec = PROVIDER_SPECS[provider.name];
      const profile = await this.profileFor(provider.name, () =>
        exchangeCode(provider, spec, {
          code: query.code as string,
          redirectUri: `${ctx.externalUrl}/callback`,
          codeVerifier: state.code_verifier,
        }).then((token) => fetchProfile(provider, spec, token)),
      );
      const session = await this.db.transaction(async (tx) => {
        const user = await this.userFor(tx, provider.name, profile, now);
        return this.sessions.start(tx, user, 'oauth', ctx);
      });
      return withFragment(state.redirect_to, {
        access_token: session.access_token,
        expires_at: session.expires_at,
        expires_in: session.expires_in,
        refresh_token: session.refresh_token,
        token_type: session.token_type,
      });
    } catch (error) {
      if (!(error instanceof CallbackError)) throw error;
      return withFragment(state.redirect_to, {
        error: error.error,
        error_code: error.errorCode,
        error_description: error.message,
      });
    }
  }

  private async profileFor(
    provider: ProviderName,
    load: () => Promise<ProviderProfile>,
  ): Promise<ProviderProfile & { email: string }> {
    let profile: ProviderProfile;
    try {
      profile = await load();
    } catch (error) {
      if (
        !(error instanceof OAuthExchangeError) &&
        !(error instanceof TypeError) &&
        (error as Error).name !== 'TimeoutError'
      )
        throw error;
      this.logger.warn({ provider, err: error }, 'OAuth exchange with the provider failed');
      throw new CallbackError('server_error', 'bad_oauth_callback', 'Unable to exchange external code');
    }
    if (!profile.email)
      throw new CallbackError(
        'server_error',
        'bad_oauth_callback',
        'Error getting user email from external provider',
      );
    if (!profile.emailVerified)
      throw new CallbackError('access_denied', 'email_not_confirmed', `Unverified email with ${provider}`);
    return { ...profile, email: normaliseEmail(profile.email) };
  }

  /**
   * The account for this provider identity: the one it signed in to before, else the account
   * with the same (provider-verified) email, which gets the identity linked, else a new one.
   */
  private async userFor(
    tx: Queryable,
    provider: ProviderName,
    profile: ProviderProfile & { email: string },
    now: Date,
  ): Promise<UserRow> {
    const identityData = {
      sub: profile.providerId,
      email: profile.email,
      email_verified: true,
      name: profile.name,
      avatar_url: profile.avatarUrl,
    };
    const identity = await this.identities.findByProvider(provider, profile.providerId, tx);
    if (identity) {
      await this.identities.touchSignIn(identity.id, identityData, now, tx);
      const user = await this.users.findById(identity.user_id, tx);
      if (user) return user;
    }
    let user = await this.users.findByEmail(profile.email, tx);
    if (!user) {
      user = await this.users.insert(
        {
          id: randomUUID(),
          email: profile.email,
          encrypted_password: null,
          email_confirmed_at: now,
          app_metadata: { provider, providers: [provider] },
          user_metadata: {
            ...(profile.name ? { name: profile.name, full_name: profile.name } : {}),
            ...(profile.avatarUrl ? { avatar_url: profile.avatarUrl } : {}),
          },
        },
        now,
        tx,
      );
      if (!user) throw new CallbackError('server_error', 'unexpected_failure', 'Please try again');
      await recordUserChanged(tx, user, 'created', now);
    } else {
      const providers = Array.isArray(user.app_metadata.providers)
        ? (user.app_metadata.providers as string[])
        : [];
      if (!providers.includes(provider))
        await this.users.updateAppMetadata(
          user.id,
          { ...user.app_metadata, providers: [...providers, provider] },
          now,
          tx,
        );
      // The provider vouches for the address, which is what the confirmation email would prove.
      // An unconfirmed account's password was set by whoever signed up, not necessarily by the
      // owner of the address (pre-hijacking): it is dropped, not confirmed along with the email.
      const confirmed = await this.users.confirm(user.id, now, tx);
      if (confirmed) {
        await this.users.clearPassword(user.id, now, tx);
        user = { ...confirmed, encrypted_password: null };
        await recordUserChanged(tx, user, 'confirmed', now);
      }
    }
    if (!identity) {
      await this.identities.insert(
        {
          id: randomUUID(),
          user_id: user.id,
          provider,
          provider_id: profile.providerId,
          identity_data: identityData,
        },
        now,
        tx,
      );
    }
    return user;
  }
}
