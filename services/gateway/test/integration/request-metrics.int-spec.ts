import { AdminMetricsResponseSchema } from '@pt/contracts';
import { describeAdapter, eventually, postgresAvailability, redisAvailability } from '@pt/testing';
import { startGatewayRig, type GatewayRig } from '../support/gateway-rig';

const needs = postgresAvailability().available ? redisAvailability() : postgresAvailability();

/** Linear interpolation between closest ranks: what Postgres' percentile_cont computes. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = p * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return Math.round((sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo)) * 100) / 100;
}

describeAdapter('gateway-request-logs', 'postgres+redis', needs, () => {
  let rig: GatewayRig;
  beforeAll(async () => {
    rig = await startGatewayRig(
      { REQUEST_LOG_FLUSH_MS: 100 },
      { settingsEnv: { REQUEST_LOG_ROLLUP_EVERY_MS: '300', REQUEST_LOG_PRUNE_EVERY_MS: '300' } },
    );
  }, 60_000);
  afterAll(() => rig?.close());

  const logRows = async () =>
    (
      await rig.pg.db.query<{
        route: string;
        method: string;
        status_code: number;
        response_time_ms: number;
        service_name: string;
        user_id: string | null;
      }>(
        'SELECT route, method, status_code, response_time_ms, service_name, user_id FROM settings.api_request_logs',
      )
    ).rows;

  it('metrics equal what the test computes from the requests it sent', async () => {
    const userId = 'metrics-user';
    const user = await rig.token('user', userId);
    const sent: Array<{ path: string; token?: string; status: number }> = [
      ...[1, 2, 3, 4, 5, 6].map((i) => ({ path: `/api/v1/products/${i}`, status: 200 })),
      { path: '/api/v1/products/boom', token: user, status: 500 },
      { path: '/api/v1/products/boom', token: user, status: 500 },
      { path: '/api/v1/settings/public', status: 200 },
      { path: '/api/v1/no-such-thing', status: 404 },
    ];
    for (const request of sent) {
      const res = await fetch(`${rig.url}${request.path}`, {
        headers: request.token ? { authorization: `Bearer ${request.token}` } : {},
      });
      expect(res.status).toBe(request.status);
    }
    const rows = await eventually(
      async () => {
        const found = await logRows();
        return found.length >= sent.length && found;
      },
      { what: 'the request logs to be written' },
    );
    expect(rows).toHaveLength(sent.length);
    // Route templates, never raw ids; the user is the verified one.
    expect(
      rows.filter((r) => r.route === '/api/v1/products/{id}' && r.service_name === 'catalog'),
    ).toHaveLength(8);
    expect(rows.filter((r) => r.user_id === userId).map((r) => r.status_code)).toEqual([500, 500]);
    expect(rows.find((r) => r.status_code === 404)).toMatchObject({
      route: 'unmatched',
      service_name: 'gateway',
    });

    const admin = await rig.token('admin');
    const res = await fetch(`${rig.url}/api/v1/admin/metrics`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    const metrics = AdminMetricsResponseSchema.parse(await res.json());
    const times = (filter: (r: (typeof rows)[number]) => boolean) =>
      rows
        .filter(filter)
        .map((r) => r.response_time_ms)
        .sort((a, b) => a - b);
    const all = times(() => true);
    for (const window of [metrics.last24h, metrics.lastHour]) {
      expect(window.total).toEqual({
        requests: 10,
        errors: 2,
        errorRate: 0.2,
        p50Ms: percentile(all, 0.5),
        p95Ms: percentile(all, 0.95),
        p99Ms: percentile(all, 0.99),
      });
      expect(window.byService.map((s) => [s.service, s.requests, s.errors])).toEqual([
        ['catalog', 8, 2],
        ['gateway', 1, 0],
        ['settings', 1, 0],
      ]);
      const products = window.byRoute.find((r) => r.route === '/api/v1/products/{id}');
      const productTimes = times((r) => r.route === '/api/v1/products/{id}');
      expect(products).toEqual({
        service: 'catalog',
        method: 'GET',
        route: '/api/v1/products/{id}',
        requests: 8,
        errors: 2,
        errorRate: 0.25,
        p50Ms: percentile(productTimes, 0.5),
        p95Ms: percentile(productTimes, 0.95),
        p99Ms: percentile(productTimes, 0.99),
      });
    }
    expect(metrics.hourly).toHaveLength(24);
    expect(metrics.hourly.reduce((sum, h) => sum + h.requests, 0)).toBe(10);
    expect(metrics.hourly.reduce((sum, h) => sum + h.errors, 0)).toBe(2);

    // The rollup job fills daily_api_requests for today.
    await eventually(
      async () => {
        const again = await fetch(`${rig.url}/api/v1/admin/metrics`, {
          headers: { authorization: `Bearer ${admin}` },
        });
        const body = AdminMetricsResponseSchema.parse(await again.json());
        return body.today.services.find((s) => s.serviceName === 'catalog' && s.requestCount === 8);
      },
      { what: 'the daily rollup' },
    );
  });

  it('ARCH §6 metrics are admin only: 401 anonymous, 403 signed-in non-admin', async () => {
    expect((await fetch(`${rig.url}/api/v1/admin/metrics`)).status).toBe(401);
    const user = await rig.token('user');
    const res = await fetch(`${rig.url}/api/v1/admin/metrics`, {
      headers: { authorization: `Bearer ${user}` },
    });
    expect(res.status).toBe(403);
  });

  it('retention: the prune job deletes raw rows older than 30 days and keeps the rest', async () => {
    await rig.pg.db.query(
      `INSERT INTO settings.api_request_logs (route, method, status_code, response_time_ms, service_name, created_at)
       VALUES ('/old', 'GET', 200, 1, 'catalog', now() - interval '31 days'),
              ('/recent', 'GET', 200, 1, 'catalog', now() - interval '29 days')`,
    );
    await eventually(
      async () =>
        (await rig.pg.db.query(`SELECT 1 FROM settings.api_request_logs WHERE route = '/old'`)).rows
          .length === 0,
      { what: 'the old row to be pruned' },
    );
    const recent = await rig.pg.db.query(`SELECT 1 FROM settings.api_request_logs WHERE route = '/recent'`);
    expect(recent.rows).toHaveLength(1);
  });
});
