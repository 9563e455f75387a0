import { metricsRegistry } from '@pt/platform';
import { Counter, Gauge, Histogram } from 'prom-client';

/**
 * Pricing's Prometheus metrics (the operator's view of the pipeline). Created once per process
 * in the shared registry; in the embedded host they sit next to every other service's.
 */
export const observationsTotal = new Counter({
  name: 'pricing_observations_total',
  help: 'price.observed handled by the recorder, by outcome (recorded, deduplicated, stale, foreign_currency)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const observationsRejectedTotal = new Counter({
  name: 'pricing_observations_rejected_total',
  help: 'price.observed sent to the DLQ as bad input, by reason',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

export const priceChangesTotal = new Counter({
  name: 'pricing_price_changes_total',
  help: 'price.changed emitted, by marketplace and whether the price dropped',
  labelNames: ['marketplace', 'dropped'] as const,
  registers: [metricsRegistry],
});

export const pollJobsTotal = new Counter({
  name: 'pricing_poll_jobs_total',
  help: 'Poll jobs finished, by marketplace and outcome (rate() gives jobs/s)',
  labelNames: ['marketplace', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const pollDuration = new Histogram({
  name: 'pricing_poll_duration_seconds',
  help: 'Marketplace call latency of one poll job, by marketplace',
  labelNames: ['marketplace'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
  registers: [metricsRegistry],
});

export const listingsPolledTotal = new Counter({
  name: 'pricing_listings_polled_total',
  help: 'Listings polled, by marketplace and result (observed, not_found, failed)',
  labelNames: ['marketplace', 'result'] as const,
  registers: [metricsRegistry],
});

type GaugeSource = () => Promise<Array<{ labels: Record<string, string>; value: number }>>;
const queueDepthSources = new Set<GaugeSource>();
const quotaSources = new Set<GaugeSource>();

/** Reads queue depth from the queue port at scrape time (several modules may register one). */
export const queueDepth = new Gauge({
  name: 'pricing_queue_depth',
  help: 'Poll jobs waiting or delayed, by queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const source of queueDepthSources)
      for (const { labels, value } of await source().catch(() => [])) this.set(labels, value);
  },
});

export const apiCallsToday = new Gauge({
  name: 'pricing_api_calls_today',
  help: 'Marketplace API calls today (UTC) by marketplace and kind: used/quota (the pollers, their pace), poller_used/poller_limit and interactive_used/interactive_limit (the credential budget shares)',
  labelNames: ['marketplace', 'kind'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const source of quotaSources)
      for (const { labels, value } of await source().catch(() => [])) this.set(labels, value);
  },
});

/** Registers a scrape-time source; returns its removal. */
export function addGaugeSource(kind: 'queueDepth' | 'quota', source: GaugeSource): () => void {
  const set = kind === 'queueDepth' ? queueDepthSources : quotaSources;
  set.add(source);
  return () => set.delete(source);
}
