import { describeAdapter, eventually, postgresAvailability, redisAvailability } from '@pt/testing';
import { startGatewayRig, type GatewayRig } from '../support/gateway-rig';
import { openEventStream, type SseClient } from '../support/sse-client';

const needs = postgresAvailability().available ? redisAvailability() : postgresAvailability();

describeAdapter('gateway-settings', 'postgres+redis', needs, () => {
  let rig: GatewayRig;
  let admin: string;
  let user: string;
  const streams: SseClient[] = [];
  beforeAll(async () => {
    rig = await startGatewayRig();
    admin = await rig.token('admin');
    user = await rig.token('user');
    // The gateway learns the seeded values from the settings service's start-up announcement.
    await eventually(() => rig.edge.feed.revision > 0, { what: 'the seeded settings to reach the gateway' });
  }, 60_000);
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(() => rig?.close());

  const put = (key: string, value: unknown, token = admin) =>
    fetch(`${rig.url}/api/v1/admin/settings/${key}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ value }),
    });
  const stream = async (headers: Record<string, string> = {}) => {
    const s = await openEventStream(`${rig.url}/api/v1/events`, headers);
    streams.push(s);
    return s;
  };
  const changesOf = (s: SseClient) =>
    s.events.filter((e) => e.event === 'settings.changed').map((e) => ({ id: e.id, ...JSON.parse(e.data) }));

  it('a change reaches a connected SSE client within 1 s', async () => {
    const s = await stream();
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    await eventually(() => s.events.find((e) => e.event === 'ready'), { what: 'ready event' });
    const started = Date.now();
    expect((await put('beta_landing_enabled', true)).status).toBe(200);
    const change = await eventually(() => changesOf(s).find((c) => c.key === 'beta_landing_enabled'), {
      timeoutMs: 5_000,
      what: 'the change on the stream',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(change).toMatchObject({ key: 'beta_landing_enabled', value: true, isPublic: true });
    expect(change.id).toBe(String(change.revision));
  });

  it('a reconnect with Last-Event-ID receives every change it missed, and only those', async () => {
    const first = await stream();
    const ready = await eventually(() => first.events.find((e) => e.event === 'ready'));
    const lastId = ready.id as string;
    first.close();
    // While disconnected: three writes to two keys: a non-public one, whose value stays hidden, and
    // the public feature flags, whose value the browser gets.
    // Each write is awaited at the gateway before the next: the bus may hand changes to the feed in
    // any order, and a change landing after the reconnect would (rightly) arrive live, not replayed.
    const seen = (key: string, after: number) =>
      eventually(
        () => {
          const revision = rig.edge.feed.current(key)?.revision ?? 0;
          return revision > after && revision;
        },
        { what: `the gateway to see the write of ${key}` },
      );
    expect((await put('max_search_results', 20)).status).toBe(200);
    const first20 = await seen('max_search_results', Number(lastId));
    expect((await put('max_search_results', 30)).status).toBe(200);
    await seen('max_search_results', first20);
    expect((await put('feature_flags', { deals: false })).status).toBe(200);
    await seen('feature_flags', Number(lastId));
    expect(rig.edge.feed.since(Number(lastId))).toHaveLength(2);
    const again = await stream({ 'last-event-id': lastId });
    await eventually(() => again.events.find((e) => e.event === 'ready'));
    const missed = changesOf(again);
    expect(missed.map((c) => c.key)).toEqual(['max_search_results', 'feature_flags']);
    expect('value' in missed[0]).toBe(false);
    expect(missed[1]).toMatchObject({ value: { deals: false } });
    expect(Number(missed[0].id)).toBeGreaterThan(Number(lastId));
    // Nothing missed → nothing replayed.
    const upToDate = await stream({ 'last-event-id': String(rig.edge.feed.revision) });
    await eventually(() => upToDate.events.find((e) => e.event === 'ready'));
    expect(changesOf(upToDate)).toEqual([]);
  });

  it('maintenance mode: non-admin API calls get 503 maintenance with Retry-After; admins and open paths pass', async () => {
    const s = await stream();
    expect((await put('maintenance_mode', true)).status).toBe(200);
    const on = await eventually(() =>
      changesOf(s).find((c) => c.key === 'maintenance_mode' && c.value === true),
    );

    const anonymous = await fetch(`${rig.url}/api/v1/products/123`);
    expect(anonymous.status).toBe(503);
    expect(anonymous.headers.get('retry-after')).toBe('60');
    expect(await anonymous.json()).toEqual({
      error: { code: 'maintenance', message: expect.stringContaining('maintenance') },
    });
    const signedIn = await fetch(`${rig.url}/api/v1/products/123`, {
      headers: { authorization: `Bearer ${user}` },
    });
    expect(signedIn.status).toBe(503);
    // A forged role header is stripped; only the verified token counts.
    const forged = await fetch(`${rig.url}/api/v1/products/123`, {
      headers: { 'x-user-role': 'admin', 'x-user-id': 'x' },
    });
    expect(forged.status).toBe(503);
    const asAdmin = await fetch(`${rig.url}/api/v1/products/123`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(asAdmin.status).toBe(200);
    expect((await fetch(`${rig.url}/api/v1/settings/public`)).status).toBe(200);
    expect((await fetch(`${rig.url}/healthz`)).status).toBe(200);
    // /auth/v1 is never gated (this rig has no auth service: the gateway forwards and gets 502).
    expect((await fetch(`${rig.url}/auth/v1/settings`)).status).not.toBe(503);

    // The admin switches it off; everyone is back.
    expect((await put('maintenance_mode', false)).status).toBe(200);
    // Newer than the switch-on: a new stream also starts with the (then false) current value.
    await eventually(() =>
      changesOf(s).find((c) => c.key === 'maintenance_mode' && c.value === false && c.revision > on.revision),
    );
    expect((await fetch(`${rig.url}/api/v1/products/123`)).status).toBe(200);
  });

  it('a page opened while maintenance is already on learns it from a new stream (no Last-Event-ID)', async () => {
    expect((await put('maintenance_mode', true)).status).toBe(200);
    try {
      await eventually(() => rig.edge.feed.maintenanceMode, { what: 'the gateway to see maintenance on' });
      await newStreamStartsWithMaintenanceOn();
    } finally {
      // Whatever happened above, the following tests expect maintenance off.
      await put('maintenance_mode', false);
    }
    await eventually(() => !rig.edge.feed.maintenanceMode, { what: 'maintenance off again' });
    const after = await stream();
    await eventually(() => after.events.find((e) => e.event === 'ready'));
    expect(changesOf(after)).toEqual([expect.objectContaining({ key: 'maintenance_mode', value: false })]);
  });

  async function newStreamStartsWithMaintenanceOn() {
    const onRevision = rig.edge.feed.revision;
    // Another key written after it: the new stream still gets maintenance, not only the newest key.
    expect((await put('max_search_results', 40)).status).toBe(200);
    await eventually(() => rig.edge.feed.revision > onRevision, { what: 'the later write' });

    const fresh = await stream();
    const ready = await eventually(() => fresh.events.find((e) => e.event === 'ready'));
    const changes = changesOf(fresh);
    expect(changes).toEqual([
      expect.objectContaining({ key: 'maintenance_mode', value: true, revision: onRevision }),
    ]);
    // The state comes before `ready`, so the client's Last-Event-ID ends at the current revision.
    expect(fresh.events.map((e) => e.event)).toEqual(['settings.changed', 'ready']);
    expect(Number(ready.id)).toBe(rig.edge.feed.revision);
  }

  it('ARCH §6 settings writes through the gateway: 401 anonymous, 403 non-admin, 401 forged token', async () => {
    const anonymous = await fetch(`${rig.url}/api/v1/admin/settings/maintenance_mode`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: true }),
    });
    expect(anonymous.status).toBe(401);
    expect((await put('maintenance_mode', true, user)).status).toBe(403);
    expect((await put('maintenance_mode', true, `${admin.slice(0, -4)}AAAA`)).status).toBe(401);
    expect(rig.edge.feed.maintenanceMode).toBe(false);
  });
});
