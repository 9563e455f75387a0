import type { Server } from 'node:http';
import { createAliExpressDemoServer, ALIEXPRESS_DEMO_PATH } from './aliexpress-server';
import { DemoCatalog } from './catalog';
import { systemClock, type DemoClock } from './clock';
import { randomBytes } from 'node:crypto';
import { createDemoControlServer } from './control-server';
import { createEbayDemoServer } from './ebay-server';
import { DemoFaults, DemoRequestLog } from './faults';
import { Delays, closeServer, listen } from './http-util';

export * from './catalog';
export * from './clock';
export * from './faults';
export * from './matching-set';
export type { DemoIdentifiers } from './models';
export * from './price-curve';
export { demoImagePath, productImageSvg } from './product-image';
export { parseFilter as parseEbayFilter } from './ebay-server';

export interface DemoCredentials {
  ebay: { clientId: string; clientSecret: string };
  aliexpress: { appKey: string; appSecret: string };
}

/** The catalog the hosts' demo marketplaces sell from unless DEMO_SEED names another. */
export const DEFAULT_DEMO_SEED = 'price-tracker';

export const DEMO_CREDENTIALS: DemoCredentials = {
  ebay: { clientId: 'demo-ebay-client', clientSecret: 'demo-ebay-secret' },
  aliexpress: { appKey: '500123', appSecret: 'demo_secret' },
};

/** The marketplace credential variables of the demo servers, as the services read them. */
export function demoCredentialEnv(credentials: DemoCredentials = DEMO_CREDENTIALS): Record<string, string> {
  return {
    EBAY_CLIENT_ID: credentials.ebay.clientId,
    EBAY_CLIENT_SECRET: credentials.ebay.clientSecret,
    ALIEXPRESS_APP_KEY: credentials.aliexpress.appKey,
    ALIEXPRESS_APP_SECRET: credentials.aliexpress.appSecret,
  };
}

/**
 * The daily call quota the demo marketplaces declare per credential. They enforce none, so the
 * hosts declare a generous one for them: the pricing pollers, paced by their share of a
 * credential's quota, then poll at the configured interval (the README's quick-poller recipe)
 * instead of at a real eBay credential's pace (5,000 calls a day: about one poll a minute).
 */
export const DEMO_CALLS_PER_DAY = 10_000_000;

export interface DemoMarketplacesOptions {
  seed?: string | number;
  /** Where both servers read the time (prices, token expiry). Default the system clock. */
  clock?: DemoClock;
  /** eBay server port (0 = any free port, the default); AliExpress takes aliexpressPort, else port + 1 (or any when 0). */
  port?: number;
  aliexpressPort?: number;
  /** Catalog size, ≥ 5,000 by default (6,000). */
  size?: number;
  /** Prices are constant within a bucket. Default 5 minutes. */
  priceBucketMs?: number;
  /** eBay token lifetime in seconds. Default 7,200. */
  tokenTtlS?: number;
  /** Whether the demo eBay grants the Limited Release getItems call. Default true. */
  getItemsGranted?: boolean;
  credentials?: Partial<DemoCredentials>;
  /** The control server's port (0 = any free port, the default) and token (default: a new one). */
  controlPort?: number;
  controlToken?: string;
  /** Price pins in force from the start, by product key (a restarted process's saved pins). */
  pins?: Record<string, number>;
  /** Called with every pin in force after each change through the control server. */
  onPinsChange?: (pins: Record<string, number>) => void;
  /** Product keys unavailable from the start (a restarted process's saved demo control). */
  unavailable?: string[];
  /** Called with every product key made unavailable after each change through the control server. */
  onAvailabilityChange?: (unavailable: string[]) => void;
}

export interface DemoMarketplaces {
  /** eBay host (the drivers add /identity/… and /buy/browse/v1/…), e.g. http://127.0.0.1:40123. */
  ebayUrl: string;
  /** The AliExpress gateway including /sync. */
  aliexpressUrl: string;
  credentials: DemoCredentials;
  /** The variables that point createMarketplaceDrivers at these servers. */
  env: Record<string, string>;
  /**
   * The quota variables these servers declare (DEMO_CALLS_PER_DAY each). Apart from `env`, so a
   * test of quota behaviour keeps the real defaults; the hosts apply them (all-in-one).
   */
  quotaEnv: { EBAY_CALLS_PER_DAY: string; ALIEXPRESS_CALLS_PER_DAY: string };
  faults: DemoFaults;
  catalog: DemoCatalog;
  clock: DemoClock;
  requests: DemoRequestLog;
  close(): Promise<void>;
}

/**
 * Starts an eBay-shaped and an AliExpress-shaped server on 127.0.0.1 selling from one seeded catalog.
 * Used by the tests and, without live credentials, by `npm start`.
 */
export async function startDemoMarketplaces(
  options: DemoMarketplacesOptions = {},
): Promise<DemoMarketplaces> {
  const clock = options.clock ?? systemClock;
  const catalog = new DemoCatalog({
    seed: options.seed,
    size: options.size,
    priceBucketMs: options.priceBucketMs,
  });
  const faults = new DemoFaults();
  const requests = new DemoRequestLog();
  const delays = new Delays();
  const credentials: DemoCredentials = {
    ebay: { ...DEMO_CREDENTIALS.ebay, ...options.credentials?.ebay },
    aliexpress: { ...DEMO_CREDENTIALS.aliexpress, ...options.credentials?.aliexpress },
  };
  const getItemsGranted = options.getItemsGranted ?? true;
  const ebay = createEbayDemoServer({
    catalog,
    clock,
    faults,
    requests,
    delays,
    ...credentials.ebay,
    tokenTtlS: options.tokenTtlS ?? 7_200,
    getItemsGranted,
  });
  const aliexpress = createAliExpressDemoServer({
    catalog,
    clock,
    faults,
    requests,
    delays,
    ...credentials.aliexpress,
  });
  const servers: Server[] = [];
  try {
    const port = options.port ?? 0;
    const ebayUrl = await listen(ebay, port);
    servers.push(ebay);
    const aliexpressBase = await listen(aliexpress, options.aliexpressPort ?? (port === 0 ? 0 : port + 1));
    servers.push(aliexpress);
    const aliexpressUrl = `${aliexpressBase}${ALIEXPRESS_DEMO_PATH}`;
    // Demo control (price pin): its own loopback server, any free port, a token per start.
    const controlToken = options.controlToken ?? randomBytes(24).toString('base64url');
    for (const [key, price] of Object.entries(options.pins ?? {})) catalog.pin(key, price);
    for (const key of options.unavailable ?? []) catalog.setAvailable(key, false);
    const control = createDemoControlServer({
      catalog,
      token: controlToken,
      onPinsChange: options.onPinsChange,
      onAvailabilityChange: options.onAvailabilityChange,
    });
    const controlUrl = await listen(control, options.controlPort ?? 0);
    servers.push(control);
    return {
      ebayUrl,
      aliexpressUrl,
      credentials,
      env: {
        ...demoCredentialEnv(credentials),
        EBAY_API_URL: ebayUrl,
        EBAY_GET_ITEMS_GRANTED: String(getItemsGranted),
        ALIEXPRESS_API_URL: aliexpressUrl,
        DEMO_CONTROL_URL: controlUrl,
        DEMO_CONTROL_TOKEN: controlToken,
      },
      quotaEnv: {
        EBAY_CALLS_PER_DAY: String(DEMO_CALLS_PER_DAY),
        ALIEXPRESS_CALLS_PER_DAY: String(DEMO_CALLS_PER_DAY),
      },
      faults,
      catalog,
      clock,
      requests,
      async close() {
        delays.cancelAll();
        await Promise.all(servers.map(closeServer));
      },
    };
  } catch (error) {
    delays.cancelAll();
    await Promise.all(servers.map(closeServer));
    throw error;
  }
}
export { startItemPagesServer, type ItemPagesServer } from './item-pages-server';
