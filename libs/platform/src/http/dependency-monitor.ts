import { Gauge } from 'prom-client';
import type { Logger } from '../logger';
import { metricsRegistry } from '../telemetry/metrics';

/** A probe per dependency: resolves when it answers, throws otherwise. */
export type HealthChecks = Record<string, () => Promise<unknown>>;

/**
 * What a process depends on, split by consequence. `critical`: the process cannot
 * serve its own requests without it, so readiness fails once it has been down for the grace.
 * `observed`: shown in `/healthz` and `dependency_up`, never in readiness — a bus or queue outage
 * is absorbed by the outbox and the jobs' retries, so taking the pod out of its Service would only
 * turn a degraded answer into none.
 */
export interface HealthSpec {
  critical?: HealthChecks;
  observed?: HealthChecks;
}

export interface DependencyMonitorOptions {
  /** How long a critical dependency may fail without a success before readiness fails (READINESS_GRACE_MS). */
  graceMs?: number;
  /** One check's answer time; a slower one counts as down. Below the probes' timeoutSeconds (3). */
  timeoutMs?: number;
  /** Transitions are logged: the reason of an outage goes to the logs, not to the probe bodies. */
  logger?: Logger;
  now?: () => number;
}

export const DEFAULT_READINESS_GRACE_MS = 30_000;
const DEFAULT_CHECK_TIMEOUT_MS = 2_000;

type Status = 'up' | 'down';

interface DependencyState {
  critical: boolean;
  check: () => Promise<unknown>;
  status?: Status;
  /** When the current status began (first check that saw it). */
  since?: number;
  /** Whether it ever answered: the grace keeps a running pod serving through a blip, it does not make a new pod ready. */
  everUp: boolean;
  running?: Promise<void>;
}

/** One dependency in `/readyz`: `failing` is down but within the grace, still ready. */
export interface ReadinessEntry {
  status: 'ok' | 'failing' | 'down';
  downForS?: number;
}

export interface DependencyEntry {
  status: Status;
  critical: boolean;
  /** ISO time since which it has had this status. */
  since: string;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, ReadinessEntry>;
}

export interface HealthReport {
  ready: boolean;
  dependencies: Record<string, DependencyEntry>;
}

async function withTimeout(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The latest monitor of each process name (the embedded host has several); keyed, so tests cannot pile them up. */
const monitors = new Map<string, DependencyMonitor>();

const dependencyUp = new Gauge({
  name: 'dependency_up',
  help: 'Whether a dependency answered its latest check (1) or not (0), by process and dependency; critical ones fail readiness after READINESS_GRACE_MS',
  labelNames: ['service', 'dependency', 'critical'] as const,
  registers: [metricsRegistry],
  // Checked at scrape time, so the figures are fresh even where no probe runs (a laptop).
  async collect() {
    await Promise.all([...monitors.values()].map((monitor) => monitor.health()));
  },
});

/**
 * Checks dependencies on demand (probes, `/healthz`, scrapes) and remembers since when each has
 * been down. There is no timer: between two checks that both failed, the dependency counts as down
 * the whole time, so with probes every 5 s the grace is exact to within a probe period.
 */
export class DependencyMonitor {
  private readonly states = new Map<string, DependencyState>();
  private readonly graceMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(
    readonly service: string,
    spec: HealthSpec,
    private readonly options: DependencyMonitorOptions = {},
  ) {
    this.graceMs = options.graceMs ?? DEFAULT_READINESS_GRACE_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
    for (const [name, check] of Object.entries(spec.observed ?? {}))
      this.states.set(name, { critical: false, check, everUp: false });
    for (const [name, check] of Object.entries(spec.critical ?? {}))
      this.states.set(name, { critical: true, check, everUp: false });
    monitors.set(service, this);
  }

  /** `/readyz`: checks only the critical dependencies, so a slow broker never slows the probe. */
  async readiness(): Promise<ReadinessReport> {
    const critical = [...this.states.entries()].filter(([, state]) => state.critical);
    await Promise.all(critical.map(([name, state]) => this.refresh(name, state)));
    const checks = Object.fromEntries(critical.map(([name, state]) => [name, this.readinessOf(state)]));
    return { ready: Object.values(checks).every((entry) => entry.status !== 'down'), checks };
  }

  /** `/healthz` and `dependency_up`: every dependency's state, and whether the process is ready. */
  async health(): Promise<HealthReport> {
    const entries = [...this.states.entries()];
    await Promise.all(entries.map(([name, state]) => this.refresh(name, state)));
    const dependencies: Record<string, DependencyEntry> = {};
    let ready = true;
    for (const [name, state] of entries) {
      if (state.critical && this.readinessOf(state).status === 'down') ready = false;
      dependencies[name] = {
        status: state.status ?? 'down',
        critical: state.critical,
        since: new Date(state.since ?? this.now()).toISOString(),
      };
    }
    return { ready, dependencies };
  }

  private readinessOf(state: DependencyState): ReadinessEntry {
    if (state.status === 'up') return { status: 'ok' };
    const downForMs = this.now() - (state.since ?? this.now());
    const withinGrace = state.everUp && downForMs < this.graceMs;
    return { status: withinGrace ? 'failing' : 'down', downForS: Math.floor(downForMs / 1000) };
  }

  /** One check at a time per dependency: concurrent probes share the answer. */
  private refresh(name: string, state: DependencyState): Promise<void> {
    state.running ??= withTimeout(Promise.resolve().then(state.check), this.timeoutMs)
      .then(
        () => this.record(name, state, 'up'),
        (error: unknown) => this.record(name, state, 'down', error),
      )
      .finally(() => {
        state.running = undefined;
      });
    return state.running;
  }

  private record(name: string, state: DependencyState, status: Status, error?: unknown): void {
    dependencyUp.set(
      { service: this.service, dependency: name, critical: String(state.critical) },
      status === 'up' ? 1 : 0,
    );
    const now = this.now();
    const previous = state.status;
    if (status === 'up') state.everUp = true;
    if (previous === status) return;
    state.status = status;
    state.since = now;
    const log = { dependency: name, critical: state.critical };
    if (status === 'down')
      this.options.logger?.warn(
        { ...log, err: error instanceof Error ? error.message : String(error) },
        `dependency ${name} does not answer`,
      );
    else if (previous === 'down') this.options.logger?.info(log, `dependency ${name} answers again`);
  }
}
