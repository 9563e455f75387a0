import { hasLiveCredentials } from '@pt/marketplaces';
import { demoHistoryConfig } from '@pt/pricing';
import {
  DEFAULT_DEMO_SEED,
  startDemoMarketplaces,
  type DemoMarketplaces,
  type DemoMarketplacesOptions,
} from '@pt/demo-marketplaces';

export interface MarketplaceEnvironment {
  /** The environment the services see: live credentials where given, the demo servers elsewhere. */
  env: Record<string, string | undefined>;
  demo?: DemoMarketplaces;
  close(): Promise<void>;
}

const VARIABLES = {
  ebay: ['EBAY_CLIENT_ID', 'EBAY_CLIENT_SECRET', 'EBAY_API_URL', 'EBAY_GET_ITEMS_GRANTED'],
  aliexpress: ['ALIEXPRESS_APP_KEY', 'ALIEXPRESS_APP_SECRET', 'ALIEXPRESS_API_URL'],
} as const;
/**
 * The catalog's badge deadline while pricing backfills demo listings: a fresh demo's first search
 * page has its cards' simulated year written inside the badges request (1.5-2.5 s for 24-48 cards
 * on PGlite on a loaded machine, far past the default 300 ms), and a first search without badges
 * would show the demo's main feature missing. Later answers read stored statistics in milliseconds.
 */
export const DEMO_BADGE_TIMEOUT_MS = 5000;
const QUOTA_VARIABLE = { ebay: 'EBAY_CALLS_PER_DAY', aliexpress: 'ALIEXPRESS_CALLS_PER_DAY' } as const;

/**
 * Without credentials for a marketplace the host talks HTTP to the built-in demo marketplace
 * instead (ARCHITECTURE §5), so a new user sees searches, history and drops with no API keys.
 * A marketplace with credentials keeps its live API.
 *
 * A demo marketplace also declares its own daily quota (DEMO_CALLS_PER_DAY), so the pollers,
 * paced by their share of it, poll at the configured interval; a quota the user set is kept, and
 * a marketplace with real credentials keeps its real quota and pacing.
 */
export async function marketplaceEnvironment(
  rawEnv: Record<string, string | undefined>,
  demoOptions: Omit<DemoMarketplacesOptions, 'seed'> = {},
): Promise<MarketplaceEnvironment> {
  const live = hasLiveCredentials(rawEnv);
  if (live.ebay && live.aliexpress) return { env: rawEnv, close: async () => undefined };
  const demo = await startDemoMarketplaces({ ...demoOptions, seed: rawEnv.DEMO_SEED ?? DEFAULT_DEMO_SEED });
  const env = { ...rawEnv };
  for (const marketplace of ['ebay', 'aliexpress'] as const) {
    if (live[marketplace]) continue;
    for (const name of VARIABLES[marketplace]) env[name] = demo.env[name];
    const quota = QUOTA_VARIABLE[marketplace];
    if (!rawEnv[quota]?.trim()) env[quota] = demo.quotaEnv[quota];
  }
  // The admin-only price pin (alert-notifier) reaches the running demo through these.
  env.DEMO_CONTROL_URL = demo.env.DEMO_CONTROL_URL;
  env.DEMO_CONTROL_TOKEN = demo.env.DEMO_CONTROL_TOKEN;
  const served = (['ebay', 'aliexpress'] as const).filter((marketplace) => !live[marketplace]);
  // The gateway allows the pictures of exactly these servers (its CSP's img-src), and pricing
  // backfills the history of exactly these marketplaces' demo listings, from this seed's catalog.
  env.DEMO_MARKETPLACES = served.join(',');
  env.DEMO_SEED = rawEnv.DEMO_SEED ?? DEFAULT_DEMO_SEED;
  env.DEMO_IMAGE_ORIGINS = served
    .map((marketplace) => new URL(marketplace === 'ebay' ? demo.ebayUrl : demo.aliexpressUrl).origin)
    .join(',');
  // Exactly when pricing's demo backfill is on (same guards); a deadline the user set is kept.
  if (!rawEnv.CATALOG_BADGE_TIMEOUT_MS?.trim() && demoHistoryConfig(env, env.NODE_ENV))
    env.CATALOG_BADGE_TIMEOUT_MS = String(DEMO_BADGE_TIMEOUT_MS);
  return { env, demo, close: () => demo.close() };
}
