import { z } from 'zod';
import { baseEnv, commaList, ConfigError, httpUrl, parseConfig, port, serviceEnvSchema } from '@pt/platform';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** The development pepper. Production (NODE_ENV=production) refuses to start with it. */
export const DEV_PASSWORD_PEPPER = 'dev-only-pepper-change-me';

/** One social provider's endpoints and credentials; a provider without a client id is disabled. */
const providerEnv = (name: 'GOOGLE' | 'FACEBOOK' | 'TWITTER') => ({
  [`AUTH_${name}_CLIENT_ID`]: optionalString,
  [`AUTH_${name}_SECRET`]: optionalString,
  [`AUTH_${name}_AUTHORIZE_URL`]: httpUrl,
  [`AUTH_${name}_TOKEN_URL`]: httpUrl,
  [`AUTH_${name}_USERINFO_URL`]: httpUrl,
});

/** The auth service's own variables (the process also reads the shared service env). */
export const authEnvShape = {
  /** Production turns the development conveniences off (loopback link origins, default pepper). */
  NODE_ENV: baseEnv.NODE_ENV,
  /**
   * Where mailed links, GET /verify and OAuth lead by default, and which origin redirect_to may
   * name. Defaults to this host's own port (`http://localhost:$PORT`), not a fixed 8080.
   */
  AUTH_SITE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /** The process's port (the shared service variable), for AUTH_SITE_URL's default. */
  PORT: port(8080),
  /** Extra origins redirect_to may point at (comma list), e.g. the Vite dev server. */
  AUTH_REDIRECT_ALLOW_LIST: commaList,
  /**
   * Public base of this API as the browser sees it (`…/auth/v1`), for links in emails and the OAuth
   * redirect_uri. Required in production. When unset, the request's origin is used only if it is
   * allowed (see `externalBaseUrl`), else the site URL's origin.
   */
  AUTH_EXTERNAL_URL: httpUrl,
  AUTH_JWT_ISSUER: z.preprocess(emptyToUndefined, z.string().optional()),
  /** ES256 private key as a JWK (JSON) or PKCS#8 PEM; generated and kept in the database when unset. */
  AUTH_JWT_PRIVATE_KEY: optionalString,
  /**
   * Encrypts the generated signing key in auth.signing_keys (when AUTH_JWT_PRIVATE_KEY is unset).
   * Production needs one of the two.
   */
  AUTH_KEY_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  AUTH_JWT_EXPIRY_S: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(60).max(86_400).default(3600),
  ),
  ADMIN_EMAILS: commaList,
  AUTH_PASSWORD_PEPPER: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'must be at least 16 characters').default(DEV_PASSWORD_PEPPER),
  ),
  AUTH_REFRESH_REUSE_INTERVAL_S: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(3600).default(10),
  ),
  /**
   * What the confirmation link's GET /verify does: `session` consumes the token and redirects to
   * the site with the session in the fragment (Supabase's implicit flow); `token` leaves it unused
   * and redirects with `?token=…&type=signup` for the web app's token processor (spec §2).
   */
  AUTH_VERIFY_REDIRECT: z.preprocess(emptyToUndefined, z.enum(['session', 'token']).default('session')),
  ...providerEnv('GOOGLE'),
  ...providerEnv('FACEBOOK'),
  ...providerEnv('TWITTER'),
};
/**
 * What production must set (NODE_ENV=production): the public API URL, so no email link is ever
 * built from request headers, and a pepper of its own.
 */
function productionRules(
  env: {
    NODE_ENV?: string;
    AUTH_EXTERNAL_URL?: string;
    AUTH_PASSWORD_PEPPER?: string;
    AUTH_JWT_PRIVATE_KEY?: string;
    AUTH_KEY_ENCRYPTION_KEY?: string;
  },
  ctx: z.RefinementCtx,
): void {
  for (const problem of productionProblems({
    production: env.NODE_ENV === 'production',
    externalUrl: env.AUTH_EXTERNAL_URL,
    pepper: env.AUTH_PASSWORD_PEPPER ?? DEV_PASSWORD_PEPPER,
    privateKey: env.AUTH_JWT_PRIVATE_KEY,
    keyEncryptionKey: env.AUTH_KEY_ENCRYPTION_KEY,
  }))
    ctx.addIssue({ code: 'custom', path: [problem.variable], message: problem.message });
}

export const authConfigSchema = z.object(authEnvShape).superRefine(productionRules);
/** Everything the auth process validates at boot. */
export const authEnvSchema = serviceEnvSchema.extend(authEnvShape).superRefine(productionRules);

export const PROVIDER_NAMES = ['google', 'facebook', 'twitter'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export interface ProviderConfig {
  name: ProviderName;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export interface AuthConfig {
  /** NODE_ENV=production: no loopback origins for links, and the checks of `productionProblems`. */
  production: boolean;
  siteUrl: string;
  redirectAllowList: string[];
  externalUrl?: string;
  issuer?: string;
  privateKey?: string;
  keyEncryptionKey?: string;
  accessTokenTtlS: number;
  adminEmails: string[];
  pepper: string;
  refreshReuseIntervalS: number;
  verifyRedirect: 'session' | 'token';
  providers: Partial<Record<ProviderName, ProviderConfig>>;
  limits: RateLimits;
  failureDelay: FailureDelay;
}

/**
 * Failed sign-ins on one account from anywhere are slowed down, never refused:
 * after `freeFailures` within `windowMs`, each further failure is answered after a delay that
 * doubles from `baseMs` up to `maxMs`.
 */
export interface FailureDelay {
  freeFailures: number;
  baseMs: number;
  maxMs: number;
  windowMs: number;
}

export const DEFAULT_FAILURE_DELAY: FailureDelay = {
  freeFailures: 5,
  baseMs: 500,
  maxMs: 10_000,
  windowMs: 15 * 60_000,
};

/** The delay before answering the `failures`-th failure on an account. */
export function failureDelayMs(failures: number, delay: FailureDelay): number {
  const over = failures - delay.freeFailures;
  if (over <= 0) return 0;
  return Math.min(delay.maxMs, delay.baseMs * 2 ** Math.min(over - 1, 30));
}

export interface Limit {
  limit: number;
  windowMs: number;
}

/** Per-IP and per-account limits (GoTrue's defaults where it has one). */
export interface RateLimits {
  signInPerIp: Limit;
  /**
   * Sign-in attempts on one account from one client address: a lockout hits
   * that client only, never the owner signing in from elsewhere. Reset by a successful sign-in.
   */
  signInPerAccountAndIp: Limit;
  refreshPerIp: Limit;
  signupPerIp: Limit;
  resendPerIp: Limit;
  recoverPerIp: Limit;
  /** One confirmation email per address per 60 s. */
  emailPerAddress: Limit;
  verifyPerIp: Limit;
  updateUserPerUser: Limit;
  authorizePerIp: Limit;
}

const MINUTE = 60_000;
export const DEFAULT_LIMITS: RateLimits = {
  signInPerIp: { limit: 30, windowMs: 5 * MINUTE },
  signInPerAccountAndIp: { limit: 10, windowMs: 5 * MINUTE },
  refreshPerIp: { limit: 150, windowMs: 5 * MINUTE },
  signupPerIp: { limit: 30, windowMs: 60 * MINUTE },
  resendPerIp: { limit: 30, windowMs: 60 * MINUTE },
  recoverPerIp: { limit: 30, windowMs: 60 * MINUTE },
  emailPerAddress: { limit: 1, windowMs: MINUTE },
  verifyPerIp: { limit: 30, windowMs: 5 * MINUTE },
  updateUserPerUser: { limit: 30, windowMs: 5 * MINUTE },
  authorizePerIp: { limit: 60, windowMs: 5 * MINUTE },
};

/** Well-known endpoints; configuration overrides them (tests point them at a fake provider). */
const PROVIDER_DEFAULTS: Record<
  ProviderName,
  Pick<ProviderConfig, 'authorizeUrl' | 'tokenUrl' | 'userinfoUrl'>
> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  facebook: {
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/v19.0/me?fields=id,name,email,picture',
  },
  twitter: {
    authorizeUrl: 'https://twitter.com/i/oauth2/authorize',
    tokenUrl: 'https://api.twitter.com/2/oauth2/token',
    userinfoUrl:
      'https://api.twitter.com/2/users/me?user.fields=id,name,username,profile_image_url,confirmed_email',
  },
};

type AuthEnv = z.infer<typeof authConfigSchema>;

function providerFrom(env: AuthEnv, name: ProviderName): ProviderConfig | undefined {
  const key = name.toUpperCase() as 'GOOGLE' | 'FACEBOOK' | 'TWITTER';
  const read = (suffix: string) =>
    (env as unknown as Record<string, string | undefined>)[`AUTH_${key}_${suffix}`];
  const clientId = read('CLIENT_ID');
  if (!clientId) return undefined;
  const defaults = PROVIDER_DEFAULTS[name];
  return {
    name,
    clientId,
    clientSecret: read('SECRET') ?? '',
    authorizeUrl: read('AUTHORIZE_URL') ?? defaults.authorizeUrl,
    tokenUrl: read('TOKEN_URL') ?? defaults.tokenUrl,
    userinfoUrl: read('USERINFO_URL') ?? defaults.userinfoUrl,
  };
}

/**
 * `raw` is the environment the host keeps: a host that learns its address only once it listens
 * (the embedded host on PORT=0) sets AUTH_SITE_URL there then, and mailed links follow it.
 */
export function toAuthConfig(env: AuthEnv, raw: Record<string, string | undefined> = {}): AuthConfig {
  const providers: AuthConfig['providers'] = {};
  for (const name of PROVIDER_NAMES) {
    const provider = providerFrom(env, name);
    if (provider) providers[name] = provider;
  }
  return {
    production: env.NODE_ENV === 'production',
    // Port 0 (pick a free one) is not an address anyone can open: the conventional 8080 until the
    // host says where it listens.
    get siteUrl() {
      return env.AUTH_SITE_URL ?? (raw.AUTH_SITE_URL || `http://localhost:${env.PORT || 8080}`);
    },
    redirectAllowList: env.AUTH_REDIRECT_ALLOW_LIST,
    externalUrl: env.AUTH_EXTERNAL_URL?.replace(/\/+$/, ''),
    issuer: env.AUTH_JWT_ISSUER,
    privateKey: env.AUTH_JWT_PRIVATE_KEY,
    keyEncryptionKey: env.AUTH_KEY_ENCRYPTION_KEY,
    accessTokenTtlS: env.AUTH_JWT_EXPIRY_S,
    adminEmails: env.ADMIN_EMAILS.map((email) => email.toLowerCase()),
    pepper: env.AUTH_PASSWORD_PEPPER,
    refreshReuseIntervalS: env.AUTH_REFRESH_REUSE_INTERVAL_S,
    verifyRedirect: env.AUTH_VERIFY_REDIRECT,
    providers,
    limits: DEFAULT_LIMITS,
    failureDelay: DEFAULT_FAILURE_DELAY,
  };
}

/** The variables production must not run without; empty outside production. */
export function productionProblems(
  config: Pick<AuthConfig, 'production' | 'externalUrl' | 'pepper'> &
    Partial<Pick<AuthConfig, 'privateKey' | 'keyEncryptionKey'>>,
): { variable: string; message: string }[] {
  if (!config.production) return [];
  const problems: { variable: string; message: string }[] = [];
  if (!config.externalUrl)
    problems.push({
      variable: 'AUTH_EXTERNAL_URL',
      message:
        'is required when NODE_ENV=production (the public URL of /auth/v1, e.g. https://shop.example/auth/v1): email links are never built from request headers there',
    });
  if (!config.privateKey && !config.keyEncryptionKey)
    problems.push({
      variable: 'AUTH_KEY_ENCRYPTION_KEY',
      message:
        'or AUTH_JWT_PRIVATE_KEY is required when NODE_ENV=production: the generated signing key is stored encrypted with it',
    });
  if (config.pepper === DEV_PASSWORD_PEPPER)
    problems.push({
      variable: 'AUTH_PASSWORD_PEPPER',
      message: 'must be set to a secret of your own when NODE_ENV=production (not the development default)',
    });
  return problems;
}

/** Throws ConfigError when a configuration is not fit for production (no-op outside it). */
export function assertProductionReady(
  config: Pick<AuthConfig, 'production' | 'externalUrl' | 'pepper'> &
    Partial<Pick<AuthConfig, 'privateKey' | 'keyEncryptionKey'>>,
): void {
  const problems = productionProblems(config);
  if (problems.length > 0) throw new ConfigError(problems);
}

/** Reads and validates the auth variables; throws ConfigError naming each bad one. */
export function loadAuthConfig(env: Record<string, string | undefined>): AuthConfig {
  return toAuthConfig(parseConfig(authConfigSchema, env), env);
}
