import { z } from 'zod';
import { commaList } from '@pt/platform';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const positiveInt = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int('must be a whole number').min(1).default(fallback));

const origin = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
}, 'each entry must be an origin such as https://shop.example.com (scheme, host, optional port)');

/**
 * The gateway's front-door policies. Read by both hosts with the same schema,
 * so a bad value stops either at boot.
 */
export const gatewayPolicyEnvSchema = z.object({
  /** Origins allowed to call the API from a browser; empty (the default) = same origin only. */
  CORS_ORIGINS: z.preprocess((v) => v ?? '', commaList.pipe(z.array(origin))),
  /** General limits on /api and /auth: requests per minute per client address and per user. */
  GATEWAY_RATE_LIMIT_IP_PER_MINUTE: positiveInt(600),
  GATEWAY_RATE_LIMIT_USER_PER_MINUTE: positiveInt(600),
  /** Retry-After of the maintenance 503. */
  MAINTENANCE_RETRY_AFTER_S: positiveInt(60),
  /** Request logs: how often a batch leaves, and how many rows wait at most (then rows are dropped). */
  REQUEST_LOG_FLUSH_MS: positiveInt(1000),
  REQUEST_LOG_BUFFER_MAX: positiveInt(10_000),
  /**
   * Open `/api/v1/events` streams: per client (verified user, else address key;
   * browsers' EventSource sends no token, so in practice the address) and per gateway process.
   * 10 covers a few people behind one address with a few tabs each (one browser holds at most 6
   * HTTP/1.1 connections to a host anyway); 1,000 bounds the sockets and listeners of a process.
   */
  SSE_STREAMS_PER_CLIENT: positiveInt(10),
  SSE_STREAMS_MAX: positiveInt(1000),
  /** A stream with no event for this long is ended with a `retry:` hint (the browser reconnects). */
  SSE_IDLE_MS: positiveInt(300_000),
});
export type GatewayPolicyEnv = z.infer<typeof gatewayPolicyEnvSchema>;
