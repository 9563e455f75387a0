import type { MarketplaceStatus } from '@pt/contracts/catalog-api';
import { LIVE_MARKETPLACES, MARKETPLACE_NAMES, type LiveMarketplaceId } from '@pt/domain';
import { isMarketplaceError, type MarketplaceDriver, type UpstreamFailureLog } from '@pt/marketplaces';
import type { Logger } from '@pt/platform';
import { marketplaceFailuresTotal } from '../metrics';
import type { CatalogDrivers } from '../tokens';
import { QuotaFallback } from './search-cache';

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
 * A marketplace whose share of its daily budget is spent: not an outage, a pause. The client is
 * told so (status 'quota'), with what a recent identical search found when there is one.
 */
export function quotaStatus(
  marketplace: LiveMarketplaceId,
  retryAfterMs: number | undefined,
  fromCache: boolean,
): MarketplaceStatus {
  const name = MARKETPLACE_NAMES[marketplace];
  const minutes = retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const when =
    minutes === undefined ? 'later' : minutes === 1 ? 'in about a minute' : `in about ${minutes} minutes`;
  return {
    marketplace,
    status: 'quota',
    count: 0,
    error: {
      code: 'quota',
      message: `${name} has reached its call quota for now${fromCache ? ', so these are recent saved results' : ''}. Fresh ${name} results ${when}.`,
      rateLimited: true,
      ...(retryAfterMs !== undefined ? { retryAfterMs: Math.max(0, Math.round(retryAfterMs)) } : {}),
    },
  };
}

/** A failure worth a log line here: the drivers already log their own (MarketplaceError) once. */
function isUnexpected(error: unknown): boolean {
  return !isMarketplaceError(error) && !(error instanceof QuotaFallback);
}

/**
 * The `onError` of a fan-out: a marketplace missing the deadline is an expected upstream failure
 * (one line, no stack, summarised when it repeats); anything else is a bug, logged with its stack.
 */
export function fanOutErrorLogger(
  failures: UpstreamFailureLog,
  logger: Pick<Logger, 'error'>,
  operation: string,
  deadlineMs = MARKETPLACE_DEADLINE_MS,
): (marketplace: LiveMarketplaceId, error: unknown) => void {
  return (marketplace, error) => {
    if (error instanceof DeadlineExceeded)
      failures.report({ marketplace, operation, code: 'timeout', durationMs: deadlineMs });
    else logger.error({ marketplace, err: error }, `marketplace ${operation} failed`);
  };
}

/**
 * Calls each wanted live marketplace in parallel. A marketplace without a driver is 'skipped'; one
 * whose quota share is spent is 'quota' (with a cached answer when there is one); one that throws
 * (whatever it throws) or misses the deadline is 'failed'. Never rejects. `onError` hears of
 * everything but the drivers' own errors, which they log once themselves (summarised when repeated).
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
        if (error instanceof QuotaFallback || (isMarketplaceError(error) && error.code === 'quota')) {
          const quota = error instanceof QuotaFallback ? error.error : error;
          const stale = error instanceof QuotaFallback ? error.stale : undefined;
          marketplaceFailuresTotal.inc({ marketplace, code: 'quota' });
          return {
            marketplace,
            ...(stale ? { value: stale as T } : {}),
            status: quotaStatus(marketplace, quota.retryAfterMs, stale !== undefined),
          };
        }
        if (isUnexpected(error)) onError(marketplace, error);
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
