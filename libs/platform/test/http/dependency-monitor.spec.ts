import { DependencyMonitor, metricsRegistry } from '@pt/platform';

/** A dependency the test switches on and off, and a clock it moves. */
function rig(graceMs = 30_000) {
  let now = Date.parse('2025-01-01T00:00:00Z');
  const answers = { database: true, redis: true };
  const check = (name: keyof typeof answers) => async () => {
    if (!answers[name]) throw new Error(`${name} refused`);
  };
  const sut = new DependencyMonitor(
    'monitor-test',
    { critical: { database: check('database') }, observed: { redis: check('redis') } },
    { graceMs, now: () => now },
  );
  return {
    sut,
    answers,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe(DependencyMonitor.name, () => {
  it('stays ready while a critical dependency has failed for less than the grace, not once it reaches it', async () => {
    const { sut, answers, advance } = rig(30_000);
    expect((await sut.readiness()).ready).toBe(true);
    answers.database = false;
    expect(await sut.readiness()).toEqual({
      ready: true,
      checks: { database: { status: 'failing', downForS: 0 } },
    });
    advance(29_999);
    expect((await sut.readiness()).ready).toBe(true);
    advance(1);
    expect(await sut.readiness()).toEqual({
      ready: false,
      checks: { database: { status: 'down', downForS: 30 } },
    });
  });

  it('starts the grace again after one success', async () => {
    const { sut, answers, advance } = rig(30_000);
    await sut.readiness();
    answers.database = false;
    await sut.readiness();
    advance(20_000);
    answers.database = true;
    expect((await sut.readiness()).ready).toBe(true);
    answers.database = false;
    await sut.readiness();
    advance(20_000);
    expect((await sut.readiness()).ready).toBe(true);
  });

  it('is not ready while a critical dependency has never answered (the grace is for running pods)', async () => {
    const { sut, answers } = rig(30_000);
    answers.database = false;
    expect((await sut.readiness()).ready).toBe(false);
  });

  it('never lets an observed dependency fail readiness, however long it is down', async () => {
    const { sut, answers, advance } = rig(1_000);
    answers.redis = false;
    await sut.health();
    advance(60 * 60_000);
    expect((await sut.readiness()).ready).toBe(true);
    expect(await sut.health()).toEqual({
      ready: true,
      dependencies: {
        database: { status: 'up', critical: true, since: '2025-01-01T00:00:00.000Z' },
        redis: { status: 'down', critical: false, since: '2025-01-01T00:00:00.000Z' },
      },
    });
  });

  it('readiness checks only the critical dependencies (a hanging broker never slows the probe)', async () => {
    let brokerChecks = 0;
    const sut = new DependencyMonitor('monitor-test', {
      critical: { database: async () => undefined },
      observed: { broker: () => new Promise(() => (brokerChecks += 1)) },
    });
    expect((await sut.readiness()).ready).toBe(true);
    expect(brokerChecks).toBe(0);
  });

  it('counts a check that does not answer in time as down', async () => {
    const sut = new DependencyMonitor(
      'monitor-test',
      { critical: { database: () => new Promise(() => undefined) } },
      { timeoutMs: 10 },
    );
    expect(await sut.readiness()).toMatchObject({ ready: false, checks: { database: { status: 'down' } } });
  });

  it('exports dependency_up per dependency, fresh at scrape time', async () => {
    const { answers } = rig();
    answers.redis = false;
    const text = await metricsRegistry.getSingleMetricAsString('dependency_up');
    expect(text).toContain('dependency_up{service="monitor-test",dependency="database",critical="true"} 1');
    expect(text).toContain('dependency_up{service="monitor-test",dependency="redis",critical="false"} 0');
  });
});
