import { SETTING_KEYS } from '@pt/domain';
import { describeAdapter, eventually, postgresAvailability, redisAvailability } from '@pt/testing';
import { ADMIN, USER, startSettingsHost, type SettingsHost } from '../support/settings-host';

const both = (() => {
  const pg = postgresAvailability();
  const redis = redisAvailability();
  return pg.available ? redis : pg;
})();

describeAdapter('settings', 'postgres+redis', both, () => {
  let host: SettingsHost;
  beforeAll(async () => {
    host = await startSettingsHost();
  }, 60_000);
  afterAll(() => host?.close());

  const rowCount = async (key: string) =>
    (await host.pg.db.query('SELECT 1 FROM settings.system_settings WHERE key = $1', [key])).rows.length;

  it('seeds the defaults on first start, beta flag off; it and the feature flags are public', async () => {
    const all = await host.request.get('/api/v1/admin/settings').set(ADMIN).expect(200);
    expect(all.body.map((r: { key: string }) => r.key)).toEqual([
      'beta_landing_enabled',
      'feature_flags',
      'maintenance_mode',
      'max_search_results',
    ]);
    expect(all.body.find((r: { key: string }) => r.key === 'beta_landing_enabled')).toMatchObject({
      value: false,
      is_public: true,
      description: 'Setting for beta_landing_enabled',
    });
    expect(
      all.body.filter((r: { is_public: boolean }) => r.is_public).map((r: { key: string }) => r.key),
    ).toEqual(['beta_landing_enabled', 'feature_flags']);
    const pub = await host.request.get('/api/v1/settings/public').expect(200);
    expect(pub.body).toEqual({ beta_landing_enabled: false, feature_flags: {} });
  });

  it('feature flags reach the public read, so the web app can follow them', async () => {
    const put = await host.request
      .put('/api/v1/admin/settings/feature_flags')
      .set(ADMIN)
      .send({ value: { deals: false } })
      .expect(200);
    expect(put.body).toMatchObject({ value: { deals: false }, is_public: true });
    const pub = await host.request.get('/api/v1/settings/public').expect(200);
    expect(pub.body.feature_flags).toEqual({ deals: false });
  });

  it('§7 upsert: description defaults, is_public only for beta_landing_enabled (§6), row readable', async () => {
    const put = await host.request
      .put('/api/v1/admin/settings/maintenance_mode')
      .set(ADMIN)
      .send({ value: 'true' })
      .expect(200);
    expect(put.body).toMatchObject({
      key: 'maintenance_mode',
      value: 'true',
      description: 'Setting for maintenance_mode',
      is_public: false,
    });
    await host.request
      .put('/api/v1/admin/settings/beta_landing_enabled')
      .set(ADMIN)
      .send({ value: true, description: 'Beta page' })
      .expect(200);
    const one = await host.request.get('/api/v1/admin/settings/beta_landing_enabled').set(ADMIN).expect(200);
    expect(one.body).toMatchObject({ value: true, description: 'Beta page', is_public: true });
    const pub = await host.request.get('/api/v1/settings/public').expect(200);
    expect(pub.body).toMatchObject({ beta_landing_enabled: true });
    expect(pub.body).not.toHaveProperty('maintenance_mode');
    await host.request.get('/api/v1/admin/settings/nope').set(ADMIN).expect(404);
  });

  it('unknown keys take any JSON value, never public', async () => {
    const value = { nested: [1, 'two', null], ok: true };
    const put = await host.request.put('/api/v1/admin/settings/homepage.banner').set(ADMIN).send({ value });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ key: 'homepage.banner', value, is_public: false });
  });

  it.each([
    ['maintenance_mode', 'yes', "maintenance_mode must be a boolean or the string 'true'"],
    ['beta_landing_enabled', 1, "beta_landing_enabled must be a boolean or the string 'true'"],
    ['max_search_results', 0, 'max_search_results must be an integer of at least 1'],
    ['max_search_results', 1.5, 'max_search_results must be an integer of at least 1'],
    [
      'feature_flags',
      ['a'],
      'feature_flags must be an object of known flags (deals, trending) set to true or false',
    ],
    [
      'feature_flags',
      { deals: 'off' },
      'feature_flags must be an object of known flags (deals, trending) set to true or false',
    ],
    [
      'feature_flags',
      { compare: true },
      'feature_flags must be an object of known flags (deals, trending) set to true or false',
    ],
  ])('wrong type for %s (%p) → 400 naming key and type, nothing written', async (key, value, message) => {
    const before = await host.pg.db.query(
      'SELECT value, revision FROM settings.system_settings WHERE key = $1',
      [key],
    );
    const res = await host.request
      .put(`/api/v1/admin/settings/${key}`)
      .set(ADMIN)
      .send({ value })
      .expect(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_setting_value', message });
    const after = await host.pg.db.query(
      'SELECT value, revision FROM settings.system_settings WHERE key = $1',
      [key],
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('non-JSON bodies, missing values and bad keys → 400, nothing written', async () => {
    const bad = await host.request
      .put('/api/v1/admin/settings/new_key')
      .set(ADMIN)
      .set('content-type', 'application/json')
      .send('{"value": tru')
      .expect(400);
    expect(bad.body.error.code).toBe('malformed_json');
    const missing = await host.request.put('/api/v1/admin/settings/new_key').set(ADMIN).send({}).expect(400);
    expect(missing.body.error.code).toBe('validation_failed');
    await host.request.put('/api/v1/admin/settings/has%20space').set(ADMIN).send({ value: 1 }).expect(400);
    expect(await rowCount('new_key')).toBe(0);
    expect(await rowCount('has space')).toBe(0);
  });

  it('ARCH §6 admin only: anonymous 401, signed-in non-admin 403, nothing written', async () => {
    await host.request.get('/api/v1/admin/settings').expect(401);
    await host.request.get('/api/v1/admin/settings').set(USER).expect(403);
    await host.request.get('/api/v1/admin/settings/maintenance_mode').set(USER).expect(403);
    await host.request.put('/api/v1/admin/settings/evil').send({ value: 1 }).expect(401);
    await host.request.put('/api/v1/admin/settings/evil').set(USER).send({ value: 1 }).expect(403);
    // A role header without an id is not an identity.
    await host.request
      .put('/api/v1/admin/settings/evil')
      .set('x-user-role', 'admin')
      .send({ value: 1 })
      .expect(401);
    expect(await rowCount('evil')).toBe(0);
  });

  it('every write publishes settings.changed with an increasing revision', async () => {
    const res = await host.request
      .put(`/api/v1/admin/settings/${SETTING_KEYS.maxSearchResults}`)
      .set(ADMIN)
      .send({ value: 42 })
      .expect(200);
    expect(res.body.value).toBe(42);
    const event = await eventually(
      () => host.changes.find((e) => e.payload.key === 'max_search_results' && e.payload.value === 42),
      { what: 'settings.changed for max_search_results' },
    );
    expect(event.payload).toMatchObject({ isPublic: false, updatedAt: res.body.updated_at });
    const older = host.changes.filter((e) => e.payload.key === 'maintenance_mode');
    expect(older.length).toBeGreaterThan(0);
    for (const e of older) expect(e.payload.revision).toBeLessThan(event.payload.revision as number);
  });

  it('§8 a read failure is logged and answers the empty fallbacks; a write failure is a 503', async () => {
    await host.pg.db.exec('ALTER TABLE settings.system_settings RENAME TO system_settings_away');
    try {
      const pub = await host.request.get('/api/v1/settings/public').expect(200);
      expect(pub.body).toEqual({});
      const all = await host.request.get('/api/v1/admin/settings').set(ADMIN).expect(200);
      expect(all.body).toEqual([]);
      const one = await host.request.get('/api/v1/admin/settings/maintenance_mode').set(ADMIN).expect(200);
      expect(one.body).toBeNull();
      const put = await host.request
        .put('/api/v1/admin/settings/maintenance_mode')
        .set(ADMIN)
        .send({ value: false })
        .expect(503);
      expect(put.body.error.code).toBe('settings_unavailable');
    } finally {
      await host.pg.db.exec('ALTER TABLE settings.system_settings_away RENAME TO system_settings');
    }
  });
});
