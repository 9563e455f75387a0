/**
 * How many points of a price-history answer were observed (a lookup or a poll), leaving out a demo
 * listing's simulated past (source `demo`), which pricing writes just before the listing's first
 * observation: a test waiting for "pricing has the first observation" waits for this.
 */
export function observedPoints(points: unknown): number {
  if (!Array.isArray(points)) return 0;
  return points.filter((p) => (p as { source?: unknown } | null)?.source !== 'demo').length;
}
