import {
  ArgumentsHost,
  Catch,
  HttpException,
  type DynamicModule,
  type ExceptionFilter,
  type INestApplication,
  type PipeTransform,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import express, { type Express, type Response } from 'express';
import type { z } from 'zod';
import type { Logger } from '../logger';
import { httpMetricsMiddleware, metricsHandler } from '../telemetry/metrics';
import { errorBody, toErrorResponse } from './errors';
import { healthRouter, type HealthChecks } from './health';
import { parseRequest } from './validation';

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
    const { status, body } = toErrorResponse(exception);
    if (status >= 500) this.logger.error({ err: exception }, 'request failed');
    res.status(status).json(body);
  }
}

/** `@Body(new ZodPipe(Schema))`: contract validation, 400 with field messages. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(
    private readonly schema: S,
    private readonly what = 'request',
  ) {}
  transform(value: unknown): z.infer<S> {
    return parseRequest(this.schema, value, this.what);
  }
}

export interface NestHttpApp {
  /** The express app: mounted by the embedded gateway, or listened on by the service's main.ts. */
  express: Express;
  nest: INestApplication;
}

/**
 * Builds a NestJS application on a fresh express instance with the shared error body, health
 * probes and Prometheus metrics; initialised but not listening.
 */
export async function createNestHttpApp(
  service: string,
  module: DynamicModule,
  { logger, health }: { logger: Logger; health: HealthChecks },
): Promise<NestHttpApp> {
  const app = express();
  app.disable('x-powered-by');
  app.use(httpMetricsMiddleware(service));
  app.use(healthRouter(service, health));
  app.get('/metrics', metricsHandler);
  const nest = await NestFactory.create(module, new ExpressAdapter(app), {
    logger: false,
    abortOnError: false,
  });
  nest.useGlobalFilters(new ErrorBodyFilter(logger));
  await nest.init();
  return { express: app, nest };
}
