import { context, trace } from '@opentelemetry/api';
import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

/** Paths pino blanks out wherever they appear: secrets never reach the logs. */
export const REDACTED_PATHS = [
  'password',
  '*.password',
  '*.*.password',
  'newPassword',
  '*.newPassword',
  'token',
  '*.token',
  '*.*.token',
  'access_token',
  '*.access_token',
  'refresh_token',
  '*.refresh_token',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  'secret',
  '*.secret',
  'clientSecret',
  '*.clientSecret',
  'cookie',
  '*.cookie',
  'cookies',
  '*.cookies',
  'authorization',
  '*.authorization',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
];

export interface LoggerOptions {
  service: string;
  version?: string;
  level?: string;
  /** Where lines go; stdout by default. Tests pass a stream to read them back. */
  destination?: pino.DestinationStream;
}

export function createLogger({
  service,
  version = '0.1.0',
  level = 'info',
  destination,
}: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { service, version },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // The active span's ids tie a log line to its trace.
      mixin() {
        const span = trace.getSpan(context.active());
        if (!span) return {};
        const { traceId, spanId } = span.spanContext();
        return { traceId, spanId };
      },
    },
    destination,
  );
}
