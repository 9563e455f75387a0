import { computeApiUsageMetrics, formatErrorRate, formatLatency } from './metrics';
import { HOUR_MS, MINUTE_MS } from './time';

describe(computeApiUsageMetrics.name, () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  const log = (ageMs: number, status: number, ms: number) => ({
    status_code: status,
    response_time_ms: ms,
    created_at: new Date(now - ageMs).toISOString(),
  });

  it('§1 §7 counts the last 24 hours and the last hour from request logs', () => {
    const sut = computeApiUsageMetrics(
      [
        log(MINUTE_MS, 200, 100),
        log(30 * MINUTE_MS, 503, 300),
        log(5 * HOUR_MS, 404, 50),
        log(25 * HOUR_MS, 500, 1),
        log(-MINUTE_MS, 200, 1),
      ],
      now,
    );
    expect(sut.lastHour).toEqual({ requests: 2, errors: 1, errorRate: 0.5, averageResponseMs: 200 });
    expect(sut.last24h).toEqual({ requests: 3, errors: 1, errorRate: 1 / 3, averageResponseMs: 150 });
  });

  it('no logs → zeros', () => {
    expect(computeApiUsageMetrics([], now).lastHour).toEqual({
      requests: 0,
      errors: 0,
      errorRate: 0,
      averageResponseMs: 0,
    });
  });
});

describe('admin dashboard formats', () => {
  it('shows latencies in whole ms, and none ("—") for a window without requests', () => {
    expect(formatLatency(80.25, 3)).toBe('80 ms');
    expect(formatLatency(0.4, 1)).toBe('0 ms');
    expect(formatLatency(0, 0)).toBe('—');
  });

  it('shows an error rate (0..1) as a percentage', () => {
    expect(formatErrorRate(3 / 258)).toBe('1.2%');
    expect(formatErrorRate(0)).toBe('0.0%');
    expect(formatErrorRate(1)).toBe('100.0%');
  });
});
