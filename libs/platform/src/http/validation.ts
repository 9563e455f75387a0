import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { AppError, fieldErrors } from './errors';

/** Parses a request part with a contract schema; a failure is a 400 naming each bad field. */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown, what = 'request'): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError(400, 'validation_failed', `Invalid ${what}`, fieldErrors(result.error));
  }
  return result.data;
}

/** Express middleware: validates body/query/params and replaces them with the parsed values. */
export function validate(schemas: {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}): RequestHandler {
  return (req, res, next) => {
    try {
      if (schemas.body) req.body = parseRequest(schemas.body, req.body, 'request body');
      if (schemas.params)
        req.params = parseRequest(schemas.params, req.params, 'path parameters') as typeof req.params;
      if (schemas.query) {
        // express 5 exposes query through a getter; pin the parsed value on the request.
        Object.defineProperty(req, 'query', {
          value: parseRequest(schemas.query, req.query, 'query'),
          writable: true,
        });
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
