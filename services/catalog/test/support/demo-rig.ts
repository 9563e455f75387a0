import { createMarketplaceDrivers } from '@pt/marketplaces';
import { MemoryRateLimiter, PGliteDatabase, type Database } from '@pt/platform';
import {
  createManualClock,
  createTestPostgres,
  FakeClock,
  postgresAvailability,
  startDemoMarketplaces,
  type DemoMarketplaces,
  type ManualClock,
} from '@pt/testing';
import { startCatalogHost, type CatalogHost } from './catalog-host';

/** A moment inside the demo catalog's life, fixed so prices are predictable. */
export const DEMO_START = Date.UTC(2025, 5, 1, 12, 0, 0);

/** Affiliate ids the rig configures; product links must carry them. */
export const AFFILIATE = { EBAY_CAMPAIGN_ID: '5338000001', ALIEXPRESS_TRACKING_ID: 'pt-demo' } as const;

/**
 * The rig's timeout per marketplace call. Short, so a hung marketplace costs a test seconds; not
 * so short that the demo's slowest honest answer (its first hot listings, on a loaded machine)
 * passes for a hung one.
 */
export const RIG_TIMEOUT_MS = 3_000;

export interface DemoRig {
  demo: DemoMarketplaces;
  demoClock: ManualClock;
  catalog: CatalogHost;
  /** Which database the catalog runs on (Postgres when DATABASE_URL names a test database). */
  database: 'postgres' | 'pglite';
  close(): Promise<void>;
}

async function openDatabase(): Promise<{
  db: Database;
  database: DemoRig['database'];
  drop(): Promise<void>;
}> {
  if (postgresAvailability().available) {
    const pg = await createTestPostgres();
    return { db: pg.db, database: 'postgres', drop: () => pg.drop() };
  }
  const db = await PGliteDatabase.open();
  return { db, database: 'pglite', drop: async () => undefined };
}

/**
 * The catalog against the demo marketplaces through the real drivers. `fromEnv` lets the catalog
 * build its drivers from the EBAY_* / ALIEXPRESS_* variables as a host would; otherwise the rig
 * builds them from the same variables with test-speed resilience (short timeout and back-off, a
 * breaker that does not open between tests).
 */
export async function startDemoRig(options: { fromEnv?: boolean } = {}): Promise<DemoRig> {
  const demoClock = createManualClock(DEMO_START);
  const demo = await startDemoMarketplaces({ seed: 'catalog-test', clock: demoClock });
  const { db, database, drop } = await openDatabase();
  const env = { ...demo.env, ...AFFILIATE, MARKETPLACE_TIMEOUT_MS: String(RIG_TIMEOUT_MS) };
  const drivers = options.fromEnv
    ? undefined
    : createMarketplaceDrivers(env, {
        rateLimiter: new MemoryRateLimiter(demoClock.now),
        // The drivers read the demo's clock: a test moves it past a 429 cool-down (Retry-After).
        now: demoClock.now,
        timeoutMs: RIG_TIMEOUT_MS,
        retry: { baseDelayMs: 5, maxDelayMs: 20 },
        breaker: { failureThreshold: 1000, resetTimeoutMs: 1000 },
      });
  const catalog = await startCatalogHost({ db, env, drivers, clock: new FakeClock(DEMO_START) });
  return {
    demo,
    demoClock,
    catalog,
    database,
    async close() {
      await catalog.close();
      await demo.close();
      await drop();
    },
  };
}
