import { MONITORING, type MonitoringSeverity } from '@pt/domain';
import type { MonitoringEvent } from '@pt/contracts';
import { jsonCodec, persistedStore, type PersistedStore } from '../../../lib/persisted-store';
import type { KeyValueStore } from '../../../lib/storage';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

export type MonitorEventInput = Omit<MonitoringEvent, 'timestamp' | 'details'> & {
  details?: Record<string, unknown>;
};

export interface HealthSummary {
  windowMs: number;
  total: number;
  errors: number;
  bySeverity: Record<MonitoringSeverity, number>;
  status: 'healthy' | 'degraded' | 'unhealthy';
}

/**
 * §3, §9 client monitor: keeps the last 1,000 events in memory and the last 100 in local storage,
 * and summarises the last 30 minutes. Reporting to the server is the caller's (see reporter.ts).
 */
export class Monitor {
  private events: MonitoringEvent[];
  private readonly stored: PersistedStore<MonitoringEvent[]>;

  constructor(
    store: KeyValueStore | null | undefined = undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.stored = persistedStore<MonitoringEvent[]>({
      key: LOCAL_KEYS.monitoringEvents,
      codec: jsonCodec((v) => (Array.isArray(v) ? (v as MonitoringEvent[]) : undefined)),
      fallback: () => [],
      storage: store,
    });
    this.events = this.stored.readStored().slice(-MONITORING.eventsStoredLocally);
  }

  record(input: MonitorEventInput): MonitoringEvent {
    const event: MonitoringEvent = {
      ...input,
      details: input.details ?? {},
      timestamp: new Date(this.now()).toISOString(),
    };
    this.events.push(event);
    if (this.events.length > MONITORING.eventsInMemory)
      this.events.splice(0, this.events.length - MONITORING.eventsInMemory);
    this.stored.set(this.events.slice(-MONITORING.eventsStoredLocally));
    return event;
  }

  list(): readonly MonitoringEvent[] {
    return this.events;
  }

  health(): HealthSummary {
    const since = this.now() - MONITORING.healthWindowMs;
    const recent = this.events.filter((e) => Date.parse(e.timestamp) >= since);
    const bySeverity: Record<MonitoringSeverity, number> = { low: 0, medium: 0, high: 0, critical: 0 };
    for (const e of recent) bySeverity[e.severity] += 1;
    const errors = recent.filter((e) => e.type === 'error' || e.type === 'api_error').length;
    const status =
      bySeverity.critical > 0 || bySeverity.high >= 5 ? 'unhealthy' : errors > 0 ? 'degraded' : 'healthy';
    return { windowMs: MONITORING.healthWindowMs, total: recent.length, errors, bySeverity, status };
  }

  clear(): void {
    this.events = [];
    this.stored.set([]);
  }
}

/**
 * Client-side budget for reports to the server (the gateway limits too): at most `limit` per
 * `windowMs`, so an error loop cannot flood the endpoint.
 */
export class ReportBudget {
  private sent: number[] = [];
  constructor(
    private readonly limit = 10,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}
  take(): boolean {
    const t = this.now();
    this.sent = this.sent.filter((s) => t - s < this.windowMs);
    if (this.sent.length >= this.limit) return false;
    this.sent.push(t);
    return true;
  }
}
