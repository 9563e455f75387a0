import { z } from 'zod';
import { GEOLOCATION_TIMEOUTS_MS } from '@pt/domain';
import { httpUrl } from '@pt/platform';
import { marketplaceEnvSchema, splitBudget } from '@pt/marketplaces';

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const millis = (fallback: number, max: number, min = 1) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(min)
      .max(max)
      .default(fallback),
  );

const optionalCount = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1)
    .max(1_000_000)
    .optional(),
);

/**
 * The catalog's own variables. The marketplace credentials come from the drivers' schema: without
 * them no driver is built and searches answer from the static samples only (the hosts point the
 * EBAY_* / ALIEXPRESS_* variables at the demo marketplaces when no real credentials are given).
 */
export const catalogOwnEnv = {
  /**
   * A Frankfurter-shaped rates API (`GET {url}/latest?base=USD`), e.g. https://api.frankfurter.dev/v1.
   * Unset: no live rates, every conversion uses the §9 table with source 'fallback' — the embedded
   * host runs offline and must not depend on a third party.
   */
  CURRENCY_API_URL: httpUrl,
  CURRENCY_API_TIMEOUT_MS: millis(3000, 60_000),
  /**
   * An ipapi.co-shaped geolocation API (`GET {url}/{ip}/json/`), e.g. https://ipapi.co. Unset: no
   * lookup (callers' addresses are not sent to a third party unless an operator opts in) and
   * GET /geo answers the default region.
   */
  GEO_API_URL: httpUrl,
  /** §7: the IP lookup is aborted after 3 s. */
  GEO_API_TIMEOUT_MS: millis(GEOLOCATION_TIMEOUTS_MS.provider, 60_000),
  /**
   * How long a products_cache row answers a lookup before the live API is asked again. A stale row
   * is still served when the live call fails (better than a placeholder).
   */
  CATALOG_CACHE_TTL_MS: millis(60 * 60 * 1000, 7 * 24 * 60 * 60 * 1000),
  /**
   * Hot products_cache rows kept in memory, so a cached product page costs no
   * database round trip; 0 turns it off. Dropped on the catalog's own writes and on price.changed;
   * the age limit bounds how long another instance's write can go unseen.
   */
  CATALOG_PRODUCT_LRU_SIZE: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0)
      .max(1_000_000)
      .default(1000),
  ),
  CATALOG_PRODUCT_LRU_MAX_AGE_MS: millis(60 * 1000, 60 * 60 * 1000),
  /**
   * How long a marketplace search answer is reused for the same search (normalised query, filters,
   * sort, page, region, marketplace): 5 minutes. Kept up to an hour to stand in when the
   * marketplace's quota share is spent. 0 turns the cache off.
   */
  CATALOG_SEARCH_CACHE_TTL_MS: millis(5 * 60 * 1000, 60 * 60 * 1000, 0),
  /**
   * Per-client limit on the routes that can cost marketplace calls (search, products, related,
   * deals, trending, new arrivals, categories, marketplace pages), per verified user or else per
   * address: a burst of CATALOG_CLIENT_BURST requests, refilled at CATALOG_CLIENT_PER_MINUTE.
   * Defaults: 60 and 60, but never more than half the smallest interactive burst of the configured
   * marketplace budgets, so no single client can spend a marketplace's burst on its own
   * (see clientLimits).
   */
  CATALOG_CLIENT_BURST: optionalCount,
  CATALOG_CLIENT_PER_MINUTE: optionalCount,
  /**
   * Where the catalog asks pricing for the good-price badges of an answer's products (one request
   * per answer). Unset in the embedded host: it then asks its own gateway, whose address it learns
   * once it listens. Unset elsewhere: answers carry no badges.
   */
  PRICING_URL: httpUrl,
  /**
   * How long a search or product answer waits for its badges (ms, 300): past it, or when pricing
   * fails, the answer goes out without them.
   */
  CATALOG_BADGE_TIMEOUT_MS: millis(300, 10_000),
};
/** safeExtend keeps the drivers' check that a credential comes with its other half. */
export const catalogConfigSchema = marketplaceEnvSchema.safeExtend(catalogOwnEnv);
export type CatalogConfig = z.output<typeof catalogConfigSchema>;

/** Default per-client burst and refill (requests, requests a minute). */
export const DEFAULT_CLIENT_LIMIT = 60;

/** The per-client limit in force: the variables, or the defaults capped by the budgets (see above). */
export function clientLimits(config: CatalogConfig): { burst: number; perMinute: number } {
  const bursts: number[] = [];
  const split = (perDay: number) =>
    splitBudget(perDay, config.MARKETPLACE_POLLER_SHARE, config.MARKETPLACE_INTERACTIVE_BURST).burst;
  if (config.EBAY_CLIENT_ID) bursts.push(split(config.EBAY_CALLS_PER_DAY));
  if (config.ALIEXPRESS_APP_KEY) bursts.push(split(config.ALIEXPRESS_CALLS_PER_DAY));
  const cap = Math.max(1, Math.floor(Math.min(DEFAULT_CLIENT_LIMIT * 2, ...bursts) / 2));
  const burst = config.CATALOG_CLIENT_BURST ?? Math.min(DEFAULT_CLIENT_LIMIT, cap);
  return { burst, perMinute: config.CATALOG_CLIENT_PER_MINUTE ?? Math.min(DEFAULT_CLIENT_LIMIT, burst) };
}
