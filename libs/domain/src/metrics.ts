/**
 * A window's latency percentile as the admin dashboard shows it: whole milliseconds, and "—" for a
 * window without requests, where the API's 0 means no latency rather than an instant answer.
 */
export const formatLatency = (ms: number, requests: number): string =>
  requests === 0 ? '—' : `${Math.round(ms)} ms`;

/** An error rate (0..1) as the admin dashboard shows it: "2.5%". */
export const formatErrorRate = (rate: number): string => `${(rate * 100).toFixed(1)}%`;
