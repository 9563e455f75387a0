import { z } from 'zod';
import { MONITORING_SEVERITIES } from '@pt/domain';

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
