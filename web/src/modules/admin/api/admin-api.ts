import { apiRead } from '../../../lib/api';

/**
 * The admin screens' readers. Each answer is checked against its route's contract schema: an
 * answer of another shape is an error on the screen, never a page of zeros or blanks.
 */

export const adminKeys = {
  metrics: ['admin', 'metrics'] as const,
  pricing: ['admin', 'pricing-status'] as const,
  outbox: ['admin', 'outbox'] as const,
  monitoring: ['admin', 'monitoring-events'] as const,
  emails: ['admin', 'emails'] as const,
};

/** GET /api/v1/admin/metrics: API usage from the request logs. */
export const fetchMetrics = () => apiRead('GET /api/v1/admin/metrics', '/api/v1/admin/metrics');

/** GET /api/v1/admin/pricing/status (pricing service). */
export const fetchPricingStatus = () =>
  apiRead('GET /api/v1/admin/pricing/status', '/api/v1/admin/pricing/status');

/** GET /api/v1/admin/outbox: the embedded mode's mail outbox (newest first; 404 elsewhere). */
export const fetchOutbox = () => apiRead('GET /api/v1/admin/outbox', '/api/v1/admin/outbox');

/** GET /api/v1/admin/monitoring/events: what browsers reported (newest first) and the 30-minute counts. */
export const fetchMonitoringEvents = () =>
  apiRead('GET /api/v1/admin/monitoring/events', '/api/v1/admin/monitoring/events?limit=100');

/** GET /api/v1/admin/notifications/emails: the email queue, emails and digests by status, the failed ones. */
export const fetchEmailStatus = () =>
  apiRead('GET /api/v1/admin/notifications/emails', '/api/v1/admin/notifications/emails');

/** POST …/retry-failed: every failed price-drop email and digest back to the queue. */
export const retryFailedEmails = () =>
  apiRead(
    'POST /api/v1/admin/notifications/emails/retry-failed',
    '/api/v1/admin/notifications/emails/retry-failed',
  );
