import { PRODUCT_MESSAGES, isMarketplaceRateLimitMessage } from '@pt/domain';
import type { DriverMarketplace } from './driver';

/**
 * Why a marketplace call failed. Callers branch on the code, never on the message:
 * - not_found: the item does not exist (the message is §8 'Product not found');
 * - rate_limited: 429, an API quota message, the shared per-credential limiter, or a Retry-After
 *   cool-down still running; `retryAfterMs` says when to try again when known;
 * - timeout / network / unavailable (5xx after retries) / circuit_open: the marketplace is not answering;
 * - bad_response: 200 with a body that is not the documented shape (malformed JSON, wrong envelope);
 * - quota: refused here, before any call, because the caller's share of the credential's daily
 *   budget is spent (pollers' or interactive); `retryAfterMs` says when it refills;
 * - auth: credentials refused; bad_request: the API refused our parameters; api_error: any other API error.
 */
export type MarketplaceErrorCode =
  | 'not_found'
  | 'rate_limited'
  | 'timeout'
  | 'network'
  | 'unavailable'
  | 'circuit_open'
  | 'bad_response'
  | 'auth'
  | 'bad_request'
  | 'api_error'
  | 'quota';

export interface MarketplaceErrorInit {
  code: MarketplaceErrorCode;
  /** What the marketplace (or the transport) said, for logs; never shown to users as is. */
  detail?: string;
  status?: number;
  retryAfterMs?: number;
  cause?: unknown;
}

/** Every failure a driver reports is one of these; nothing else escapes a driver method. */
export abstract class MarketplaceError extends Error {
  abstract readonly marketplace: DriverMarketplace;
  readonly code: MarketplaceErrorCode;
  readonly detail?: string;
  readonly status?: number;
  readonly retryAfterMs?: number;

  protected constructor(message: string, init: MarketplaceErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.detail = init.detail;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
  }

  /** §8: rate-limited on a 429 / quota error, or when the message mentions rate limit. */
  get rateLimited(): boolean {
    return (
      this.code === 'rate_limited' ||
      this.code === 'quota' ||
      isMarketplaceRateLimitMessage(this.message) ||
      isMarketplaceRateLimitMessage(this.detail)
    );
  }

  /** Worth trying again later (a poller re-queues; a page shows partial results). */
  get transient(): boolean {
    return ['rate_limited', 'quota', 'timeout', 'network', 'unavailable', 'circuit_open'].includes(this.code);
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      marketplace: this.marketplace,
      code: this.code,
      message: this.message,
      detail: this.detail,
      status: this.status,
      rateLimited: this.rateLimited,
      retryAfterMs: this.retryAfterMs,
    };
  }
}

/** §8: 'Product not found' for missing items, 'No valid response from eBay API' for everything else. */
export class EbayApiError extends MarketplaceError {
  readonly marketplace = 'ebay' as const;
  constructor(init: MarketplaceErrorInit) {
    super(init.code === 'not_found' ? PRODUCT_MESSAGES.notFound : PRODUCT_MESSAGES.noEbayResponse, init);
    this.name = 'EbayApiError';
  }
}

/**
 * §8: 'AliExpress API request failed' when the call itself failed (transport, HTTP status, unreadable
 * body); 'AliExpress API failed: {message}' when the API answered with an error; 'Product not found'
 * when a detail lookup finds nothing.
 */
export class AliExpressApiError extends MarketplaceError {
  readonly marketplace = 'aliexpress' as const;
  constructor(init: MarketplaceErrorInit & { apiMessage?: string }) {
    super(
      init.code === 'not_found'
        ? PRODUCT_MESSAGES.notFound
        : init.apiMessage !== undefined
          ? PRODUCT_MESSAGES.aliexpressFailed(init.apiMessage)
          : PRODUCT_MESSAGES.aliexpressRequestFailed,
      init,
    );
    this.name = 'AliExpressApiError';
  }
}

export function isMarketplaceError(error: unknown): error is MarketplaceError {
  return error instanceof MarketplaceError;
}
