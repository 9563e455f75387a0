import { MemoryRateLimiter } from '@pt/platform/rate-limit/index';
import {
  startDemoMarketplaces,
  createManualClock,
  type DemoMarketplaces,
  type DemoMarketplacesOptions,
  type ManualClock,
} from '@pt/demo-marketplaces';
import { AliExpressDriver, type AliExpressDriverOptions } from '../src/aliexpress/aliexpress-driver';
import { EbayDriver, type EbayDriverOptions } from '../src/ebay/ebay-driver';
import type { MarketplaceError } from '../src/errors';

/** A moment inside the demo catalog's life, fixed so prices are predictable. */
export const DEMO_START = Date.UTC(2025, 5, 1, 12, 0, 0);

export interface DemoRig {
  demo: DemoMarketplaces;
  clock: ManualClock;
  ebay(overrides?: Partial<EbayDriverOptions>): EbayDriver;
  aliexpress(overrides?: Partial<AliExpressDriverOptions>): AliExpressDriver;
}

/**
 * Fast resilience settings for tests: short back-off, a small breaker. The timeout bounds a hung
 * call, not a slow one: the demo's first hot-products answer can take over a second on a loaded
 * machine, and the tests of timeouts set their own.
 */
export const FAST = {
  timeoutMs: 5_000,
  retry: { baseDelayMs: 5, maxDelayMs: 20 },
  breaker: { failureThreshold: 3, resetTimeoutMs: 60_000 },
} as const;

export async function startRig(options: DemoMarketplacesOptions = {}): Promise<DemoRig> {
  const clock = createManualClock(DEMO_START);
  const demo = await startDemoMarketplaces({ seed: 'test-seed', clock, ...options });
  return {
    demo,
    clock,
    ebay: (overrides = {}) =>
      new EbayDriver({
        baseUrl: demo.ebayUrl,
        ...demo.credentials.ebay,
        getItemsGranted: true,
        now: clock.now,
        rateLimiter: new MemoryRateLimiter(),
        rateLimit: { limit: 10_000, windowMs: 60_000 },
        ...FAST,
        ...overrides,
      }),
    aliexpress: (overrides = {}) =>
      new AliExpressDriver({
        apiUrl: demo.aliexpressUrl,
        ...demo.credentials.aliexpress,
        now: clock.now,
        rateLimiter: new MemoryRateLimiter(),
        rateLimit: { limit: 10_000, windowMs: 60_000 },
        ...FAST,
        ...overrides,
      }),
  };
}

/** The error a driver call rejected with, checked to be the driver's own error class. */
export async function rejectionOf(
  promise: Promise<unknown>,
  errorClass: abstract new (...args: never[]) => MarketplaceError,
): Promise<MarketplaceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(errorClass);
  return error as MarketplaceError;
}
