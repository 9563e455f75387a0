import { memoryStore } from '../../../lib/storage';
import { Monitor, ReportBudget } from './monitor';

describe(Monitor.name, () => {
  it('keeps 1,000 events in memory and the last 100 in local storage (§9)', () => {
    const store = memoryStore();
    const sut = new Monitor(store, () => Date.parse('2026-11-24T12:00:00Z'));
    for (let i = 0; i < 1005; i++)
      sut.record({ type: 'error', component: 'test', severity: 'low', details: { i } });
    expect(sut.list()).toHaveLength(1000);
    expect(sut.list()[0]?.details).toEqual({ i: 5 });
    const stored = JSON.parse(store.data.get('pt_monitoring_events') ?? '[]') as unknown[];
    expect(stored).toHaveLength(100);
    // A new page starts from what was stored.
    expect(new Monitor(store).list()).toHaveLength(100);
  });

  it('summarises the last 30 minutes only', () => {
    let now = Date.parse('2026-11-24T12:00:00Z');
    const sut = new Monitor(memoryStore(), () => now);
    sut.record({ type: 'error', component: 'a', severity: 'critical' });
    now += 31 * 60_000;
    sut.record({ type: 'api_error', component: 'api', severity: 'medium' });
    sut.record({ type: 'slow_page', component: 'nav', severity: 'low' });
    const health = sut.health();
    expect(health.total).toBe(2);
    expect(health.errors).toBe(1);
    expect(health.bySeverity).toEqual({ low: 1, medium: 1, high: 0, critical: 0 });
    expect(health.status).toBe('degraded');
  });
});

describe(ReportBudget.name, () => {
  it('lets 10 reports a minute through', () => {
    let now = 0;
    const sut = new ReportBudget(10, 60_000, () => now);
    const taken = Array.from({ length: 12 }, () => sut.take());
    expect(taken.filter(Boolean)).toHaveLength(10);
    now = 60_001;
    expect(sut.take()).toBe(true);
  });
});
