import { createHash } from 'node:crypto';
import type { Logger, RateLimiter } from '@pt/platform';
import type { CredentialBudget, QuotaShare } from './budget';
import { currentSpender, type Spender } from './spender';
import { CircuitBreaker } from './circuit-breaker';
import { ClientSlots } from './client-slots';
import { deadlineRemainingMs } from './deadline';
import { FAIR_SHARE, reservedPerWindow } from './fair-share';
import {
  DEFAULT_RETRY_POLICY,
  backoffDelayMs,
  isRetryableStatus,
  parseRetryAfterMs,
  type RetryPolicy,
} from './retry';

export type FetchFn = typeof fetch;
export type DriverLogger = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** A short name for logs ("search", "token", "aliexpress.affiliate.product.query"). */
  operation: string;
  /** Not counted against the credential's daily budget (eBay's token mint has its own quota). */
  unmetered?: boolean;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** quota: refused locally because the caller's share of the credential's daily budget is spent. */
export type HttpFailureKind = 'timeout' | 'network' | 'server' | 'rate_limited' | 'circuit_open' | 'quota';

/** The transport gave up. Drivers turn it into their own MarketplaceError. */
export class HttpFailure extends Error {
  constructor(
    readonly kind: HttpFailureKind,
    message: string,
    readonly details: {
      status?: number;
      body?: string;
      retryAfterMs?: number;
      attempts: number;
      cause?: unknown;
    },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'HttpFailure';
  }
}

/**
 * A shared pace per credential (AliExpress's calls per second): each HTTP attempt takes a token of
 * a bucket holding `limit` that refills `limit` per `windowMs`.
 */
export interface CredentialRateLimit {
  limiter: RateLimiter;
  key: string;
  limit: number;
  windowMs: number;
}

export interface ResilientHttpOptions {
  /** The marketplace, for logs. */
  name: string;
  fetch?: FetchFn;
  /** Per attempt, covering the body read (AbortSignal.timeout). */
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  breaker: CircuitBreaker;
  rateLimit?: CredentialRateLimit;
  /** The credential's daily budget and the share this client spends (pollers or interactive). */
  budget?: { budget: CredentialBudget; share: QuotaShare };
  logger?: DriverLogger;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A stable key for a credential that does not put the credential itself into Redis or logs. */
export function credentialKey(marketplace: string, credential: string): string {
  return `marketplace:${marketplace}:${createHash('sha256').update(credential).digest('hex').slice(0, 16)}`;
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: unknown })?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/**
 * Every outbound marketplace call goes through one of these (one per marketplace):
 * - a timeout on every attempt;
 * - retries with exponential back-off on 5xx and network errors (timeouts only if configured);
 * - no retry on 429: it fails fast, and a Retry-After header makes later calls fail fast too until
 *   it has passed, so a throttled credential is not hammered by every caller;
 * - a circuit breaker that counts logical calls (after retries), not attempts;
 * - the shared per-credential rate limiter, which fails open if the limiter itself is down.
 * Responses below 500 other than 429 are returned as they are: reading envelopes is the driver's job.
 */
export class ResilientHttpClient {
  private readonly fetchFn: FetchFn;
  private readonly policy: RetryPolicy;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private blockedUntil = 0;
  private limiterWarnedAt = -Infinity;
  private limiterFailures = 0;
  private readonly slots = new ClientSlots(FAIR_SHARE.clientConcurrency, FAIR_SHARE.slotWaitMs);

  constructor(private readonly options: ResilientHttpOptions) {
    this.fetchFn = options.fetch ?? fetch;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
  }

  get breaker(): CircuitBreaker {
    return this.options.breaker;
  }

  /** Milliseconds left of a Retry-After cool-down, 0 when none. */
  get coolDownMs(): number {
    return Math.max(0, this.blockedUntil - this.now());
  }

  /** Stop calling for `ms` (an API said so in its body, e.g. AliExpress ApiCallLimit "ban will last 1 seconds"). */
  coolDown(ms: number): void {
    if (ms > 0) this.blockedUntil = Math.max(this.blockedUntil, this.now() + ms);
  }

  async request(request: HttpRequest): Promise<HttpResponse> {
    const coolDown = this.coolDownMs;
    if (coolDown > 0) {
      throw new HttpFailure('rate_limited', `${this.options.name} asked us to wait (Retry-After)`, {
        retryAfterMs: coolDown,
        attempts: 0,
      });
    }
    if (deadlineRemainingMs() === 0) throw this.deadlinePassed(request, 0);
    const spender = currentSpender();
    const release = spender ? await this.slots.acquire(spender.client) : undefined;
    if (release === false) {
      throw new HttpFailure('quota', `${this.options.name} calls of this client are queued too long`, {
        retryAfterMs: 1_000,
        attempts: 0,
      });
    }
    try {
      return await this.guarded(request);
    } finally {
      release?.();
    }
  }

  private async guarded(request: HttpRequest): Promise<HttpResponse> {
    const permit = this.options.breaker.acquire();
    if (!permit.allowed) {
      throw new HttpFailure('circuit_open', `${this.options.name} circuit is open`, {
        retryAfterMs: permit.retryAfterMs,
        attempts: 0,
      });
    }
    try {
      const response = await this.attempts(request);
      this.options.breaker.onSuccess();
      return response;
    } catch (error) {
      if (
        error instanceof HttpFailure &&
        (error.kind === 'timeout' || error.kind === 'network' || error.kind === 'server')
      ) {
        this.options.breaker.onFailure();
      } else if (
        error instanceof HttpFailure &&
        error.kind === 'rate_limited' &&
        error.details.status === 429
      ) {
        // The upstream answered: it is alive, just throttling us.
        this.options.breaker.onSuccess();
      } else {
        this.options.breaker.release(permit);
      }
      throw error;
    }
  }

  private async attempts(request: HttpRequest): Promise<HttpResponse> {
    const { logger, name } = this.options;
    for (let attempt = 1; ; attempt++) {
      await this.takeQuota(attempt, request);
      const last = attempt >= this.policy.maxAttempts;
      let response: HttpResponse;
      try {
        response = await this.once(request);
      } catch (error) {
        const timedOut = isTimeout(error);
        const kind = timedOut ? 'timeout' : 'network';
        const delay = backoffDelayMs(this.policy, attempt, this.random);
        const retry = !last && (!timedOut || this.policy.retryOnTimeout) && this.leaves(delay);
        // Per attempt, so debug: the driver logs the call's outcome once (UpstreamFailureLog).
        logger?.debug(
          { marketplace: name, operation: request.operation, attempt, kind, willRetry: retry },
          `${name} call failed`,
        );
        if (!retry) {
          const message = timedOut
            ? `${name} did not answer within ${this.options.timeoutMs} ms`
            : `${name} could not be reached`;
          throw new HttpFailure(kind, message, { attempts: attempt, cause: error });
        }
        await this.sleep(delay);
        continue;
      }

      if (response.status === 429) {
        const retryAfterMs = parseRetryAfterMs(response.headers.get('retry-after'), this.now());
        if (retryAfterMs !== undefined && retryAfterMs > 0)
          this.blockedUntil = Math.max(this.blockedUntil, this.now() + retryAfterMs);
        logger?.debug(
          { marketplace: name, operation: request.operation, retryAfterMs },
          `${name} rate limited the call`,
        );
        throw new HttpFailure('rate_limited', `${name} answered 429`, {
          status: 429,
          body: response.body,
          retryAfterMs,
          attempts: attempt,
        });
      }
      if (isRetryableStatus(response.status)) {
        const delay = backoffDelayMs(this.policy, attempt, this.random);
        const retry = !last && this.leaves(delay);
        logger?.debug(
          {
            marketplace: name,
            operation: request.operation,
            attempt,
            status: response.status,
            willRetry: retry,
          },
          `${name} answered ${response.status}`,
        );
        if (!retry) {
          throw new HttpFailure('server', `${name} answered ${response.status}`, {
            status: response.status,
            body: response.body,
            attempts: attempt,
          });
        }
        await this.sleep(delay);
        continue;
      }
      return response;
    }
  }

  private async takeQuota(attempt: number, request: HttpRequest): Promise<void> {
    const quota = this.options.rateLimit;
    const spender = currentSpender();
    if (quota) {
      const decision = await this.takePace(quota, spender);
      if (!decision.allowed) {
        throw new HttpFailure('rate_limited', `${this.options.name} quota for this credential is used up`, {
          retryAfterMs: decision.retryAfterMs,
          attempts: attempt - 1,
        });
      }
    }
    const budget = this.options.budget;
    if (budget && !request.unmetered) {
      const decision = await this.decide(() => budget.budget.take(budget.share, spender));
      if (!decision.allowed) {
        throw new HttpFailure(
          'quota',
          `${this.options.name} ${budget.share} share of the daily quota is spent`,
          {
            retryAfterMs: decision.retryAfterMs,
            attempts: attempt - 1,
          },
        );
      }
    }
  }

  /**
   * One token of the credential's pace. A shopper who is not reserved must leave the reserved
   * calls of each window and is refused at once; a reserved one waits for the
   * next token when it comes within the window.
   */
  private async takePace(quota: CredentialRateLimit, spender: Spender | undefined) {
    const bucket = { capacity: quota.limit, refillPerMs: quota.limit / quota.windowMs };
    const keep = spender && !spender.reserved ? reservedPerWindow(quota.limit) : 0;
    for (let tries = 0; ; tries++) {
      const decision = await this.decide(() => quota.limiter.take(quota.key, bucket, 1, keep));
      if (decision.allowed || !spender?.reserved || tries >= 2 || decision.retryAfterMs > quota.windowMs)
        return decision;
      await this.sleep(decision.retryAfterMs);
    }
  }

  /** A broken limiter must not take the marketplace down with it: it lets the call through. */
  private async decide(check: () => Promise<{ allowed: boolean; retryAfterMs: number }>) {
    try {
      return await check();
    } catch (error) {
      // At most one line a minute: with Redis down every call would otherwise log a stack.
      const now = Date.now();
      if (now - this.limiterWarnedAt >= 60_000) {
        this.options.logger?.warn(
          {
            marketplace: this.options.name,
            err: error,
            ...(this.limiterFailures > 0 ? { alsoFailedSinceLastLine: this.limiterFailures } : {}),
          },
          'marketplace rate limiter failed; letting the call through',
        );
        this.limiterWarnedAt = now;
        this.limiterFailures = 0;
      } else this.limiterFailures++;
      return { allowed: true, retryAfterMs: 0 };
    }
  }

  /** Whether a back-off of `delayMs` still leaves time for another attempt within the lookup's deadline. */
  private leaves(delayMs: number): boolean {
    const remaining = deadlineRemainingMs();
    return remaining === undefined || remaining > delayMs;
  }

  private deadlinePassed(request: HttpRequest, attempts: number): HttpFailure {
    return new HttpFailure(
      'timeout',
      `${this.options.name} lookup ran out of time before ${request.operation}`,
      {
        attempts,
      },
    );
  }

  private async once(request: HttpRequest): Promise<HttpResponse> {
    const remaining = deadlineRemainingMs();
    if (remaining === 0) throw Object.assign(new Error('lookup deadline passed'), { name: 'TimeoutError' });
    const response = await this.fetchFn(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(Math.min(this.options.timeoutMs, remaining ?? Infinity)),
    });
    const body = await response.text();
    return { status: response.status, headers: response.headers, body };
  }
}
