import { AdminMetricsResponseSchema, type AdminMetricsResponse, type ApiUsageFigures } from '@pt/contracts';
import { readMetrics } from './metrics';

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
    expect(view.last24h.total).toEqual(figures(258, 3, 12.5, 80.25, 150));
    expect(view.lastHour.total).toEqual(figures(25, 0, 5, 9, 11));
    expect(view.last24h.byService.map((s) => [s.service, s.requests, s.p95Ms])).toEqual([
      ['catalog', 200, 70],
      ['settings', 58, 9],
    ]);
    expect(view.today).toEqual({
      date: '2026-11-26',
      total: 142,
      services: [
        { serviceName: 'catalog', requestCount: 100 },
        { serviceName: 'settings', requestCount: 42 },
      ],
    });
    expect(view.perHour.map((h) => h.requests)).toEqual(answer().hourly.map((h) => h.requests));
    expect(view.perHour[23]).toMatchObject({ hour: '2026-11-26T13:00:00.000Z', errors: 1 });
  });

  it('labels the hours in the viewer’s time, with the date where the series crosses midnight', () => {
    const points = readMetrics(answer(), UTC).perHour;
    // 14:00 yesterday … 13:00 today (UTC).
    expect(points[0]).toMatchObject({ label: '25 Nov 14:00', title: 'Wed 25 Nov, 14:00–15:00' });
    expect(points[1].label).toBe('15:00');
    expect(points[10]).toMatchObject({ label: '26 Nov 00:00', title: 'Thu 26 Nov, 00:00–01:00' });
    expect(points[23]).toMatchObject({ label: '13:00', title: 'Thu 26 Nov, 13:00–14:00' });

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
});
