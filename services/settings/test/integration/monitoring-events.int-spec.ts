import { randomUUID } from 'node:crypto';
import { MONITORING_REPORT_MAX_BYTES, MonitoringEventsResponseSchema } from '@pt/contracts';
import { RedisRateLimiter, clientAddressHeaders } from '@pt/platform';
import { describeAdapter, postgresAvailability, redisAvailability } from '@pt/testing';
import { ADMIN, USER, startSettingsHost, type SettingsHost } from '../support/settings-host';

const both = (() => {
  const pg = postgresAvailability();
  const redis = redisAvailability();
  return pg.available ? redis : pg;
})();

const PER_MINUTE = 3;
const MAX_ROWS = 5;
const RETENTION_DAYS = 7;
const INTAKE = '/api/v1/monitoring/events';
const LIST = '/api/v1/admin/monitoring/events';

const event = (overrides: Record<string, unknown> = {}) => ({
  type: 'error',
  component: 'window',
  severity: 'high',
  details: { message: 'boom' },
  timestamp: new Date().toISOString(),
  context: { path: '/deals' },
  ...overrides,
});

let clients = 0;
/** A client address of its own per use, so the per-client limit only bites where a test wants it. */
const newClient = () => `198.51.100.${++clients}`;

describeAdapter('settings: client monitoring intake', 'postgres+redis', both, () => {
  let host: SettingsHost;
  beforeAll(async () => {
    host = await startSettingsHost({
      env: {
        MONITORING_EVENTS_PER_MINUTE: String(PER_MINUTE),
        MONITORING_EVENTS_MAX: String(MAX_ROWS),
        MONITORING_EVENTS_RETENTION_DAYS: String(RETENTION_DAYS),
      },
      // Real Redis counters, under a prefix of this file's own.
      rateLimiter: new RedisRateLimiter(process.env.REDIS_URL as string, `test:${randomUUID()}`),
    });
  }, 60_000);
  afterAll(() => host?.close());

  const post = (body: unknown, client = newClient()) =>
    host.request
      .post(INTAKE)
      .set(clientAddressHeaders(client))
      .send(body as object);
  const rows = async () =>
    (
      await host.pg.db.query<{ id: string; details: unknown; context: unknown; user_id: string | null }>(
        'SELECT id, details, context, user_id FROM settings.monitoring_events ORDER BY id',
      )
    ).rows;

  it('§3 an anonymous or signed-in report is stored; the admin list shows it newest first with the 30-minute summary', async () => {
    const anonymous = await post(event({ details: { message: 'anonymous boom' } })).expect(202);
    expect(anonymous.body).toEqual({ accepted: true });
    await host.request
      .post(INTAKE)
      .set(USER)
      .send(event({ type: 'api_error', component: 'api', severity: 'medium', details: { status: 503 } }))
      .expect(202);

    const list = await host.request.get(LIST).set(ADMIN).expect(200);
    const body = MonitoringEventsResponseSchema.parse(list.body);
    expect(body.events.slice(0, 2)).toEqual([
      expect.objectContaining({
        type: 'api_error',
        component: 'api',
        severity: 'medium',
        details: { status: 503 },
        userId: 'user-1',
      }),
      expect.objectContaining({
        type: 'error',
        severity: 'high',
        details: { message: 'anonymous boom' },
        context: { path: '/deals' },
        userId: null,
      }),
    ]);
    expect(body.summary.windowMs).toBe(30 * 60_000);
    expect(body.summary.bySeverity.high).toBeGreaterThanOrEqual(1);
    expect(body.summary.bySeverity.medium).toBeGreaterThanOrEqual(1);
    const one = await host.request.get(`${LIST}?limit=1&severity=high`).set(ADMIN).expect(200);
    expect(one.body.events).toEqual([expect.objectContaining({ details: { message: 'anonymous boom' } })]);
  });

  it.each([
    ['no severity', event({ severity: undefined })],
    ['an unknown severity', event({ severity: 'fatal' })],
    ['a timestamp that is not ISO', event({ timestamp: 'yesterday' })],
    ['an empty type', event({ type: '  ' })],
    ['a type over 64 characters', event({ type: 'x'.repeat(65) })],
    ['details that are not an object', event({ details: 'boom' })],
    ['a list instead of an event', [event()]],
    ['nothing', undefined],
  ])('§3 a report with %s → 400 validation_failed, nothing stored', async (_case, body) => {
    const before = (await rows()).length;
    const res = await post(body).expect(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', message: 'Invalid monitoring event' });
    expect((await rows()).length).toBe(before);
  });

  it('a report over the size limit → 413, nothing stored', async () => {
    const before = await rows();
    const res = await post(event({ details: { message: 'x'.repeat(MONITORING_REPORT_MAX_BYTES) } })).expect(
      413,
    );
    expect(res.body.error.code).toBe('payload_too_large');
    expect(await rows()).toEqual(before);
  });

  it('never stores tokens or secrets: secret-named fields are dropped, token-like strings masked', async () => {
    const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJlLXBhcnQ';
    const mailedToken = 'mailedlinktoken0123456789abcdefXYZ';
    const refresh = 'refresh-secret-value';
    await post(
      event({
        details: {
          message: `request failed: Authorization: Bearer ${jwt}`,
          source: `http://localhost/?token=${mailedToken}&type=recovery`,
          status: 401,
        },
        context: {
          path: '/account',
          access_token: jwt,
          refreshToken: refresh,
          Authorization: `Bearer ${jwt}`,
          pt_auth_session: { access_token: jwt, refresh_token: refresh },
          nested: { apiKey: 'k-123', note: `copied ${jwt} here`, id: '0b8c5a52-7f7e-4a55-9d3e-2f0e0c1f7a10' },
        },
      }),
    ).expect(202);
    const stored = (await rows()).at(-1)!;
    const text = JSON.stringify(stored);
    for (const secret of [jwt, mailedToken, refresh, 'k-123']) expect(text).not.toContain(secret);
    expect(stored.context).toEqual({
      path: '/account',
      nested: { note: 'copied [redacted] here', id: '0b8c5a52-7f7e-4a55-9d3e-2f0e0c1f7a10' },
    });
    expect(stored.details).toEqual({
      message: 'request failed: Authorization: Bearer [redacted]',
      source: 'http://localhost/?token=[redacted]&type=recovery',
      status: 401,
    });
  });

  it('rate limited per client: over the limit → 429 with Retry-After; other clients and users are counted apart', async () => {
    const client = newClient();
    for (let i = 0; i < PER_MINUTE; i++) await post(event(), client).expect(202);
    const before = (await rows()).length;
    const limited = await post(event(), client).expect(429);
    expect(limited.body.error).toMatchObject({
      code: 'rate_limited',
      message: 'Too many requests. Please wait before trying again.',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Refused reports cost a hit too, and store nothing (invalid ones included).
    await post({ junk: true }, client).expect(429);
    expect((await rows()).length).toBe(before);
    await post(event(), newClient()).expect(202);
    // A signed-in user counts against the user, not the shared address.
    await host.request
      .post(INTAKE)
      .set(clientAddressHeaders(client))
      .set({ ...ADMIN })
      .send(event())
      .expect(202);
  });

  it('a caller reaching the service directly cannot pick its address with X-Forwarded-For', async () => {
    // No gateway proof: every report counts against the real peer (loopback here), whatever it claims.
    const forged = () => host.request.post(INTAKE).set('x-forwarded-for', newClient()).send(event());
    for (let i = 0; i < PER_MINUTE; i++) await forged().expect(202);
    await forged().expect(429);
  });

  it('an IPv6 client is its /64: reports from rotating addresses of one prefix share one limit', async () => {
    const prefix = `2001:db8:${(++clients).toString(16)}:1`;
    for (let i = 0; i < PER_MINUTE; i++)
      await post(event(), `${prefix}::${(i + 1).toString(16)}`).expect(202);
    await post(event(), `${prefix}:ffff:0:0:99`).expect(429);
    await post(event(), `2001:db8:${(++clients).toString(16)}:2::1`).expect(202);
  });

  it('ARCH §6 the list is admin only: anonymous 401, signed-in non-admin 403; a bad limit is 400', async () => {
    const anonymous = await host.request.get(LIST).expect(401);
    expect(anonymous.body.error.code).toBe('unauthorized');
    await host.request.get(LIST).set(USER).expect(403);
    // A role header without the signed assertion is not an identity.
    await host.request.get(LIST).set('x-user-role', 'admin').set('x-user-id', 'x').expect(401);
    await host.request.get(`${LIST}?limit=0`).set(ADMIN).expect(400);
    await host.request.get(`${LIST}?limit=1000`).set(ADMIN).expect(400);
  });

  it(`keeps at most MONITORING_EVENTS_MAX rows (the newest) and none older than ${RETENTION_DAYS} days`, async () => {
    const old = await host.pg.db.query<{ id: string }>(
      `INSERT INTO settings.monitoring_events
         (type, component, severity, details, context, reported_at, received_at)
       VALUES ('error', 'old', 'low', '{}', '{}', now() - interval '8 days', now() - interval '8 days')
       RETURNING id`,
    );
    const marks: string[] = [];
    for (let i = 0; i < MAX_ROWS + 2; i++) {
      const mark = `retention ${i}`;
      marks.push(mark);
      await post(event({ details: { message: mark } })).expect(202);
    }
    const kept = await rows();
    expect(kept).toHaveLength(MAX_ROWS);
    expect(kept.map((r) => r.id)).not.toContain(old.rows[0]!.id);
    expect(kept.map((r) => (r.details as { message: string }).message)).toEqual(marks.slice(-MAX_ROWS));
    const list = await host.request.get(LIST).set(ADMIN).expect(200);
    expect(list.body.events).toHaveLength(MAX_ROWS);
    expect(list.body.summary.total).toBe(MAX_ROWS);
  });
});
