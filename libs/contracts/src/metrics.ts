import { z } from 'zod';
import { IsoDateTimeSchema } from './common';

/**
 * `GET /api/v1/admin/metrics` (§1 and §7): API usage computed from the request logs.
 * An error is a 5xx answer: 4xx are the callers' mistakes, not outages.
 */
export const ApiUsageFiguresSchema = z.object({
  requests: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  /** errors / requests, 0..1; 0 without requests. */
  errorRate: z.number().min(0).max(1),
  /** Latency percentiles in milliseconds (0 without requests). */
  p50Ms: z.number().nonnegative(),
  p95Ms: z.number().nonnegative(),
  p99Ms: z.number().nonnegative(),
});
export type ApiUsageFigures = z.infer<typeof ApiUsageFiguresSchema>;

export const ApiUsageWindowSchema = z.object({
  /** Start of the window (inclusive); its end is the response's generatedAt. */
  from: IsoDateTimeSchema,
  total: ApiUsageFiguresSchema,
  byService: z.array(ApiUsageFiguresSchema.extend({ service: z.string() })),
  /** One row per service, method and route template, busiest first. */
  byRoute: z.array(
    ApiUsageFiguresSchema.extend({ service: z.string(), method: z.string(), route: z.string() }),
  ),
});
export type ApiUsageWindow = z.infer<typeof ApiUsageWindowSchema>;

export const AdminMetricsResponseSchema = z.object({
  generatedAt: IsoDateTimeSchema,
  last24h: ApiUsageWindowSchema,
  lastHour: ApiUsageWindowSchema,
  /** Requests per hour over the last 24 hours, oldest first, 24 buckets (empty hours are 0). */
  hourly: z.array(
    z.object({
      hour: IsoDateTimeSchema,
      requests: z.number().int().nonnegative(),
      errors: z.number().int().nonnegative(),
    }),
  ),
  /** §7 daily_api_requests for today (UTC), as last rolled up. */
  today: z.object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    total: z.number().int().nonnegative(),
    services: z.array(z.object({ serviceName: z.string(), requestCount: z.number().int().nonnegative() })),
  }),
});
export type AdminMetricsResponse = z.infer<typeof AdminMetricsResponseSchema>;
