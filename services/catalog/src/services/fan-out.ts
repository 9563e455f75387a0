import type { MarketplaceStatus } from '@pt/contracts/catalog-api';
import { LIVE_MARKETPLACES, type LiveMarketplaceId } from '@pt/domain';
import { isMarketplaceError, type MarketplaceDriver } from '@pt/marketplaces';
import { marketplaceFailuresTotal } from '../metrics';
import type { CatalogDrivers } from '../tokens';

/**
 * Longest a page waits for one marketplace. The drivers have their own per-attempt timeouts and
 * retries; this bounds the sum, so a slow marketplace turns into a 'failed' status and partial
 * results instead of a hanging page.
 */
export const MARKETPLACE_DEADLINE_MS = 10_000;

export class DeadlineExceeded extends Error {
  readonly code = 'timeout';
  constructor(marketplace: string, ms: number) {
    super(`${marketplace} did not answer within ${ms} ms`);
  }
}

export interface FanOutResult<T> {
  marketplace: LiveMarketplaceId;
  value?: T;
  status: MarketplaceStatus;
}

function withDeadline<T>(promise: Promise<T>, marketplace: string, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(marketplace, ms)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** A failure as the client sees it: the driver's §8 message and code, never a stack or raw body. */
export function failedStatus(marketplace: LiveMarketplaceId, error: unknown): MarketplaceStatus {
  if (isMarketplaceError(error)) {
    return {
      marketplace,
      status: 'failed',
      count: 0,
      error: {
        code: error.code,
        message: error.message,
        rateLimited: error.rateLimited,
        ...(error.retryAfterMs !== undefined
          ? { retryAfterMs: Math.max(0, Math.round(error.retryAfterMs)) }
          : {}),
      },
    };
  }
  const timeout = error instanceof DeadlineExceeded;
  return {
    marketplace,
    status: 'failed',
    count: 0,
    error: {
      code: timeout ? 'timeout' : 'internal',
      message: timeout ? error.message : 'The marketplace could not be searched',
      rateLimited: false,
    },
  };
}

/**
 * Calls each wanted live marketplace in parallel. A marketplace without a driver is 'skipped'; one
 * that throws (whatever it throws) or misses the deadline is 'failed'. Never rejects.
 */
export async function fanOut<T>(
  drivers: CatalogDrivers,
  wanted: readonly LiveMarketplaceId[],
  call: (driver: MarketplaceDriver) => Promise<T>,
  onError: (marketplace: LiveMarketplaceId, error: unknown) => void,
  deadlineMs = MARKETPLACE_DEADLINE_MS,
): Promise<FanOutResult<T>[]> {
  return Promise.all(
    LIVE_MARKETPLACES.filter((m) => wanted.includes(m)).map(async (marketplace): Promise<FanOutResult<T>> => {
      const driver = drivers.get(marketplace);
      if (!driver) {
        const reason = drivers.unavailable[marketplace] ?? 'not configured';
        return {
          marketplace,
          status: {
            marketplace,
            status: 'skipped',
            count: 0,
            error: { code: 'not_configured', message: reason, rateLimited: false },
          },
        };
      }
      try {
        const value = await withDeadline(call(driver), marketplace, deadlineMs);
        return { marketplace, value, status: { marketplace, status: 'ok', count: 0 } };
      } catch (error) {
        onError(marketplace, error);
        const status = failedStatus(marketplace, error);
        marketplaceFailuresTotal.inc({ marketplace, code: status.error?.code ?? 'internal' });
        return { marketplace, status };
      }
    }),
  );
}

/** Round-robin merge: the first of each list, then the second of each… (relevance across marketplaces). */
export function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const merged: T[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) merged.push(list[i] as T);
  return merged;
}

/** Keeps the first product of each id (the same product can come from the cache and a marketplace). */
export function uniqueById<T extends { id: string }>(products: readonly T[]): T[] {
  const seen = new Set<string>();
  return products.filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
}
