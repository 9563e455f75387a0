import http from 'node:http';
import type { RequestHandler } from 'express';
import { errorBody } from '@pt/platform';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Seconds to wait before retrying when a service is down: the runner or orchestrator restarts it. */
export const UPSTREAM_RETRY_AFTER_S = 2;

/** Answers that mean "the service, or one behind it, is starting or down": worth a retry later. */
const TRY_AGAIN_STATUSES = new Set([502, 503, 504]);

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * Forwards the request unchanged (path, query, body stream) to a service over HTTP and streams
 * the answer back. An unreachable service (down, restarting) is a 503 with Retry-After and the error
 * body, not a hang: the client may try again in a moment. A 502/503/504 the service answered
 * itself gets a Retry-After too when it has none.
 */
export function proxyTo(baseUrl: string, { timeoutMs = 30000 } = {}): RequestHandler {
  const target = new URL(baseUrl);
  return (req, res) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    headers.host = target.host;
    // X-Forwarded-For and its proof were set by gatewayAuth, which every proxied request passes.
    const upstream = http.request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.originalUrl,
        headers,
        agent,
        timeout: timeoutMs,
      },
      (answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (!HOP_BY_HOP.has(name)) out[name] = value;
        // A service that is starting (or one it depends on) may answer without saying when to come
        // back; every such answer leaving the gateway says it (issue 25 item 9).
        if (TRY_AGAIN_STATUSES.has(answer.statusCode ?? 502) && out['retry-after'] === undefined)
          out['retry-after'] = String(UPSTREAM_RETRY_AFTER_S);
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
    upstream.on('error', () => {
      if (!res.headersSent)
        res
          .status(503)
          .setHeader('Retry-After', String(UPSTREAM_RETRY_AFTER_S))
          .json(errorBody('service_unavailable', 'The service is not reachable. Please try again.'));
      else res.destroy();
    });
    req.pipe(upstream);
  };
}
