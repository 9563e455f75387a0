import type { RequestHandler } from 'express';
import { errorBody } from '@pt/platform';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Request-Id, X-Client-Info, Apikey, Last-Event-ID';

/**
 * CORS from configuration, closed by default: only the listed origins get
 * Access-Control-Allow-* headers; the web app served by the gateway itself is same-origin and needs
 * none. A preflight from any other origin is refused, so nothing reaches a service.
 */
export function corsPolicy(origins: readonly string[]): RequestHandler {
  const allowed = new Set(origins);
  return (req, res, next) => {
    const origin = req.header('origin');
    if (!origin) return next();
    res.vary('Origin');
    const preflight = req.method === 'OPTIONS' && req.header('access-control-request-method') !== undefined;
    if (!allowed.has(origin)) {
      if (preflight)
        return res.status(403).json(errorBody('cors_forbidden', 'This origin may not call the API'));
      return next();
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id');
    if (!preflight) return next();
    res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  };
}
