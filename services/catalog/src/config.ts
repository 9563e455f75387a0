import { z } from 'zod';
import { GEOLOCATION_TIMEOUTS_MS } from '@pt/domain';
import { httpUrl } from '@pt/platform';
import { marketplaceEnvSchema } from '@pt/marketplaces';

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const millis = (fallback: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1)
      .max(max)
      .default(fallback),
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
  GEO_API_TIMEOUT_MS: millis(GEOLOCATION_TIMEOUTS_MS.detection, 60_000),
  /**
   * How long a products_cache row answers a lookup before the live API is asked again. A stale row
   * is still served when the live call fails (better than a placeholder).
   */
  CATALOG_CACHE_TTL_MS: millis(60 * 60 * 1000, 7 * 24 * 60 * 60 * 1000),
  /**
   * Hot products_cache rows kept in memory (issue 9 item 10), so a cached product page costs no
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
};
/** safeExtend keeps the drivers' check that a credential comes with its other half. */
export const catalogConfigSchema = marketplaceEnvSchema.safeExtend(catalogOwnEnv);
export type CatalogConfig = z.output<typeof catalogConfigSchema>;
