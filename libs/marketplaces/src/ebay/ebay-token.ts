import type { RateLimiter } from '@pt/platform';
import { z } from 'zod';
import { EbayApiError } from '../errors';
import { HttpFailure, type DriverLogger, type ResilientHttpClient } from '../http';
import { ebayHttpFailure } from './ebay-errors';

export const EBAY_TOKEN_PATH = '/identity/v1/oauth2/token';
export const EBAY_DEFAULT_SCOPES = ['https://api.ebay.com/oauth/api_scope'] as const;
/** Limited Release scope the batch getItems call needs. */
export const EBAY_BULK_SCOPE = 'https://api.ebay.com/oauth/api_scope/buy.item.bulk';
/** eBay allows 1,000 client-credentials mints a day per application. */
export const EBAY_TOKEN_MINTS_PER_DAY = 1_000;

const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  token_type: z.string().optional(),
});

export interface EbayTokenOptions {
  http: ResilientHttpClient;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  scopes?: readonly string[];
  now?: () => number;
  /** Renew this long before expiry: min(5 minutes, 10% of the token's lifetime) by default. */
  refreshMarginMs?: number;
  /** Counts mints per application against eBay's daily mint quota (shared across processes with Redis). */
  mintLimiter?: { limiter: RateLimiter; key: string };
  logger?: DriverLogger;
}

interface CachedToken {
  value: string;
  renewAt: number;
}

/**
 * Application access token (OAuth client credentials). Minted once and reused until shortly before
 * it expires; callers that arrive while a mint is running wait for that same mint.
 */
export class EbayTokenProvider {
  private cached: CachedToken | undefined;
  private inflight: Promise<CachedToken> | undefined;
  private mints = 0;
  private scopes: readonly string[];
  private readonly now: () => number;

  constructor(private readonly options: EbayTokenOptions) {
    this.now = options.now ?? Date.now;
    this.scopes = options.scopes ?? EBAY_DEFAULT_SCOPES;
  }

  /** Tokens minted by this provider (tests and metrics). */
  get mintCount(): number {
    return this.mints;
  }

  async getToken(): Promise<string> {
    if (this.cached && this.now() < this.cached.renewAt) return this.cached.value;
    this.inflight ??= this.mint().finally(() => {
      this.inflight = undefined;
    });
    const token = await this.inflight;
    return token.value;
  }

  /** Mint with other scopes from now on (drops the cached token). */
  useScopes(scopes: readonly string[]): void {
    this.scopes = scopes;
    this.cached = undefined;
  }

  /** Forget the token (eBay said it is invalid); only if it is still the one we hold. */
  invalidate(token?: string): void {
    if (token === undefined || this.cached?.value === token) this.cached = undefined;
  }

  private async mint(): Promise<CachedToken> {
    const { http, baseUrl, clientId, clientSecret, mintLimiter, logger } = this.options;
    if (mintLimiter) {
      const decision = await mintLimiter.limiter
        .hit(mintLimiter.key, EBAY_TOKEN_MINTS_PER_DAY, 24 * 60 * 60 * 1000)
        .catch(() => ({ allowed: true, retryAfterMs: 0 }));
      if (!decision.allowed) {
        throw new EbayApiError({
          code: 'rate_limited',
          detail: 'daily token mint quota used up',
          retryAfterMs: decision.retryAfterMs,
        });
      }
    }
    const body = new URLSearchParams({ grant_type: 'client_credentials', scope: this.scopes.join(' ') });
    let response;
    try {
      response = await http.request({
        method: 'POST',
        url: `${baseUrl}${EBAY_TOKEN_PATH}`,
        operation: 'token',
        unmetered: true,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          Accept: 'application/json',
        },
        body: body.toString(),
      });
    } catch (error) {
      throw error instanceof HttpFailure
        ? ebayHttpFailure(error)
        : new EbayApiError({ code: 'network', cause: error });
    }
    let json: unknown;
    try {
      json = JSON.parse(response.body);
    } catch (error) {
      throw new EbayApiError({
        code: 'bad_response',
        status: response.status,
        detail: 'token response is not JSON',
        cause: error,
      });
    }
    if (response.status !== 200) {
      const description = (json as { error_description?: unknown; error?: unknown }) ?? {};
      const detail = [description.error, description.error_description]
        .filter((v) => typeof v === 'string')
        .join(': ');
      throw new EbayApiError({
        code: response.status === 400 || response.status === 401 ? 'auth' : 'api_error',
        status: response.status,
        detail,
      });
    }
    const parsed = tokenResponse.safeParse(json);
    if (!parsed.success)
      throw new EbayApiError({
        code: 'bad_response',
        status: 200,
        detail: 'token response has no access_token/expires_in',
      });
    this.mints++;
    const lifetimeMs = parsed.data.expires_in * 1000;
    const margin = this.options.refreshMarginMs ?? Math.min(5 * 60 * 1000, lifetimeMs * 0.1);
    const token = { value: parsed.data.access_token, renewAt: this.now() + lifetimeMs - margin };
    this.cached = token;
    logger?.info(
      { marketplace: 'ebay', expiresInS: parsed.data.expires_in },
      'eBay application token minted',
    );
    return token;
  }
}
