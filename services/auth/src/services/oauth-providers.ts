import type { ProviderConfig, ProviderName } from '../config';

/** What a provider told us about the account, in one shape. */
export interface ProviderProfile {
  providerId: string;
  email?: string;
  /** Whether the provider vouches for the address; only then may it confirm or link an account. */
  emailVerified: boolean;
  name?: string;
  avatarUrl?: string;
}

/** How each provider's OAuth 2 authorization-code flow differs. */
export interface ProviderProfileSpec {
  scope: string;
  /** RFC 7636 PKCE (S256): Google supports it, Twitter requires it. */
  pkce: boolean;
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'body' | 'basic';
  toProfile(body: unknown): ProviderProfile;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0
    ? value
    : typeof value === 'number'
      ? String(value)
      : undefined;

export const PROVIDER_SPECS: Record<ProviderName, ProviderProfileSpec> = {
  google: {
    scope: 'openid email profile',
    pkce: true,
    clientAuth: 'body',
    toProfile(body) {
      const u = obj(body);
      return {
        providerId: str(u.sub) ?? '',
        email: str(u.email),
        emailVerified: u.email_verified === true || u.email_verified === 'true',
        name: str(u.name),
        avatarUrl: str(u.picture),
      };
    },
  },
  facebook: {
    scope: 'email public_profile',
    pkce: false,
    clientAuth: 'body',
    toProfile(body) {
      const u = obj(body);
      // Facebook returns an email only once its owner confirmed it.
      return {
        providerId: str(u.id) ?? '',
        email: str(u.email),
        emailVerified: str(u.email) !== undefined,
        name: str(u.name),
        avatarUrl: str(obj(obj(u.picture).data).url),
      };
    },
  },
  twitter: {
    scope: 'users.read tweet.read users.email',
    pkce: true,
    clientAuth: 'basic',
    toProfile(body) {
      const u = obj(obj(body).data);
      // X API v2 names the address `confirmed_email`: present only when confirmed.
      return {
        providerId: str(u.id) ?? '',
        email: str(u.confirmed_email) ?? str(u.email),
        emailVerified: str(u.confirmed_email) !== undefined,
        name: str(u.name) ?? str(u.username),
        avatarUrl: str(u.profile_image_url),
      };
    },
  },
};

export class OAuthExchangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthExchangeError';
  }
}

const TIMEOUT_MS = 10_000;

/** Exchanges the authorization code for the provider's access token. */
export async function exchangeCode(
  provider: ProviderConfig,
  spec: ProviderProfileSpec,
  params: { code: string; redirectUri: string; codeVerifier: string | null },
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: params.code,
    redirect_uri: params.redirectUri,
  });
  if (params.codeVerifier) form.set('code_verifier', params.codeVerifier);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (spec.clientAuth === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`).toString('base64')}`;
    form.set('client_id', provider.clientId);
  } else {
    form.set('client_id', provider.clientId);
    form.set('client_secret', provider.clientSecret);
  }
  const res = await fetch(provider.tokenUrl, {
    method: 'POST',
    headers,
    body: form,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = obj(await res.json().catch(() => ({})));
  const accessToken = str(body.access_token);
  if (!res.ok || !accessToken)
    throw new OAuthExchangeError(
      `token endpoint answered ${res.status}${str(body.error) ? ` (${str(body.error)})` : ''}`,
    );
  return accessToken;
}

/** Reads the account behind a provider access token. */
export async function fetchProfile(
  provider: ProviderConfig,
  spec: ProviderProfileSpec,
  accessToken: string,
): Promise<ProviderProfile> {
  const res = await fetch(provider.userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new OAuthExchangeError(`userinfo endpoint answered ${res.status}`);
  const profile = spec.toProfile(await res.json());
  if (!profile.providerId) throw new OAuthExchangeError('the provider returned no account id');
  return profile;
}
