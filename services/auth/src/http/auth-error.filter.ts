import { Catch, HttpException, Inject, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  AppError,
  LOGGER,
  strictErrorCodes,
  UNDECLARED_ERROR_CODE,
  undeclaredErrorCode,
  type Logger,
} from '@pt/platform';
import { AuthError, type AuthErrorCode } from './auth-error';

export const API_VERSION_HEADER = 'x-supabase-api-version';
/** The one dated API version there is; clients that send it read `code` as the error code. */
export const API_VERSION_2024_01_01 = '2024-01-01';

/** The API version a request asked for, when it is one we speak. */
export function requestedApiVersion(req: Request): string | undefined {
  const value = req.header(API_VERSION_HEADER);
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return value >= API_VERSION_2024_01_01 ? API_VERSION_2024_01_01 : undefined;
}

/**
 * Writes errors the way Supabase Auth does, so `@supabase/auth-js` reads them unchanged:
 * `{ code: <status>, error_code, msg }`, or `{ code: <error_code>, message }` when the request
 * carries `X-Supabase-Api-Version: 2024-01-01` (echoed in the response).
 */
@Catch()
export class AuthErrorFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const error = this.toAuthError(exception);
    if (error.status >= 500)
      this.logger.error({ err: exception, method: req.method, path: req.path }, 'auth request failed');
    const version = requestedApiVersion(req);
    if (version) res.setHeader(API_VERSION_HEADER, version);
    const undeclared = strictErrorCodes() ? undeclaredErrorCode(req, error.code) : undefined;
    if (undeclared) {
      // Tests only: a code the route's API_ROUTES entry does not list fails the test that provoked it.
      this.logger.error({ err: exception }, undeclared);
      res.status(500).json({ code: 500, error_code: UNDECLARED_ERROR_CODE, msg: undeclared });
      return;
    }
    // Every 429 says when to come back, in seconds, as the body's retry_after.
    if (error.status === 429)
      res.setHeader('Retry-After', String(Math.max(1, Number(error.extra.retry_after) || 1)));
    const body = version
      ? { code: error.code, message: error.message, ...error.extra }
      : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
    res.status(error.status).json(body);
  }

  private toAuthError(exception: unknown): AuthError {
    if (exception instanceof AuthError) return exception;
    // The platform's client errors, e.g. body-parser failures that BodyErrorInterceptor raises
    // inside the route (malformed_json 400, payload_too_large 413, unsupported_media_type 415).
    if (exception instanceof AppError) return fromAppError(exception);
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404) return new AuthError(404, 'not_found', 'Not found');
      if (status >= 500)
        return new AuthError(500, 'unexpected_failure', 'Unexpected failure, please try again');
      return new AuthError(status, status === 400 ? 'bad_json' : 'unexpected_failure', exception.message);
    }
    // body-parser errors that reached here unparked carry a 4xx status of their own.
    const status = (exception as { status?: unknown })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return new AuthError(status, 'bad_json', 'Could not parse request body as JSON');
    }
    return new AuthError(500, 'unexpected_failure', 'Unexpected failure, please try again');
  }
}

/**
 * An AppError in GoTrue's terms: malformed JSON is GoTrue's `bad_json` and malformed text its
 * `validation_failed` (what auth-js and existing clients know); the platform's other codes have no
 * GoTrue equivalent and keep their own name.
 * A 5xx never shows its message.
 */
function fromAppError(error: AppError): AuthError {
  if (error.status >= 500)
    return new AuthError(500, 'unexpected_failure', 'Unexpected failure, please try again');
  if (error.code === 'malformed_json')
    return new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
  // NUL, lone surrogates, deep nesting: GoTrue's code for input it refuses.
  if (error.code === 'invalid_input') return new AuthError(400, 'validation_failed', error.message);
  return new AuthError(error.status, error.code as AuthErrorCode, error.message);
}
