import type { Request, RequestHandler } from 'express';
import { addressKey, errorBody, verifiedService, type Logger, type RateLimiter } from '@pt/platform';
import { edgeUser, recalledUser } from '../auth/edge-user';

const WINDOW_MS = 60_000;
/** The API, and the shared lists' pages: each looks a token up, so guessing them is counted too. */
const LIMITED = /^\/(api|auth|shared)(\/|$)/;
/** The limited paths a browser opens as pages (a shared list's link), not as API calls. */
const PAGES = /^\/shared(\/|$)/;

export type RateLimitKey = (req: Request) => string | undefined;

/**
 * Per client address (as trust proxy resolved it: a client cannot pick it with X-Forwarded-For);
 * an IPv6 client is its /64.
 */
export const byClientAddress: RateLimitKey = (req) =>
  addressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');
/**
 * Per client address, except a service's call to another through this gateway (the embedded
 * host's notifier on loopback): the receiving service budgets it as the user it
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
 * byUser's key before the token is verified, when the token verified recently (recalledUser):
 * the same budget, counted one step early so it shares the per-address round trip.
 */
export const byRecalledUser: RateLimitKey = (req) => {
  const user = recalledUser(req);
  return user ? `user:${user.id}` : undefined;
};

export interface GeneralLimit {
  keyOf: RateLimitKey;
  /** Requests per minute per key. */
  limit: number;
}

/** Keys already counted for a request, so a later stage does not count the same one twice. */
const counted = new WeakMap<Request, Set<string>>();

/**
 * The general limit on /api and /auth: `limit` requests per minute per key, in a
 * fixed window shared across gateway processes when the limiter is Redis. Several limits are
 * counted in order in one step (one Redis round trip), stopping at the first one spent; a key an
 * earlier stage counted for this request is not counted again. Over a limit: 429 with
 * Retry-After. If the limiter itself fails the request passes (logged): an outage of the counter
 * must not become an outage of the product.
 */
export function generalRateLimit(
  limiter: RateLimiter,
  limits: readonly GeneralLimit[],
  logger?: Pick<Logger, 'warn'>,
): RequestHandler {
  return (req, res, next) => {
    if (!LIMITED.test(req.path)) return next();
    const done = counted.get(req);
    const hits: { key: string; limit: number }[] = [];
    for (const { keyOf, limit } of limits) {
      const key = keyOf(req);
      if (key && !done?.has(`gateway:${key}`)) hits.push({ key: `gateway:${key}`, limit });
    }
    if (hits.length === 0) return next();
    if (done) for (const { key } of hits) done.add(key);
    else counted.set(req, new Set(hits.map(({ key }) => key)));
    limiter.hitEach(hits, WINDOW_MS).then(
      (decisions) => {
        // The last key counted speaks: the most specific budget, or the one that refused.
        const last = decisions[decisions.length - 1];
        if (!last) return next();
        res.setHeader('RateLimit-Limit', String(hits[decisions.length - 1]!.limit));
        res.setHeader('RateLimit-Remaining', String(Math.max(0, last.remaining)));
        if (last.allowed) return next();
        const retryAfterS = Math.max(1, Math.ceil(last.retryAfterMs / 1000));
        res.setHeader('Retry-After', String(retryAfterS));
        res.status(429);
        // Someone who opened a shared list's link reads a page, not a JSON body.
        if (PAGES.test(req.path) && req.accepts(['json', 'html']) === 'html')
          return res.type('html').send(tooManyRequestsPage(retryAfterS));
        res.json(errorBody('rate_limited', TOO_MANY_REQUESTS));
      },
      (error: unknown) => {
        logger?.warn({ err: error }, 'rate limiter unavailable; request let through');
        next();
      },
    );
  };
}

const TOO_MANY_REQUESTS = 'Too many requests. Please wait before trying again.';

/** A plain page, no script or style of its own, so it needs nothing the CSP would refuse. */
function tooManyRequestsPage(retryAfterS: number): string {
  const wait = retryAfterS === 1 ? '1 second' : `${retryAfterS} seconds`;
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><meta name="robots" content="noindex" /><title>Too many requests</title></head>
  <body>
    <h1>Too many requests</h1>
    <p>${TOO_MANY_REQUESTS} Try this page again in ${wait}.</p>
  </body>
</html>
`;
}
