import type { RequestHandler } from 'express';
import { errorBody } from '@pt/platform';
import { edgeUser } from '../auth/edge-user';

export const MAINTENANCE_MESSAGE =
  'Price Tracker is down for maintenance. Please try again in a few minutes.';

/**
 * API paths that keep answering during maintenance: the public settings the web
 * app's loader reads, the SSE stream that tells it when maintenance ends, and the API reference.
 * /auth/v1, /healthz and /readyz are not under /api, so they are never gated.
 */
const ALWAYS_OPEN = [
  /^\/api\/v1\/settings\/public\/?$/,
  /^\/api\/v1\/events\/?$/,
  /^\/api\/(openapi\.json|docs)\/?$/,
];

/**
 * While maintenance_mode is on, API calls from anyone but an admin get 503 `maintenance` with
 * Retry-After. Runs after the gateway verified the token, so the role is the verified one.
 */
export function maintenanceGate(isOn: () => boolean, retryAfterS: number): RequestHandler {
  return (req, res, next) => {
    if (!isOn() || !req.path.startsWith('/api/')) return next();
    if (ALWAYS_OPEN.some((open) => open.test(req.path))) return next();
    if (edgeUser(req)?.role === 'admin') return next();
    res.setHeader('Retry-After', String(retryAfterS));
    res.status(503).json(errorBody('maintenance', MAINTENANCE_MESSAGE));
  };
}
