import {
  ArcticFetchError,
  CodeChallengeMethod,
  OAuth2Client,
  OAuth2RequestError,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from 'arctic';
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

/**
 * How each provider's OAuth 2 authorization-code flow differs. The profile mapping is ours:
 * arctic exchanges codes but has no generic way to read or map a provider's account.
 */
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
    // Google takes either; Basic is what arctic's client sends (and its own Google class does).
    clientAuth: 'basic',
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

/**
 * The provider's sign-in page for this state (and PKCE S256 challenge of `codeVerifier`), built by
 * arctic's generic client on our configured URLs, so tests can point a provider at a loopback fake.
 */
export function authorizationUrl(
  provider: ProviderConfig,
  spec: ProviderProfileSpec,
  params: { state: string; redirectUri: string; codeVerifier: string | null },
): string {
  const client = new OAuth2Client(provider.clientId, null, params.redirectUri);
  const scopes = spec.scope.split(' ');
  const url = params.codeVerifier
    ? client.createAuthorizationURLWithPKCE(
        provider.authorizeUrl,
        params.state,
        CodeChallengeMethod.S256,
        params.codeVerifier,
        scopes,
      )
    : client.createAuthorizationURL(provider.authorizeUrl, params.state, scopes);
  return url.toString();
}

/**
 * Exchanges the authorization code for the provider's access token. HTTP Basic client auth goes
 * through arctic's generic client; client auth in the form body (Facebook) stays ours, because that
 * client only ever sends the secret as Basic (arctic's own Facebook class sends it in the body,
 * but on Facebook's fixed URLs).
 */
export async function exchangeCode(
  provider: ProviderConfig,
  spec: ProviderProfileSpec,
  params: { code: string; redirectUri: string; codeVerifier: string | null },
): Promise<string> {
  if (spec.clientAuth === 'body') return exchangeWithSecretInBody(provider, params);
  const client = new OAuth2Client(provider.clientId, provider.clientSecret, params.redirectUri);
  try {
    // arctic takes no abort signal: a provider that never answers is given up on here.
    const tokens = await withTimeout(
      client.validateAuthorizationCode(provider.tokenUrl, params.code, params.codeVerifier),
    );
    return tokens.accessToken();
  } catch (error) {
    throw new OAuthExchangeError(`token endpoint: ${describeArcticError(error)}`);
  }
}

async function exchangeWithSecretInBody(
  provider: ProviderConfig,
  params: { code: string; redirectUri: string; codeVerifier: string | null },
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: params.code,
    redirect_uri: params.redirectUri,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
  });
  if (params.codeVerifier) form.set('code_verifier', params.codeVerifier);
  const res = await fetch(provider.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
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

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OAuthExchangeError(`no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

// The provider's error code when it gave one (never the secret or the code).
function describeArcticError(error: unknown): string {
  if (error instanceof OAuth2RequestError) return `refused (${error.code})`;
  if (error instanceof UnexpectedResponseError) return `answered ${error.status}`;
  if (error instanceof UnexpectedErrorResponseBodyError) return `answered ${error.status}`;
  if (error instanceof ArcticFetchError) return 'unreachable';
  if (error instanceof OAuthExchangeError) return error.message;
  // A 200 without an access_token: arctic's accessToken() throws a plain Error.
  return 'answered without an access token';
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
