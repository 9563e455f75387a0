import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import {
  AppError,
  clientAddressKey,
  LOGGER,
  RATE_LIMITER,
  verifiedUser,
  type Logger,
  type RateLimiter,
} from '@pt/platform';
import type { Request, Response } from 'express';
import { clientLimits, type CatalogConfig } from '../config';
import { CATALOG_CONFIG } from '../tokens';

/** Spec §8's wording for a limit. */
export const CLIENT_LIMIT_MESSAGE = 'Too many requests. Please wait before trying again.';

/**
 * Who a request counts against: the verified user (so one account is one client wherever it
 * connects from), otherwise its address as the gateway proved it (else the peer). An IPv6
 * client is its /64: one subscriber holds the whole prefix and could otherwise rotate addresses.
 */
export function clientKey(req: Pick<Request, 'headers' | 'socket'>): string {
  const user = verifiedUser(req.headers);
  if (user) return `user:${user.id}`;
  return clientAddressKey(req);
}

/**
 * Per-client limit on every catalog route that can cost marketplace calls (issue 9 item 5): a token
 * bucket of CATALOG_CLIENT_BURST requests refilling CATALOG_CLIENT_PER_MINUTE a minute (clientLimits), shared by
 * every catalog process through the runtime's rate limiter (Redis in distributed mode). Over it:
 * 429 with Retry-After and the error body. A broken limiter lets requests through (the marketplace
 * budgets still hold), it does not take the catalog down.
 */
@Injectable()
export class ClientLimitGuard implements CanActivate {
  private readonly bucket: { capacity: number; refillPerMs: number };
  private warnedAt = -Infinity;

  constructor(
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CATALOG_CONFIG) config: CatalogConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const { burst, perMinute } = clientLimits(config);
    this.bucket = { capacity: burst, refillPerMs: perMinute / 60_000 };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    let decision;
    try {
      decision = await this.limiter.take(`catalog:client:${clientKey(req)}`, this.bucket);
    } catch (error) {
      // At most one line a minute: with Redis down every request would otherwise log a stack.
      const now = Date.now();
      if (now - this.warnedAt >= 60_000) {
        this.logger.warn({ err: error }, 'client rate limiter failed; letting requests through');
        this.warnedAt = now;
      }
      return true;
    }
    if (decision.allowed) return true;
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
    throw new AppError(429, 'rate_limited', CLIENT_LIMIT_MESSAGE, {
      retryAfterMs: Math.max(0, Math.round(decision.retryAfterMs)),
    });
  }
}
