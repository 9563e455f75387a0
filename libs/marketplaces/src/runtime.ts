import type { RateLimiter } from '@pt/platform';
import {
  CircuitBreaker,
  CredentialBudget,
  DEFAULT_CIRCUIT_BREAKER,
  ResilientHttpClient,
  credentialKey,
  type CircuitBreakerOptions,
  type DriverLogger,
  type FetchFn,
  type RetryPolicy,
  type BudgetSplit,
  type QuotaShare,
} from './http';

/** What both drivers take besides their credentials: I/O, clock and resilience knobs. */
export interface DriverRuntime {
  fetch?: FetchFn;
  logger?: DriverLogger;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** The shared per-credential limiter (Redis in distributed mode, in-process otherwise). */
  rateLimiter?: RateLimiter;
  /** Calls per window allowed for the credential (AliExpress: per second); only used with a rateLimiter. */
  rateLimit?: { limit: number; windowMs: number };
  /** The credential's daily budget and which share this driver spends; only used with a rateLimiter. */
  budget?: { split: BudgetSplit; share: QuotaShare };
  /** Per attempt. Default 8 s. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  breaker?: Partial<Omit<CircuitBreakerOptions, 'now'>>;
}

export const DEFAULT_TIMEOUT_MS = 8_000;

export function createHttpClient(
  marketplace: string,
  credential: string,
  runtime: DriverRuntime,
): ResilientHttpClient {
  const now = runtime.now ?? Date.now;
  const breaker = new CircuitBreaker({ ...DEFAULT_CIRCUIT_BREAKER, ...runtime.breaker, now });
  return new ResilientHttpClient({
    name: marketplace,
    fetch: runtime.fetch,
    timeoutMs: runtime.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: runtime.retry,
    breaker,
    logger: runtime.logger,
    now,
    sleep: runtime.sleep,
    random: runtime.random,
    rateLimit:
      runtime.rateLimiter && runtime.rateLimit
        ? { limiter: runtime.rateLimiter, key: credentialKey(marketplace, credential), ...runtime.rateLimit }
        : undefined,
    budget:
      runtime.rateLimiter && runtime.budget
        ? {
            budget: new CredentialBudget(
              runtime.rateLimiter,
              credentialKey(marketplace, credential),
              runtime.budget.split,
              now,
            ),
            share: runtime.budget.share,
          }
        : undefined,
  });
}
