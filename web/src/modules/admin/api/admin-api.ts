import {
  AdminMetricsResponseSchema,
  EmailQueueStatusSchema,
  EmailRetryResponseSchema,
  MonitoringEventsResponseSchema,
  OutboxListResponseSchema,
  PricingStatusResponseSchema,
} from '@pt/contracts';
import { apiFetchChecked } from '../../../lib/api';

/**
 * The admin screens' readers. Each answer is checked against its route's contract schema: an
 * answer of another shape is an error on the screen, never a page of zeros or blanks. (The admin
 * chunk carries zod for this; the home page's initial JavaScript does not.)
 */

export const adminKeys = {
  metrics: ['admin', 'metrics'] as const,
  pricing: ['admin', 'pricing-status'] as const,
  outbox: ['admin', 'outbox'] as const,
  monitoring: ['admin', 'monitoring-events'] as const,
  emails: ['admin', 'emails'] as const,
};

/** GET /api/v1/admin/metrics: API usage from the request logs. */
export const fetchMetrics = () =>
  apiFetchChecked('/api/v1/admin/metrics', AdminMetricsResponseSchema, 'metrics answer');

/** GET /api/v1/admin/pricing/status (pricing service). */
export const fetchPricingStatus = () =>
  apiFetchChecked('/api/v1/admin/pricing/status', PricingStatusResponseSchema, 'pricing status');

/** GET /api/v1/admin/outbox: the embedded mode's mail outbox (newest first; 404 elsewhere). */
export const fetchOutbox = () => apiFetchChecked('/api/v1/admin/outbox', OutboxListResponseSchema, 'outbox');

/** GET /api/v1/admin/monitoring/events: what browsers reported (newest first) and the 30-minute counts. */
export const fetchMonitoringEvents = () =>
  apiFetchChecked(
    '/api/v1/admin/monitoring/events?limit=100',
    MonitoringEventsResponseSchema,
    'monitoring events',
  );

/** GET /api/v1/admin/notifications/emails: the email queue, emails and digests by status, the failed ones. */
export const fetchEmailStatus = () =>
  apiFetchChecked('/api/v1/admin/notifications/emails', EmailQueueStatusSchema, 'email status');

/** POST …/retry-failed: every failed price-drop email and digest back to the queue. */
export const retryFailedEmails = () =>
  apiFetchChecked(
    '/api/v1/admin/notifications/emails/retry-failed',
    EmailRetryResponseSchema,
    'retry answer',
    {
      method: 'POST',
    },
  );
