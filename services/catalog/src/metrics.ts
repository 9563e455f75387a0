import { metricsRegistry } from '@pt/platform';
import { Counter } from 'prom-client';

/**
 * The catalog's Prometheus metrics, in the shared registry (GET /metrics). Labels are small fixed
 * sets: marketplaces, lookup sources, error codes — never product ids or queries.
 */
export const lookupsTotal = new Counter({
  name: 'catalog_lookups_total',
  help: 'Product lookups answered, by the §4 step that answered (sample, cache, live, placeholder)',
  labelNames: ['source'] as const,
  registers: [metricsRegistry],
});

export const marketplaceFailuresTotal = new Counter({
  name: 'catalog_marketplace_failures_total',
  help: 'Marketplace calls that failed while answering a page, by marketplace and error code',
  labelNames: ['marketplace', 'code'] as const,
  registers: [metricsRegistry],
});

export const conversionsTotal = new Counter({
  name: 'catalog_currency_conversions_total',
  help: 'Currency conversions, by where the rates came from (live, cache, fallback)',
  labelNames: ['source'] as const,
  registers: [metricsRegistry],
});

export const productsLruTotal = new Counter({
  name: 'catalog_products_lru_total',
  help: 'products_cache reads by whether the in-process LRU answered (hit) or the database (miss)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});
