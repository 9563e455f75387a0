import type { EventBus } from '@pt/platform';
import { describeAdapter, eventually, postgresAvailability, redisAvailability, TcpLink } from '@pt/testing';
import { startSettingsHost, type SettingsHost } from '../support/settings-host';

const both = (() => {
  const pg = postgresAvailability();
  return pg.available ? redisAvailability() : pg;
})();

/** Whether the bus answers within `ms` (ioredis queues commands while it reconnects). */
const busAnswers = (bus: EventBus, ms = 500) =>
  Promise.race([
    bus.ping().then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]).catch(() => false);

/**
 * Readiness says whether this process can serve its own requests. One Redis blip
 * turned every service's /readyz red while every request succeeded, and with the k8s probes an
 * outage over ~15 s would have emptied every Service. Here a real settings service runs on real
 * Postgres and Redis, each reached through a link the test cuts.
 */
describeAdapter('settings', 'readiness (postgres+redis outages)', both, () => {
  let links: { database: TcpLink; redis: TcpLink };
  let host: SettingsHost;

  beforeAll(async () => {
    links = {
      database: await TcpLink.to(process.env.DATABASE_URL as string),
      redis: await TcpLink.to(process.env.REDIS_URL as string),
    };
    // The documented default grace (30 s): far longer than any of these tests waits.
    host = await startSettingsHost({ databaseVia: links.database, redisVia: links.redis });
  }, 60_000);
  afterEach(async () => {
    await links.database.restore();
    await links.redis.restore();
  });
  afterAll(async () => {
    await host?.close();
    await links?.database.cut();
    await links?.redis.cut();
  });

  it('stays ready and serves while Redis does not answer: the bus is observed, not critical', async () => {
    await host.request.get('/readyz').expect(200);
    await links.redis.cut();
    await eventually(async () => !(await busAnswers(host.runtime.bus)), { what: 'Redis unreachable' });

    const ready = await host.request.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: { status: 'ok' } });
    const pub = await host.request.get('/api/v1/settings/public').expect(200);
    expect(pub.body).toHaveProperty('feature_flags');
    await host.request.get('/livez').expect(200);

    const health = await host.request.get('/healthz').expect(200);
    expect(health.body).toMatchObject({
      status: 'degraded',
      ready: true,
      dependencies: {
        database: { status: 'up', critical: true },
        eventBus: { status: 'down', critical: false },
      },
    });
  });

  it('stays ready while its database has failed for less than the grace', async () => {
    await host.request.get('/readyz').expect(200);
    await links.database.cut();
    await eventually(
      () =>
        host.runtime.db.ping().then(
          () => false,
          () => true,
        ),
      { what: 'Postgres unreachable' },
    );

    const ready = await host.request.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks.database).toMatchObject({ status: 'failing' });
    await host.request.get('/livez').expect(200);
    const health = await host.request.get('/healthz').expect(200);
    expect(health.body).toMatchObject({
      status: 'degraded',
      ready: true,
      dependencies: { database: { status: 'down', critical: true } },
    });

    await links.database.restore();
    await eventually(async () => (await host.request.get('/readyz')).body.checks?.database?.status === 'ok', {
      what: 'the database answering again',
    });
  });
});

describeAdapter('settings', 'readiness after the grace (postgres)', both, () => {
  let link: TcpLink;
  let host: SettingsHost;

  beforeAll(async () => {
    link = await TcpLink.to(process.env.DATABASE_URL as string);
    host = await startSettingsHost({ databaseVia: link, env: { READINESS_GRACE_MS: '300' } });
  }, 60_000);
  afterAll(async () => {
    await link?.restore();
    await host?.close();
    await link?.cut();
  });

  it('fails readiness once the database has been down longer than the grace; liveness never does', async () => {
    await host.request.get('/readyz').expect(200);
    await link.cut();
    const notReady = await eventually(
      async () => {
        const res = await host.request.get('/readyz');
        return res.status === 503 ? res : undefined;
      },
      { what: 'readiness failing after the grace' },
    );
    expect(notReady.body).toMatchObject({ status: 'not_ready', checks: { database: { status: 'down' } } });
    await host.request.get('/livez').expect(200);
    const health = await host.request.get('/healthz').expect(200);
    expect(health.body).toMatchObject({ status: 'not_ready', ready: false });

    await link.restore();
    await eventually(async () => (await host.request.get('/readyz')).status === 200, {
      what: 'ready again once the database answers',
    });
  });
});
