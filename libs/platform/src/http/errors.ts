import type { ErrorBody } from '@pt/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from '../logger';

/** An error meant for the client: status, stable code and a human message (never a stack). */
export class AppError extends Error {
  /** Seconds until a retry can succeed (the Retry-After header); every 429 and 503 carries one. */
  retryAfterS?: number;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** Sets the Retry-After of this answer from a wait in milliseconds (at least 1 s). */
  retryAfter(ms: number): this {
    this.retryAfterS = Math.max(1, Math.ceil(ms / 1000));
    return this;
  }

  static badRequest(message: string, details?: unknown, code = 'bad_request') {
    return new AppError(400, code, message, details);
  }
  static unauthorized(message = 'Authentication required', code = 'unauthorized') {
    return new AppError(401, code, message);
  }
  static forbidden(message = 'You do not have access to this resource', code = 'forbidden') {
    return new AppError(403, code, message);
  }
  static notFound(message = 'Not found', code = 'not_found') {
    return new AppError(404, code, message);
  }
  static conflict(message: string, code = 'conflict') {
    return new AppError(409, code, message);
  }
  /** Without `.retryAfter(ms)` the answer says RATE_LIMITED_RETRY_AFTER_S (every 429 has a wait). */
  static tooManyRequests(
    message = 'Too many requests. Please wait before trying again.',
    code = 'rate_limited',
  ) {
    return new AppError(429, code, message);
  }
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Field messages of a zod failure as `[{ field, message }]`. */
export function fieldErrors(error: ZodError): { field: string; message: string }[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
}

// Postgres SQLSTATEs of a server going away or not yet accepting connections (class 08, 57P0x).
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection is closed', // ioredis
  'Reached the max retries per request limit', // ioredis while Redis is down
];

/** Seconds a client should wait before retrying while a dependency (database, Redis) is down. */
export const DEPENDENCY_RETRY_AFTER_S = 5;

/**
 * Seconds a rate-limited client waits when the thrower did not say how long (`retryAfter(ms)`):
 * a minute, as a guess on the safe side; a limiter that knows its window should set it.
 */
export const RATE_LIMITED_RETRY_AFTER_S = 60;

/**
 * A dependency outage rather than a bug: the database or Redis is restarting or unreachable. The
 * request can succeed later, so it answers 503 with Retry-After instead of a 500.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** Set on every 429 and 503 (and on errors that carry their own wait): the Retry-After header, in seconds. */
  retryAfterS?: number;
}

function defaultRetryAfterS(status: number): number | undefined {
  if (status === 429) return RATE_LIMITED_RETRY_AFTER_S;
  // 502: a service behind this one did not answer (starting, restarting): a retry may succeed.
  if (status === 503 || status === 502) return DEPENDENCY_RETRY_AFTER_S;
  return undefined;
}

/** Maps anything thrown to a status and the error body; unknown errors become a bare 500. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (isDependencyUnavailable(error))
    return {
      status: 503,
      body: errorBody('service_unavailable', 'The service is briefly unavailable. Please try again shortly.'),
      retryAfterS: DEPENDENCY_RETRY_AFTER_S,
    };
  if (error instanceof AppError) {
    // 429 and 503 are "try again later" (every 429 carries Retry-After): without a wait
    // of their own they say the default one.
    const retryAfterS = error.retryAfterS ?? defaultRetryAfterS(error.status);
    return {
      status: error.status,
      body: errorBody(error.code, error.message, error.details),
      ...(retryAfterS !== undefined ? { retryAfterS } : {}),
    };
  }
  if (error instanceof ZodError) {
    return { status: 400, body: errorBody('validation_failed', 'Invalid request', fieldErrors(error)) };
  }
  const status =
    (error as { status?: unknown; statusCode?: unknown })?.status ??
    (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // express/body-parser errors (malformed JSON, payload too large) carry their own 4xx status.
    const type = (error as { type?: string }).type;
    const message =
      type === 'entity.parse.failed' ? 'Malformed JSON body' : (error as Error).message || 'Bad request';
    return {
      status,
      body: errorBody(type === 'entity.parse.failed' ? 'malformed_json' : 'bad_request', message),
    };
  }
  return { status: 500, body: errorBody('internal_error', 'Something went wrong. Please try again.') };
}

/**
 * A request URL as it may be logged: the values of query parameters that carry a credential (an
 * unsubscribe or verification link's token, an OAuth code) are blanked, the rest kept for debugging.
 */
export function loggableUrl(url: string): string {
  return (
    url
      .replace(
        /([?&](?:token|token_hash|code|access_token|refresh_token|key|secret)=)[^&#]*/gi,
        '$1[redacted]',
      )
      // A private feed's token is its path segment.
      .replace(/(\/api\/v1\/feeds\/)[^/?#]+/gi, '$1[redacted]')
  );
}

export function expressErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const { status, body, retryAfterS } = toErrorResponse(error);
    if (retryAfterS !== undefined) res.setHeader('Retry-After', String(retryAfterS));
    if (status === 503)
      logger.warn(
        { method: req.method, url: loggableUrl(req.originalUrl), err: String(error) },
        'dependency unavailable',
      );
    else if (status >= 500)
      logger.error({ err: error, method: req.method, url: loggableUrl(req.originalUrl) }, 'request failed');
    res.status(status).json(body);
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json(errorBody('not_found', `No route for ${req.method} ${req.path}`));
};
