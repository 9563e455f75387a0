import { apiFetch } from '../../../lib/api';

export const adminKeys = {
  metrics: ['admin', 'metrics'] as const,
  pricing: ['admin', 'pricing-status'] as const,
  outbox: ['admin', 'outbox'] as const,
};

/** GET /api/v1/admin/metrics (issue 13). Read through `readMetrics`, which tolerates missing parts. */
export const fetchMetrics = () => apiFetch<unknown>('/api/v1/admin/metrics');

/** GET /api/v1/admin/pricing/status (pricing service). */
export const fetchPricingStatus = () => apiFetch<PricingStatus>('/api/v1/admin/pricing/status');

/** GET /api/v1/admin/outbox: the embedded mode's mail outbox (newest first). */
export const fetchOutbox = () => apiFetch<StoredMail[] | { messages: StoredMail[] }>('/api/v1/admin/outbox');

export interface StoredMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

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
