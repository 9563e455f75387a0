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

/** Methods without side effects (RFC 9110 §9.2.1), and the errors of a socket closed under us. */
const RETRYABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);

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
    for (const name in req.headers) if (!HOP_BY_HOP.has(name)) headers[name] = req.headers[name];
    headers.host = target.host;
    // Without Content-Length or Transfer-Encoding a request has no body (RFC 9112 §6.3).
    const bodyless =
      req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined;
    const send = (retried: boolean): void => {
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
          for (const name in answer.headers) if (!HOP_BY_HOP.has(name)) out[name] = answer.headers[name];
          // A service that is starting (or one it depends on) may answer without saying when to
          // come back; every such answer leaving the gateway says it.
          if (TRY_AGAIN_STATUSES.has(answer.statusCode ?? 502) && out['retry-after'] === undefined)
            out['retry-after'] = String(UPSTREAM_RETRY_AFTER_S);
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
        },
      );
      upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the service closed (its keep-alive timeout) just as this request
        // took it: nothing reached the service, so a request without body or side effects is
        // sent again once, on a fresh connection, instead of failing the client.
        if (
          !retried &&
          upstream.reusedSocket &&
          bodyless &&
          RETRYABLE_METHODS.has(req.method) &&
          RESET_CODES.has(error.code ?? '') &&
          !res.headersSent
        )
          return send(true);
        if (!res.headersSent)
          res
            .status(503)
            .setHeader('Retry-After', String(UPSTREAM_RETRY_AFTER_S))
            .json(errorBody('service_unavailable', 'The service is not reachable. Please try again.'));
        else res.destroy();
      });
      // A request without body ends at once rather than through a pipe (most API calls are GETs).
      if (bodyless) upstream.end();
      else req.pipe(upstream);
    };
    send(false);
  };
}
