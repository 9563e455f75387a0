import { AdminMetricsResponseSchema, type AdminMetricsResponse, type ApiUsageFigures } from '@pt/contracts';
import { formatMs, formatRate, readMetrics } from './metrics';

const HOUR_MS = 3_600_000;
const UTC = { locale: 'en-GB', timeZone: 'UTC' };

const figures = (
  requests: number,
  errors: number,
  p50Ms: number,
  p95Ms: number,
  p99Ms: number,
): ApiUsageFigures => ({
  requests,
  errors,
  errorRate: requests === 0 ? 0 : errors / requests,
  p50Ms,
  p95Ms,
  p99Ms,
});

/** 24 hourly buckets ending with the hour of `generatedAt`, as the settings service builds them. */
function hourlyEndingAt(
  generatedAt: string,
  requestsAt: (i: number) => number,
): AdminMetricsResponse['hourly'] {
  const current = Math.floor(Date.parse(generatedAt) / HOUR_MS) * HOUR_MS;
  return Array.from({ length: 24 }, (_, i) => ({
    hour: new Date(current - (23 - i) * HOUR_MS).toISOString(),
    requests: requestsAt(i),
    errors: i === 23 ? 1 : 0,
  }));
}

/**
 * An answer of GET /api/v1/admin/metrics, checked by the contract's schema, so this test cannot feed
 * the reader a shape the API does not send (issue: the reader looked for `last24h.requests` and an
 * array `today` and showed 0 and "No daily counts yet" beside an answer of 258 requests).
 */
function answer(generatedAt = '2026-11-26T13:20:00.000Z'): AdminMetricsResponse {
  const day = figures(258, 3, 12.5, 80.25, 150);
  return AdminMetricsResponseSchema.parse({
    generatedAt,
    last24h: {
      from: '2026-11-25T13:20:00.000Z',
      total: day,
      byService: [
        { service: 'catalog', ...figures(200, 2, 10, 70, 120) },
        { service: 'settings', ...figures(58, 1, 4, 9, 11) },
      ],
      byRoute: [
        { service: 'catalog', method: 'GET', route: '/api/v1/search', ...figures(200, 2, 10, 70, 120) },
      ],
    },
    lastHour: {
      from: '2026-11-26T12:20:00.000Z',
      total: figures(25, 0, 5, 9, 11),
      byService: [],
      byRoute: [],
    },
    hourly: hourlyEndingAt(generatedAt, (i) => i),
    today: {
      date: '2026-11-26',
      total: 142,
      services: [
        { serviceName: 'catalog', requestCount: 100 },
        { serviceName: 'settings', requestCount: 42 },
      ],
    },
  });
}

describe('admin metrics reader (GET /api/v1/admin/metrics, spec §1 and §7)', () => {
  it('shows the totals, the per-service rows and today’s counts the API answered', () => {
    const view = readMetrics(answer(), UTC);
    expect(view.last24h).toEqual({ requests: 258, errorRate: 3 / 258, p50: 12.5, p95: 80.25, p99: 150 });
    expect(view.lastHour).toEqual({ requests: 25, errorRate: 0, p50: 5, p95: 9, p99: 11 });
    expect(view.perService).toEqual([
      { service: 'catalog', requests: 200, errorRate: 0.01, p95: 70 },
      { service: 'settings', requests: 58, errorRate: 1 / 58, p95: 9 },
    ]);
    expect(view.today).toEqual({
      date: '2026-11-26',
      total: 142,
      services: [
        { service: 'catalog', requests: 100 },
        { service: 'settings', requests: 42 },
      ],
    });
    expect(view.perHour.map((h) => h.requests)).toEqual(answer().hourly.map((h) => h.requests));
    expect(view.perHour[23]).toMatchObject({ hour: '2026-11-26T13:00:00.000Z', errors: 1 });
  });

  it('shows no latency ("—") for a window without requests, where the API answers 0 ms', () => {
    const quiet = answer();
    quiet.lastHour.total = figures(0, 0, 0, 0, 0);
    quiet.last24h.byService = [{ service: 'settings', ...figures(0, 0, 0, 0, 0) }];
    const view = readMetrics(quiet, UTC);
    expect(view.lastHour).toEqual({ requests: 0, errorRate: 0, p50: null, p95: null, p99: null });
    expect(formatMs(view.lastHour.p95)).toBe('—');
    expect(view.perService[0].p95).toBeNull();
  });

  it('labels the hours in the viewer’s time, with the date where the series crosses midnight', () => {
    const points = readMetrics(answer(), UTC).perHour;
    // 14:00 yesterday … 13:00 today (UTC).
    expect(points[0]).toMatchObject({ label: '25 Nov 14:00', title: 'Wed 25 Nov, 14:00–15:00' });
    expect(points[1].label).toBe('15:00');
    expect(points[10]).toMatchObject({ label: '26 Nov 00:00', title: 'Thu 26 Nov, 00:00–01:00' });
    expect(points[23]).toMatchObject({ label: '13:00', title: 'Thu 26 Nov, 13:00–14:00' });
    expect(points.every((p) => !p.label.includes('T') && !p.title.includes('Z'))).toBe(true);

    // The same answer seen from India (UTC+5:30): local hours, the date change moves with them.
    const india = readMetrics(answer(), { locale: 'en-GB', timeZone: 'Asia/Kolkata' }).perHour;
    expect(india[0].label).toBe('25 Nov 19:30');
    expect(india[5]).toMatchObject({ label: '26 Nov 00:30', title: 'Thu 26 Nov, 00:30–01:30' });
  });

  it('shows hours only when the whole series is one day', () => {
    const points = readMetrics(answer('2026-11-26T23:10:00.000Z'), UTC).perHour;
    expect(points.map((p) => p.label)).toEqual(
      Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`),
    );
    expect(points[0].title).toBe('Thu 26 Nov, 00:00–01:00');
  });

  it('formats error rates (0..1) as percentages and latencies in whole milliseconds', () => {
    expect(formatRate(3 / 258)).toBe('1.2%');
    expect(formatRate(1)).toBe('100.0%');
    expect(formatMs(80.25)).toBe('80 ms');
  });
});
