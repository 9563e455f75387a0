import type { ErrorBody } from '@pt/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from '../logger';

/** An error meant for the client: status, stable code and a human message (never a stack). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
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

/** Maps anything thrown to a status and the error body; unknown errors become a bare 500. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError)
    return { status: error.status, body: errorBody(error.code, error.message, error.details) };
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

export function expressErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const { status, body } = toErrorResponse(error);
    if (status >= 500)
      logger.error({ err: error, method: req.method, url: req.originalUrl }, 'request failed');
    res.status(status).json(body);
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json(errorBody('not_found', `No route for ${req.method} ${req.path}`));
};
