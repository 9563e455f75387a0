import type { RateLimiter } from '@pt/platform';
import { z } from 'zod';
import { ALIEXPRESS_PRODUCTION_URL, AliExpressDriver } from './aliexpress/aliexpress-driver';
import type { DriverMarketplace, MarketplaceDriver } from './driver';
import { EBAY_PRODUCTION_URL, EbayDriver } from './ebay/ebay-driver';
import {
  CredentialBudget,
  DEFAULT_INTERACTIVE_BURST,
  DEFAULT_POLLER_SHARE,
  credentialKey,
  splitBudget,
  type CircuitBreakerOptions,
  type DriverLogger,
  type FetchFn,
  type QuotaShare,
  type RetryPolicy,
} from './http';
import { DEFAULT_TIMEOUT_MS } from './runtime';

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const text = z.preprocess(blankToUndefined, z.string().trim().optional());
const httpUrl = (fallback: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((value) => {
        try {
          return ['http:', 'https:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, 'must be an http:// or https:// URL')
      .default(fallback),
  );
const flag = z.preprocess(
  (value) =>
    typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim().toLowerCase()) : value,
  z
    .union([
      z.boolean(),
      z.enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' }),
    ])
    .default(false)
    .transform((value) => value === true || value === 'true' || value === '1' || value === 'yes'),
);
const positiveInt = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .positive('must be above 0')
      .default(fallback),
  );

const fraction = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: 'must be a number' })
      .min(0, 'must be between 0 and 1')
      .max(1, 'must be between 0 and 1')
      .default(fallback),
  );

/**
 * The marketplace variables, as a zod shape to spread into a process's env schema
 * (`z.object({ ...baseEnv, ...marketplaceEnv })`). Credentials are optional: without them the
 * caller starts the demo marketplaces and passes their URLs and credentials instead.
 */
export const marketplaceEnv = {
  EBAY_CLIENT_ID: text,
  EBAY_CLIENT_SECRET: text,
  /** Host only: https://api.ebay.com (default), https://api.sandbox.ebay.com or a demo server. */
  EBAY_API_URL: httpUrl(EBAY_PRODUCTION_URL),
  /** The application holds the Limited Release buy.item.bulk grant: batch getItems (≤ 20 ids). */
  EBAY_GET_ITEMS_GRANTED: flag,
  /** eBay Partner Network campaign id for affiliate links. */
  EBAY_CAMPAIGN_ID: text,
  /**
   * The credential's whole daily Browse quota (eBay's default is 5,000), shared by every process:
   * MARKETPLACE_POLLER_SHARE of it is reserved for the pricing pollers, the rest is interactive.
   */
  EBAY_CALLS_PER_DAY: positiveInt(5_000),
  ALIEXPRESS_APP_KEY: text,
  ALIEXPRESS_APP_SECRET: text,
  /** The gateway including its path: https://api-sg.aliexpress.com/sync (default) or a demo server's /sync. */
  ALIEXPRESS_API_URL: httpUrl(ALIEXPRESS_PRODUCTION_URL),
  /** Affiliate tracking id; product links become promotion_link when set. */
  ALIEXPRESS_TRACKING_ID: text,
  /** Calls per second for the app key (the real quota is unpublished). */
  ALIEXPRESS_CALLS_PER_SECOND: positiveInt(10),
  /** The app key's daily budget, split like eBay's (AliExpress publishes no daily quota). */
  ALIEXPRESS_CALLS_PER_DAY: positiveInt(100_000),
  /** Share of each credential's daily quota reserved for the pricing pollers (0–1; default 0.3). */
  MARKETPLACE_POLLER_SHARE: fraction(DEFAULT_POLLER_SHARE),
  /**
   * Share of the interactive part that can be spent at once (the token bucket's burst, 0–1;
   * default 0.25); the rest refills evenly over the day.
   */
  MARKETPLACE_INTERACTIVE_BURST: fraction(DEFAULT_INTERACTIVE_BURST),
  /** Per attempt, for both marketplaces. */
  MARKETPLACE_TIMEOUT_MS: positiveInt(DEFAULT_TIMEOUT_MS),
};

/** A credential without its other half is a configuration mistake, not "use the demo". */
export const marketplaceEnvSchema = z.object(marketplaceEnv).superRefine((env, ctx) => {
  for (const [a, b] of [
    ['EBAY_CLIENT_ID', 'EBAY_CLIENT_SECRET'],
    ['ALIEXPRESS_APP_KEY', 'ALIEXPRESS_APP_SECRET'],
  ] as const) {
    if (Boolean(env[a]) !== Boolean(env[b]))
      ctx.addIssue({
        code: 'custom',
        path: [env[a] ? b : a],
        message: `must be set together with ${env[a] ? a : b}`,
      });
  }
});
export type MarketplaceEnv = z.output<typeof marketplaceEnvSchema>;

export interface MarketplaceDriverDeps {
  /** Shared per-credential quota (createRateLimiter from @pt/platform: Redis when REDIS_URL is set). */
  rateLimiter?: RateLimiter;
  logger?: DriverLogger;
  fetch?: FetchFn;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  retry?: Partial<RetryPolicy>;
  breaker?: Partial<Omit<CircuitBreakerOptions, 'now'>>;
  /** Overrides MARKETPLACE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Which share of the daily budgets these drivers spend: the pricing pollers' or interactive (default). */
  share?: QuotaShare;
}

export interface MarketplaceDrivers {
  ebay?: EbayDriver;
  aliexpress?: AliExpressDriver;
  /** The configured drivers, eBay first. */
  list: MarketplaceDriver[];
  get(marketplace: DriverMarketplace): MarketplaceDriver | undefined;
  /** Why a marketplace has no driver (no credentials). */
  unavailable: Partial<Record<DriverMarketplace, string>>;
}

type ParsedEnv = z.output<typeof marketplaceEnvSchema>;

function budgetSplits(config: ParsedEnv) {
  const split = (perDay: number) =>
    splitBudget(perDay, config.MARKETPLACE_POLLER_SHARE, config.MARKETPLACE_INTERACTIVE_BURST);
  return { ebay: split(config.EBAY_CALLS_PER_DAY), aliexpress: split(config.ALIEXPRESS_CALLS_PER_DAY) };
}

/**
 * The daily budgets of the configured credentials, for reading what each share spent today
 * (GET /api/v1/admin/pricing/status). Same keys as the drivers', so any process sees the same counts.
 */
export function marketplaceBudgets(
  env: Readonly<Record<string, unknown>>,
  limiter: RateLimiter,
  now?: () => number,
): Partial<Record<DriverMarketplace, CredentialBudget>> {
  const config = marketplaceEnvSchema.parse(env);
  const splits = budgetSplits(config);
  const budgets: Partial<Record<DriverMarketplace, CredentialBudget>> = {};
  if (config.EBAY_CLIENT_ID && config.EBAY_CLIENT_SECRET)
    budgets.ebay = new CredentialBudget(
      limiter,
      credentialKey('ebay', config.EBAY_CLIENT_ID),
      splits.ebay,
      now,
    );
  if (config.ALIEXPRESS_APP_KEY && config.ALIEXPRESS_APP_SECRET)
    budgets.aliexpress = new CredentialBudget(
      limiter,
      credentialKey('aliexpress', config.ALIEXPRESS_APP_KEY),
      splits.aliexpress,
      now,
    );
  return budgets;
}

/**
 * Builds a driver for each marketplace that has credentials. `env` is process.env or an already
 * parsed env; invalid values throw a ZodError naming the variables.
 */
export function createMarketplaceDrivers(
  env: Readonly<Record<string, unknown>>,
  deps: MarketplaceDriverDeps = {},
): MarketplaceDrivers {
  const config = marketplaceEnvSchema.parse(env);
  const splits = budgetSplits(config);
  const share = deps.share ?? 'interactive';
  const runtime = {
    fetch: deps.fetch,
    logger: deps.logger,
    now: deps.now,
    sleep: deps.sleep,
    retry: deps.retry,
    breaker: deps.breaker,
    rateLimiter: deps.rateLimiter,
    timeoutMs: deps.timeoutMs ?? config.MARKETPLACE_TIMEOUT_MS,
  };
  const unavailable: MarketplaceDrivers['unavailable'] = {};
  let ebay: EbayDriver | undefined;
  let aliexpress: AliExpressDriver | undefined;
  if (config.EBAY_CLIENT_ID && config.EBAY_CLIENT_SECRET) {
    ebay = new EbayDriver({
      ...runtime,
      baseUrl: config.EBAY_API_URL,
      clientId: config.EBAY_CLIENT_ID,
      clientSecret: config.EBAY_CLIENT_SECRET,
      getItemsGranted: config.EBAY_GET_ITEMS_GRANTED,
      campaignId: config.EBAY_CAMPAIGN_ID,
      budget: { split: splits.ebay, share },
    });
  } else {
    unavailable.ebay = 'EBAY_CLIENT_ID and EBAY_CLIENT_SECRET are not set';
  }
  if (config.ALIEXPRESS_APP_KEY && config.ALIEXPRESS_APP_SECRET) {
    aliexpress = new AliExpressDriver({
      ...runtime,
      apiUrl: config.ALIEXPRESS_API_URL,
      appKey: config.ALIEXPRESS_APP_KEY,
      appSecret: config.ALIEXPRESS_APP_SECRET,
      trackingId: config.ALIEXPRESS_TRACKING_ID,
      rateLimit: { limit: config.ALIEXPRESS_CALLS_PER_SECOND, windowMs: 1000 },
      budget: { split: splits.aliexpress, share },
    });
  } else {
    unavailable.aliexpress = 'ALIEXPRESS_APP_KEY and ALIEXPRESS_APP_SECRET are not set';
  }
  const list: MarketplaceDriver[] = [ebay, aliexpress].filter(
    (d): d is EbayDriver | AliExpressDriver => d !== undefined,
  );
  return {
    ebay,
    aliexpress,
    list,
    get: (marketplace) => list.find((d) => d.marketplace === marketplace),
    unavailable,
  };
}

/** The configured credentials are real ones (not absent): the caller should not start the demo servers. */
export function hasLiveCredentials(
  env: Readonly<Record<string, unknown>>,
): Record<DriverMarketplace, boolean> {
  const config = marketplaceEnvSchema.safeParse(env);
  if (!config.success) return { ebay: false, aliexpress: false };
  return {
    ebay: Boolean(config.data.EBAY_CLIENT_ID && config.data.EBAY_CLIENT_SECRET),
    aliexpress: Boolean(config.data.ALIEXPRESS_APP_KEY && config.data.ALIEXPRESS_APP_SECRET),
  };
}
