import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import {
  errorBody,
  expressErrorHandler,
  healthRouter,
  httpMetricsMiddleware,
  metricsAccess,
  metricsHandler,
  PROBE_PATHS,
  rejectMalformedQuery,
  type DependencyMonitor,
  type HealthSpec,
  type Logger,
} from '@pt/platform';
import { onPaths } from './middleware';
import { serviceFor, type ServiceName } from './routes';
import { gatewayAuth, recallVerifiedUser, type GatewayAuthOptions } from './auth';
import type { GatewayEdge } from './edge';
import { outboxRoute, type OutboxReader } from './outbox/outbox.route';
import { staticCaching } from './policies/caching';
import { securityHeaders } from './policies/security-headers';
import type { SharedListLookup } from './shared-page/shared-list-lookup';
import { sharedListPage } from './shared-page/shared-list-page';

export interface GatewayOptions {
  logger: Logger;
  /** Express "trust proxy": `loopback` (default), a comma list of addresses/CIDRs, or a hop count. */
  trustProxy?: string;
  /** How each service is reached: its in-process express app (embedded) or an HTTP proxy. */
  targets: Record<ServiceName, RequestHandler>;
  /**
   * What /readyz and /healthz report (gatewayHealth in distributed mode). The gateway is ready when
   * it can route, whatever the services' state; absent, it has nothing to check and is ready.
   */
  health?: DependencyMonitor | HealthSpec;
  /** The built web app (web/dist); served with a fallback to index.html for client routes. */
  webDist?: string;
  /** Access-token verification for /api/v1/*; without it bearer tokens are refused. */
  auth?: GatewayAuthOptions;
  /** Bearer token `/metrics` requires; without one, /metrics is not served. */
  metricsToken?: string;
  /** Front-door policies, maintenance, SSE, request logs, API docs. */
  edge?: GatewayEdge;
  /**
   * The embedded mode's file outbox, served to admins at /api/v1/admin/outbox.
   * Absent (distributed mode, SMTP): that path answers 404 `no_outbox`.
   */
  outbox?: OutboxReader;
  /** Exact origins allowed as img-src besides https: (the demo marketplaces' pictures). */
  imageOrigins?: readonly string[];
  /**
   * Reads shared lists for their pages' Open Graph tags (`/shared/:token`); without it those pages
   * are the plain SPA shell.
   */
  sharedLists?: SharedListLookup;
}

/** A hop count ("1") or the address list express understands ("loopback, 10.0.0.0/8"). */
export function parseTrustProxy(value: string): number | string[] {
  return /^\d+$/.test(value.trim())
    ? Number(value)
    : value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
}

const GATEWAY_API = /^\/api(\/|$)/;

const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.header('x-request-id');
  const id = incoming && /^[\w.-]{1,128}$/.test(incoming) ? incoming : randomUUID();
  req.headers['x-request-id'] = id;
  res.setHeader('x-request-id', id);
  next();
};

/**
 * The single entry point: health and metrics, routing to services, and the web app. It never
 * parses bodies itself, so proxied requests stream through untouched.
 */
export function createGatewayApp({
  logger,
  targets,
  health,
  webDist,
  auth,
  metricsToken,
  edge,
  outbox,
  trustProxy = 'loopback',
  imageOrigins = [],
  sharedLists,
}: GatewayOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Which peers may set X-Forwarded-For (per-IP rate limits and geolocation depend on it): behind
  // an ingress this must name the ingress, or every client would share its address.
  app.set('trust proxy', parseTrustProxy(trustProxy));
  app.use(requestId);
  // Before anything that can answer (probes, /metrics, the edge's refusals), so every response
  // carries the headers, and only here, so none is set twice.
  app.use(securityHeaders(imageOrigins));
  app.use(httpMetricsMiddleware('gateway'));
  app.use(onPaths(PROBE_PATHS, healthRouter('gateway', health)));
  app.get('/metrics', metricsAccess(metricsToken), metricsHandler);
  if (edge) app.use(recallVerifiedUser(auth?.verifier), edge.beforeAuth);
  app.use(gatewayAuth({ logger, ...auth }));
  // The gateway's own API routes (SSE, outbox, docs) follow the services' malformed-input rule;
  // a proxied request meets it in its service, answered in that service's shape.
  app.use((req, res, next) =>
    GATEWAY_API.test(req.path) && !serviceFor(req.path) ? rejectMalformedQuery(req, res, next) : next(),
  );
  if (edge) app.use(edge.afterAuth);
  app.use(outboxRoute(outbox));

  app.use((req, res, next) => {
    const service = serviceFor(req.path);
    if (!service) return next();
    return targets[service](req, res, next);
  });
  app.use(['/api', '/auth'], (req, res) => {
    res
      .status(404)
      .json(errorBody('not_found', `No route for ${req.method} ${req.originalUrl.split('?')[0]}`));
  });

  if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) {
    // The build keeps its source maps beside the bundles for whoever runs the host (they are not
    // referenced from the bundles); the public gets the bundles only, not 1.9 MB of our source.
    app.use((req, res, next) => {
      if (!req.path.endsWith('.map')) return next();
      res.status(404).json(errorBody('not_found', `No route for ${req.method} ${req.path}`));
    });
    app.use(express.static(webDist, staticCaching));
    if (sharedLists) app.get(/^\/shared\//, sharedListPage(webDist, sharedLists, logger));
    // Client-side routes (/, /search, /product/…) all load the SPA shell.
    app.get(/.*/, (req, res, next) => {
      if (!req.accepts('html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(webDist, 'index.html'));
    });
  }
  app.use((req, res) => {
    res.status(404).json(errorBody('not_found', `No route for ${req.method} ${req.path}`));
  });
  app.use(expressErrorHandler(logger));
  return app;
}
