import { z } from 'zod';
import { MONITORING, MONITORING_SEVERITIES } from '@pt/domain';
import { IsoDateTimeSchema } from './common';

/** §3 monitoring event. */
export const MonitoringEventSchema = z.object({
  type: z.string().min(1),
  component: z.string().min(1),
  details: z.record(z.string(), z.unknown()).default({}),
  severity: z.enum(MONITORING_SEVERITIES),
  timestamp: z.string().datetime({ offset: true }),
  context: z.record(z.string(), z.unknown()).optional(),
});
export type MonitoringEvent = z.infer<typeof MonitoringEventSchema>;

/**
 * Largest report the intake takes, as its JSON (bytes): an error message, a source and a line with
 * room to spare. Larger ones are 413, so a client cannot park blobs in the admin area.
 */
export const MONITORING_REPORT_MAX_BYTES = 8 * 1024;

/** `POST /api/v1/monitoring/events`: one §3 event reported by a browser (anonymous or signed in). */
export const MonitoringReportSchema = MonitoringEventSchema.extend({
  type: z.string().trim().min(1).max(64),
  component: z.string().trim().min(1).max(128),
});
export type MonitoringReport = z.infer<typeof MonitoringReportSchema>;

export const MonitoringReportAcceptedSchema = z.object({ accepted: z.literal(true) });
export type MonitoringReportAccepted = z.infer<typeof MonitoringReportAcceptedSchema>;

/** A stored report as the admin area lists it; token-like fields were removed on intake. */
export const StoredMonitoringEventSchema = MonitoringEventSchema.extend({
  id: z.string(),
  context: z.record(z.string(), z.unknown()),
  /** When the server took it (the `timestamp` is the browser's clock). */
  receivedAt: IsoDateTimeSchema,
  /** The reporting user when signed in, else null. */
  userId: z.string().nullable(),
});
export type StoredMonitoringEvent = z.infer<typeof StoredMonitoringEventSchema>;

export const MONITORING_LIST_MAX = 200;
export const MonitoringEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MONITORING_LIST_MAX).default(100),
  severity: z.enum(MONITORING_SEVERITIES).optional(),
});
export type MonitoringEventsQuery = z.infer<typeof MonitoringEventsQuerySchema>;

const count = z.number().int().nonnegative();
const severityCounts = z.object({ low: count, medium: count, high: count, critical: count });

/** `GET /api/v1/admin/monitoring/events`: newest first, with the reports of the §9 health window. */
export const MonitoringEventsResponseSchema = z.object({
  events: z.array(StoredMonitoringEventSchema),
  summary: z.object({
    /** §9 health window (30 minutes). */
    windowMs: z.literal(MONITORING.healthWindowMs),
    total: z.number().int().nonnegative(),
    bySeverity: severityCounts,
  }),
});
export type MonitoringEventsResponse = z.infer<typeof MonitoringEventsResponseSchema>;
