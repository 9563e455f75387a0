import type { NextFunction, Request, Response } from 'express';
import { API_VERSION_HEADER, requestedApiVersion } from './auth-error.filter';

/**
 * Echoes the API version the client asked for (auth-js reads it to know that `code` is the error
 * code) and keeps tokens out of caches.
 */
export function authResponseHeaders(req: Request, res: Response, next: NextFunction): void {
  const version = requestedApiVersion(req);
  if (version) res.setHeader(API_VERSION_HEADER, version);
  res.setHeader('Cache-Control', 'no-store');
  next();
}
