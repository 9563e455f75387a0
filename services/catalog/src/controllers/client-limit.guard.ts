import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import {
  AppError,
  clientAddressKey,
  LOGGER,
  RATE_LIMITER,
  verifiedService,
  verifiedUser,
  type Logger,
  type RateLimiter,
} from '@pt/platform';
import type { Request } from 'express';
import { clientLimits, type CatalogConfig } from '../config';
import { CATALOG_CONFIG } from '../tokens';

/** Spec §8's wording for a limit. */
export const CLIENT_LIMIT_MESSAGE = 'Too many requests. Please wait before trying again.';

/**
 * A service's calls that act for no user (jobs, pollers) stand for many users' work: they get this
 * many clients' worth of the per-client limit (600 a minute on the defaults) under their own key.
 * A call that acts for a user is that user's and counts against the user's own limit.
 */
export const SERVICE_LIMIT_MULTIPLE = 10;

/**
 * Who a request counts against: the verified user (so one account is one client wherever it
 * connects from, also when another service asks for it), else the verified
 * calling service (`service:<name>`), otherwise its address as the gateway proved it (else the
 * peer). An IPv6 client is its /64: one subscriber holds the whole prefix and could otherwise
 * rotate addresses.
 */
export function clientKey(req: Pick<Request, 'headers' | 'socket'>): string {
  const user = verifiedUser(req.headers);
  if (user) return `user:${user.id}`;
  const service = verifiedService(req.headers);
  if (service) return `service:${service}`;
  return clientAddressKey(req);
}

/**
 * Per-client limit on every catalog route that can cost marketplace calls: a token
 * bucket of CATALOG_CLIENT_BURST requests refilling CATALOG_CLIENT_PER_MINUTE a minute (clientLimits), a
 * calling service's own SERVICE_LIMIT_MULTIPLE times that, shared by every catalog process through the runtime's rate limiter (Redis in distributed mode). Over it:
 * 429 with Retry-After and the error body. A broken limiter lets requests through (the marketplace
 * budgets still hold), it does not take the catalog down.
 */
@Injectable()
export class ClientLimitGuard implements CanActivate {
  private readonly bucket: { capacity: number; refillPerMs: number };
  private readonly serviceBucket: { capacity: number; refillPerMs: number };
  private warnedAt = -Infinity;

  constructor(
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CATALOG_CONFIG) config: CatalogConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const { burst, perMinute } = clientLimits(config);
    this.bucket = { capacity: burst, refillPerMs: perMinute / 60_000 };
    this.serviceBucket = {
      capacity: burst * SERVICE_LIMIT_MULTIPLE,
      refillPerMs: (perMinute * SERVICE_LIMIT_MULTIPLE) / 60_000,
    };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const client = clientKey(req);
    const bucket = client.startsWith('service:') ? this.serviceBucket : this.bucket;
    let decision;
    try {
      decision = await this.limiter.take(`catalog:client:${client}`, bucket);
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
    // On the error, not the response: the error filter writes Retry-After from it (a header set
    // here was overwritten by its one-minute default).
    throw new AppError(429, 'rate_limited', CLIENT_LIMIT_MESSAGE, {
      retryAfterMs: Math.max(0, Math.round(decision.retryAfterMs)),
    }).retryAfter(decision.retryAfterMs);
  }
}
