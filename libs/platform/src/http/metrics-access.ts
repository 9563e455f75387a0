import { timingSafeEqual, createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { errorBody } from './errors';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Guards `/metrics` on every process, the gateway's and each service's and
 * worker's: they need `Authorization: Bearer <METRICS_TOKEN>`. Metrics name
 * routes, queues, error rates and marketplace budgets, which is reconnaissance for anyone who can
 * reach a port. Without a configured token they are not served (404, as if absent); a wrong or
 * missing token is 401.
 */
export function metricsAccess(token: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (!token) {
      res.status(404).json(errorBody('not_found', `No route for ${req.method} ${req.path}`));
      return;
    }
    const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), digest(token))) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      res.status(401).json(errorBody('unauthorized', 'Metrics need the metrics token'));
      return;
    }
    next();
  };
}
