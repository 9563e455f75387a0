import type { Server } from 'node:http';
import { Controller, Get, Headers, Module, type DynamicModule } from '@nestjs/common';
import {
  boundPort,
  closeServer,
  listen,
  requireAdmin,
  requireUser,
  startService,
  USER_HEADERS,
  type RunningService,
  type ServiceDefinition,
} from '@pt/platform';
import { describeAdapter, eventually, postgresAvailability } from '@pt/testing';
import { call, startAuthHost, testConfig, tokenOf, type AuthHost } from '../support/auth-host';

type Headerish = Record<string, string | string[] | undefined>;

/**
 * A service built on the platform like wishlist, alert-notifier and settings: it reads the user
 * only through @pt/platform's requireUser / requireAdmin and has no code of its own for
 * verification or revocation. It echoes the assertion it got, as a log line would show it.
 */
@Controller('api/v1')
class ProbeController {
  @Get(['wishlists', 'alerts', 'settings'])
  mine(@Headers() headers: Headerish) {
    return { id: requireUser(headers).id, assertion: headers[USER_HEADERS.assertion] };
  }

  @Get('admin/settings')
  admin(@Headers() headers: Headerish) {
    return { id: requireAdmin(headers).id };
  }
}

@Module({})
class ProbeModule {
  static register(): DynamicModule {
    return { module: ProbeModule, controllers: [ProbeController] };
  }
}

const probeService: ServiceDefinition = {
  name: 'probe',
  migrationsDir: __dirname, // no *.sql files here: nothing to migrate
  module: () => ProbeModule.register(),
  health: () => ({}),
};

const ROUTES = ['/api/v1/wishlists', '/api/v1/alerts', '/api/v1/settings', '/api/v1/admin/settings'];
const PASSWORD = 'revocation passphrase';
let counter = 0;

/**
 * A revoked session's access token is refused within 5 s at the gateway
 * and at a service called directly, after every kind of revocation; a direct call cannot claim a
 * user or the admin role with bare headers.
 */
describeAdapter('auth-revocation', 'postgres', postgresAvailability(), () => {
  let host: AuthHost;
  let probe: RunningService;
  let direct: Server;
  let directUrl: string;

  beforeAll(async () => {
    // The probe starts on the host's runtime, after the gateway that routes to it.
    const late: { app?: RunningService['express'] } = {};
    const lateProbe: RunningService['express'] = ((req, res, next) =>
      late.app?.(req, res, next)) as RunningService['express'];
    host = await startAuthHost({
      config: testConfig({ adminEmails: Array.from({ length: 9 }, (_, i) => `boss-${i + 1}@example.com`) }),
      extraTargets: { wishlist: lateProbe, 'alert-notifier': lateProbe, settings: lateProbe },
    });
    probe = await startService(probeService, host.runtime);
    late.app = probe.express;
    direct = await listen(probe.express, 0, '127.0.0.1');
    directUrl = `http://127.0.0.1:${boundPort(direct)}`;
  });
  afterAll(async () => {
    if (direct) await closeServer(direct);
    await probe?.close();
    await host?.close();
  });

  async function admin() {
    const email = `boss-${++counter}@example.com`;
    await call('POST', `${host.api}/signup`, { body: { email, password: PASSWORD } });
    const confirmed = await call('POST', `${host.api}/verify`, {
      body: { type: 'signup', token_hash: tokenOf((await host.nextEmail(email)).link) },
    });
    expect(confirmed.status).toBe(200);
    const session = (
      await call('POST', `${host.api}/token?grant_type=password`, { body: { email, password: PASSWORD } })
    ).body;
    return { email, first: confirmed.body, session };
  }

  const statuses = (token: string) =>
    Promise.all(ROUTES.map(async (route) => (await call('GET', `${host.url}${route}`, { token })).status));

  /** What the gateway forwarded for this token: a captured assertion, replayed to the service. */
  async function capturedAssertion(token: string): Promise<string> {
    const res = await call('GET', `${host.url}/api/v1/wishlists`, { token });
    expect(res.status).toBe(200);
    return res.body.assertion as string;
  }

  /** Polls until every route refuses the token; the time it took is the revocation's reach. */
  async function refusedEverywhereWithin5s(token: string, assertion: string) {
    const started = Date.now();
    await eventually(
      async () => {
        const all = await statuses(token);
        const directly = await call('GET', `${directUrl}/api/v1/admin/settings`, {
          headers: { [USER_HEADERS.assertion]: assertion },
        });
        return all.every((status) => status === 401) && directly.status === 401;
      },
      { timeoutMs: 5_000 },
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  }

  it('a direct call to a service with bare x-user-* headers is anonymous: 401, never admin', async () => {
    const spoof = { 'x-user-id': 'victim', 'x-user-role': 'admin', 'x-user-email': 'victim@example.com' };
    const adminRoute = await call('GET', `${directUrl}/api/v1/admin/settings`, { headers: spoof });
    expect(adminRoute.status).toBe(401);
    expect((await call('GET', `${directUrl}/api/v1/wishlists`, { headers: spoof })).status).toBe(401);
    const forged = await call('GET', `${directUrl}/api/v1/admin/settings`, {
      headers: {
        ...spoof,
        [USER_HEADERS.assertion]: 'v1.eyJzdWIiOiJ2aWN0aW0iLCJyb2xlIjoiYWRtaW4iLCJleHAiOjk5OTk5OTk5OTl9.AAAA',
      },
    });
    expect(forged.status).toBe(401);
  });

  it('sign-out: the old token is refused at the gateway and at the service within 5 s', async () => {
    const { session } = await admin();
    expect(await statuses(session.access_token)).toEqual([200, 200, 200, 200]);
    const assertion = await capturedAssertion(session.access_token);
    expect(
      (
        await call('GET', `${directUrl}/api/v1/admin/settings`, {
          headers: { [USER_HEADERS.assertion]: assertion },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('POST', `${host.api}/logout?scope=local`, { token: session.access_token })).status,
    ).toBe(204);
    await refusedEverywhereWithin5s(session.access_token, assertion);
    const res = await call('GET', `${host.url}/api/v1/wishlists`, { token: session.access_token });
    expect(res.body.error.code).toBe('session_revoked');
  });

  it('global sign-out, a password change, refresh-token reuse and account deletion all reach every service', async () => {
    // Global sign-out ends the other session too.
    const a = await admin();
    const otherAssertion = await capturedAssertion(a.first.access_token);
    await call('POST', `${host.api}/logout?scope=global`, { token: a.session.access_token });
    await refusedEverywhereWithin5s(a.first.access_token, otherAssertion);

    // A password change ends every other session, and keeps the one that changed it.
    const b = await admin();
    const bAssertion = await capturedAssertion(b.first.access_token);
    const changed = await call('PUT', `${host.api}/user`, {
      token: b.session.access_token,
      body: { password: 'another passphrase' },
    });
    expect(changed.status).toBe(200);
    await refusedEverywhereWithin5s(b.first.access_token, bAssertion);
    expect(await statuses(b.session.access_token)).toEqual([200, 200, 200, 200]);

    // Refresh-token reuse after the interval ends the session.
    const c = await admin();
    const cAssertion = await capturedAssertion(c.session.access_token);
    const rotated = await call('POST', `${host.api}/token?grant_type=refresh_token`, {
      body: { refresh_token: c.session.refresh_token },
    });
    expect(rotated.status).toBe(200);
    host.clock.advance((host.config.refreshReuseIntervalS + 1) * 1000);
    const reused = await call('POST', `${host.api}/token?grant_type=refresh_token`, {
      body: { refresh_token: c.session.refresh_token },
    });
    expect(reused.body.error_code).toBe('refresh_token_already_used');
    await refusedEverywhereWithin5s(rotated.body.access_token, cAssertion);

    // Account deletion: the user's tokens die with it.
    const d = await admin();
    const dAssertion = await capturedAssertion(d.session.access_token);
    expect((await call('DELETE', `${host.api}/user`, { token: d.session.access_token })).status).toBe(204);
    await refusedEverywhereWithin5s(d.session.access_token, dAssertion);
  });
});
