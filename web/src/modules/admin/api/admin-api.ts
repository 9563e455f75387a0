import {
  AdminMetricsResponseSchema,
  type MonitoringEventsResponse,
  type OutboxListResponse,
} from '@pt/contracts';
import { apiFetch, apiFetchChecked } from '../../../lib/api';

export const adminKeys = {
  metrics: ['admin', 'metrics'] as const,
  pricing: ['admin', 'pricing-status'] as const,
  outbox: ['admin', 'outbox'] as const,
  monitoring: ['admin', 'monitoring-events'] as const,
};

/**
 * GET /api/v1/admin/metrics (issue 13), checked against its contract: an answer of another shape is
 * an error on the dashboard, never a page of zeros. (The admin chunk may carry zod; the home page's
 * initial JavaScript does not include it.)
 */
export const fetchMetrics = () =>
  apiFetchChecked('/api/v1/admin/metrics', AdminMetricsResponseSchema, 'metrics answer');

/** GET /api/v1/admin/pricing/status (pricing service). */
export const fetchPricingStatus = () => apiFetch<PricingStatus>('/api/v1/admin/pricing/status');

/** GET /api/v1/admin/outbox: the embedded mode's mail outbox (newest first; 404 elsewhere). */
export const fetchOutbox = () => apiFetch<OutboxListResponse>('/api/v1/admin/outbox');

/** GET /api/v1/admin/monitoring/events: what browsers reported (newest first) and the 30-minute counts. */
export const fetchMonitoringEvents = () =>
  apiFetch<MonitoringEventsResponse>('/api/v1/admin/monitoring/events?limit=100');

export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed?: number;
}

export interface PricingStatus {
  at: string;
  workers: string;
  scheduler: QueueCounts;
  marketplaces: Record<
    string,
    {
      queue: QueueCounts;
      listings: Record<string, number>;
      apiCalls: { today: number; quotaPerDay: number };
    }
  >;
  process: {
    observations: Record<string, number>;
    rejected: Record<string, number>;
    priceChanges: number;
    drops: number;
    pollJobs: Record<string, number>;
  };
  [extra: string]: unknown;
}
