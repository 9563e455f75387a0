import type { Request, RequestHandler } from 'express';
import { addressKey, errorBody, verifiedService, type Logger, type RateLimiter } from '@pt/platform';
import { edgeUser } from '../auth/edge-user';

const WINDOW_MS = 60_000;
const LIMITED = /^\/(api|auth)(\/|$)/;

export type RateLimitKey = (req: Request) => string | undefined;

/**
 * Per client address (as trust proxy resolved it: a client cannot pick it with X-Forwarded-For);
 * an IPv6 client is its /64.
 */
export const byClientAddress: RateLimitKey = (req) =>
  addressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');
/**
 * Per client address, except a service's call to another through this gateway (the embedded
 * host's notifier on loopback, issue 25 item 7): the receiving service budgets it as the user it
 * acts for or as that service; counted here, every user's lookups would share one address.
 */
export const byCallerAddress: RateLimitKey = (req) =>
  verifiedService(req.headers) ? undefined : byClientAddress(req);
/** Per verified user; anonymous requests are counted by address only. */
export const byUser: RateLimitKey = (req) => {
  const user = edgeUser(req);
  return user ? `user:${user.id}` : undefined;
};

/**
 * The general limit on /api and /auth (issue 13 item 3): `limit` requests per minute per key, in a
 * fixed window shared across gateway processes when the limiter is Redis. Over it: 429 with
 * Retry-After. If the limiter itself fails the request passes (logged): an outage of the counter
 * must not become an outage of the product.
 */
export function generalRateLimit(
  limiter: RateLimiter,
  keyOf: RateLimitKey,
  limit: number,
  logger?: Pick<Logger, 'warn'>,
): RequestHandler {
  return (req, res, next) => {
    if (!LIMITED.test(req.path)) return next();
    const key = keyOf(req);
    if (!key) return next();
    limiter.hit(`gateway:${key}`, limit, WINDOW_MS).then(
      (decision) => {
        res.setHeader('RateLimit-Limit', String(limit));
        res.setHeader('RateLimit-Remaining', String(Math.max(0, decision.remaining)));
        if (decision.allowed) return next();
        res.setHeader('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
        res
          .status(429)
          .json(errorBody('rate_limited', 'Too many requests. Please wait before trying again.'));
      },
      (error: unknown) => {
        logger?.warn({ err: error }, 'rate limiter unavailable; request let through');
        next();
      },
    );
  };
}
