import { readMetrics } from './metrics';

describe('admin metrics reader', () => {
  it('reads camel-case figures, series and daily counts', () => {
    const view = readMetrics({
      last24h: {
        requests: 120,
        errorRate: 0.05,
        p50: 12,
        p95: 80,
        p99: 150,
        perService: { catalog: { requests: 100, errorRate: 0.01, p95: 70 } },
      },
      lastHour: { requestCount: 10, error_rate: 0, latency: { p50: 5, p95: 9, p99: 11 } },
      requestsPerHour: [{ hour: '2026-11-24T10:00:00Z', count: 7, errors: 1 }],
      today: [{ service_name: 'catalog', request_count: 42 }],
    });
    expect(view.last24h).toEqual({ requests: 120, errorRate: 0.05, p50: 12, p95: 80, p99: 150 });
    expect(view.lastHour).toEqual({ requests: 10, errorRate: 0, p50: 5, p95: 9, p99: 11 });
    expect(view.perHour).toEqual([{ hour: '2026-11-24T10:00:00Z', requests: 7, errors: 1 }]);
    expect(view.perService).toEqual([{ service: 'catalog', requests: 100, errorRate: 0.01, p95: 70 }]);
    expect(view.today).toEqual([{ service: 'catalog', requests: 42 }]);
  });

  it('turns a missing or malformed answer into empty figures, not an error', () => {
    for (const raw of [null, 'x', [], { last24h: 'nope' }]) {
      const view = readMetrics(raw);
      expect(view.last24h.requests).toBe(0);
      expect(view.perHour).toEqual([]);
    }
  });
});
