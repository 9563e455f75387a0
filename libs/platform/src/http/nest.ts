import {
  ArgumentsHost,
  Catch,
  HttpException,
  type CallHandler,
  type DynamicModule,
  type ExceptionFilter,
  type ExecutionContext,
  type INestApplication,
  type NestInterceptor,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import type { Observable } from 'rxjs';
import type { Logger } from '../logger';
import { httpMetricsMiddleware, metricsHandler } from '../telemetry/metrics';
import { metricsAccess } from './metrics-access';
import { AppError, errorBody, toErrorResponse } from './errors';
import type { DependencyMonitor, HealthSpec } from './dependency-monitor';
import { healthRouter } from './health';
import {
  jsonNestsDeeperThan,
  malformedInputError,
  malformedRequestError,
  MAX_INPUT_DEPTH,
} from './malformed-input';
import { strictErrorCodes, UNDECLARED_ERROR_CODE, undeclaredErrorCode } from './endpoint';

/** Every error leaves a Nest service as `{ error: { code, message, details? } }`. */
@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const message =
        typeof response === 'string'
          ? response
          : ((response as { message?: unknown }).message ?? exception.message);
      const code = status === 404 ? 'not_found' : status === 405 ? 'method_not_allowed' : 'http_error';
      res.status(status).json(errorBody(code, Array.isArray(message) ? message.join('; ') : String(message)));
      return;
    }
    const { status, body, retryAfterS } = toErrorResponse(exception);
    const undeclared = strictErrorCodes()
      ? undeclaredErrorCode(host.switchToHttp().getRequest<Request>(), body.error.code)
      : undefined;
    if (undeclared) {
      // Tests only: a code the route's entry does not list fails the test that provoked it.
      this.logger.error({ err: exception }, undeclared);
      res.status(500).json(errorBody(UNDECLARED_ERROR_CODE, undeclared));
      return;
    }
    if (retryAfterS !== undefined) res.setHeader('Retry-After', String(retryAfterS));
    // An outage is one warning per request without a stack; a bug is an error with its stack.
    if (status === 503) this.logger.warn({ err: String(exception) }, 'dependency unavailable');
    else if (status >= 500) this.logger.error({ err: exception }, 'request failed');
    res.status(status).json(body);
  }
}

export interface NestHttpApp {
  /** The express app: mounted by the embedded gateway, or listened on by the service's main.ts. */
  express: Express;
  nest: INestApplication;
}

const BODY_ERROR = Symbol('bodyError');
type WithBodyError = Request & { [BODY_ERROR]?: unknown };

/** The body as a client error of our own: the parser's message never reaches the client. */
function bodyError(error: unknown): AppError {
  const { type, status } = (error ?? {}) as { type?: string; status?: number };
  switch (type) {
    case 'entity.parse.failed':
      return new AppError(400, 'malformed_json', 'Malformed JSON body');
    case TOO_DEEP:
      return malformedInputError('too_deep', 'request body');
    case 'entity.too.large':
      return new AppError(413, 'payload_too_large', 'Request body too large');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new AppError(415, 'unsupported_media_type', 'Unsupported body encoding');
    default:
      return new AppError(
        status && status >= 400 && status < 500 ? status : 400,
        'bad_request',
        'Unreadable request body',
      );
  }
}

/**
 * Body parsers that park their error on the request instead of answering, so that the error is
 * raised inside the route (BodyErrorInterceptor) and rendered by the service's own exception filter
 * — the auth API answers in its Supabase shape, the others with the shared error body.
 */
function tolerantParser(parser: RequestHandler): RequestHandler {
  return (req, res, next) =>
    parser(req, res, (error?: unknown) => {
      if (error) (req as WithBodyError)[BODY_ERROR] = error;
      next();
    });
}

/** body-parser's error type for a body `refuseDeepJson` stopped before it was parsed. */
const TOO_DEEP = 'entity.too.deep';

/**
 * body-parser's `verify`: JSON nested deeper than MAX_INPUT_DEPTH is refused from its raw bytes,
 * before JSON.parse builds it. Only UTF-8 is scanned (what every client sends); a body in another
 * UTF charset is parsed first and caught by the depth walk of `malformedRequestError`.
 */
function refuseDeepJson(_req: unknown, _res: unknown, buf: Buffer, encoding: string): void {
  if (!/^utf-?8$/i.test(encoding)) return;
  if (jsonNestsDeeperThan(buf, MAX_INPUT_DEPTH))
    throw Object.assign(new Error('JSON nested too deep'), { type: TOO_DEEP });
}

/**
 * Raises, inside the route, what the body parsers parked and what makes the request malformed (NUL,
 * lone surrogates, nesting), so that neither reaches a use case, Postgres or
 * JSON.stringify, and the service's own filter renders the 400. Guards ran before: a request that
 * may not use the route still answers 401/403 first.
 */
export class BodyErrorInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<WithBodyError>();
    const error = req[BODY_ERROR];
    if (error !== undefined) throw bodyError(error);
    const malformed = malformedRequestError(req);
    if (malformed) throw malformed;
    return next.handle();
  }
}

/**
 * Builds a NestJS application on a fresh express instance with the shared error body, health
 * probes and Prometheus metrics; initialised but not listening.
 */
export async function createNestHttpApp(
  service: string,
  module: DynamicModule,
  {
    logger,
    health,
    metricsToken,
  }: {
    logger: Logger;
    /** Its dependencies (startService passes a monitor carrying READINESS_GRACE_MS). */
    health: DependencyMonitor | HealthSpec;
    /** `/metrics` needs it; unset, not served. */ metricsToken?: string;
  },
): Promise<NestHttpApp> {
  const app = express();
  app.disable('x-powered-by');
  app.use(httpMetricsMiddleware(service));
  app.use(healthRouter(service, health));
  app.get('/metrics', metricsAccess(metricsToken), metricsHandler);
  app.use(tolerantParser(express.json({ limit: '1mb', verify: refuseDeepJson })));
  app.use(tolerantParser(express.urlencoded({ extended: false, limit: '1mb' })));
  const nest = await NestFactory.create(module, new ExpressAdapter(app), {
    logger: false,
    abortOnError: false,
    bodyParser: false,
  });
  nest.useGlobalFilters(new ErrorBodyFilter(logger));
  nest.useGlobalInterceptors(new BodyErrorInterceptor());
  try {
    await nest.init();
  } catch (error) {
    // Whatever started before the failing provider (timers, consumers) stops with it.
    await nest.close().catch(() => undefined);
    throw error;
  }
  return { express: app, nest };
}
