import { metricsRegistry } from '@pt/platform';
import { Counter } from 'prom-client';

/** The notifier's Prometheus metrics, in the shared registry (next to every service's in embedded mode). */
export const alertsFiredTotal = new Counter({
  name: 'alert_notifier_alerts_fired_total',
  help: 'Alert crossings (price went from above to at or below the target), by whether an email was queued',
  labelNames: ['email'] as const,
  registers: [metricsRegistry],
});

export const emailsTotal = new Counter({
  name: 'alert_notifier_emails_total',
  help: 'Email jobs by kind and outcome (sent, skipped, retry, failed: out of retries and kept)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry],
});
