import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * One Prometheus registry per process. In the embedded host every service shares it, so metric
 * names are unique per concern and the service goes in a label.
 */
export const metricsRegistry = new Registry();
let defaultsCollected = false;

/** prom-client's process and runtime gauges (CPU, memory, event-loop lag, GC, handles), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

const httpDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'HTTP request duration by service, method, route and status',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const httpErrors = new Counter({
  name: 'http_server_errors_total',
  help: 'HTTP responses with status >= 500 by service',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
});

function routeOf(req: Request): string {
  // The matched route pattern keeps label cardinality bounded (never raw ids).
  const route = (req.route as { path?: string } | undefined)?.path;
  return route ? `${req.baseUrl}${route}` : 'unmatched';
}

export function httpMetricsMiddleware(service: string): RequestHandler {
  return (req, res, next) => {
    const end = httpDuration.startTimer();
    res.on('finish', () => {
      const status = res.statusCode;
      end({ service, method: req.method, route: routeOf(req), status: String(status) });
      if (status >= 500) httpErrors.inc({ service });
    });
    next();
  };
}

export const metricsHandler: RequestHandler = async (_req, res) => {
  res.setHeader('Content-Type', metricsRegistry.contentType);
  res.send(await metricsRegistry.metrics());
};
