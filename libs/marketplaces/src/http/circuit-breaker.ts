export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  /** Consecutive failed calls that open the circuit. */
  failureThreshold: number;
  /** The longest the circuit stays open before one probe call is let through. */
  resetTimeoutMs: number;
  /**
   * The first cool-down after the circuit opens, doubled by each failed probe up to resetTimeoutMs.
   * Absent, every cool-down is resetTimeoutMs.
   */
  firstProbeAfterMs?: number;
  now?: () => number;
}

export const DEFAULT_CIRCUIT_BREAKER: Omit<CircuitBreakerOptions, 'now'> = {
  failureThreshold: 5,
  resetTimeoutMs: 30_000,
  // A probe is one call: probing soon costs little, and an upstream that is back gets its traffic
  // back within seconds instead of the full 30 s.
  firstProbeAfterMs: 2_000,
};

export type CircuitPermit = { allowed: true; probe: boolean } | { allowed: false; retryAfterMs: number };

/**
 * One per marketplace (per driver instance). Closed: calls pass and consecutive failures are
 * counted. Open: calls fail at once until the cool-down ends. Half-open: exactly one probe call
 * passes; its success closes the circuit, its failure opens it for another, longer cool-down
 * (firstProbeAfterMs doubling up to resetTimeoutMs). A success anywhere resets the failure count.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | undefined;
  private probeInFlight = false;
  private failedProbes = 0;
  private coolDownMs: number;
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? Date.now;
    this.coolDownMs = options.resetTimeoutMs;
  }

  get state(): CircuitState {
    if (this.openedAt === undefined) return 'closed';
    return this.now() - this.openedAt >= this.coolDownMs ? 'half-open' : 'open';
  }

  get consecutiveFailures(): number {
    return this.failures;
  }

  acquire(): CircuitPermit {
    const state = this.state;
    if (state === 'closed') return { allowed: true, probe: false };
    if (state === 'half-open' && !this.probeInFlight) {
      this.probeInFlight = true;
      return { allowed: true, probe: true };
    }
    const retryAfterMs = Math.max(0, (this.openedAt ?? 0) + this.coolDownMs - this.now());
    return { allowed: false, retryAfterMs };
  }

  onSuccess(): void {
    this.failures = 0;
    this.openedAt = undefined;
    this.probeInFlight = false;
    this.failedProbes = 0;
  }

  onFailure(): void {
    this.failures++;
    if (this.probeInFlight || this.failures >= this.options.failureThreshold) this.open();
    this.probeInFlight = false;
  }

  private open(): void {
    if (this.probeInFlight) this.failedProbes++;
    else if (this.openedAt === undefined) this.failedProbes = 0;
    const { firstProbeAfterMs, resetTimeoutMs } = this.options;
    this.coolDownMs =
      firstProbeAfterMs === undefined
        ? resetTimeoutMs
        : Math.min(resetTimeoutMs, firstProbeAfterMs * 2 ** Math.min(this.failedProbes, 30));
    this.openedAt = this.now();
  }

  /** The call ended without saying anything about the upstream's health (e.g. refused locally). */
  release(permit: CircuitPermit): void {
    if (permit.allowed && permit.probe) this.probeInFlight = false;
  }
}
