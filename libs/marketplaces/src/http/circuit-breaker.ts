export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  /** Consecutive failed calls that open the circuit. */
  failureThreshold: number;
  /** How long the circuit stays open before one probe call is let through. */
  resetTimeoutMs: number;
  now?: () => number;
}

export const DEFAULT_CIRCUIT_BREAKER: Omit<CircuitBreakerOptions, 'now'> = {
  failureThreshold: 5,
  resetTimeoutMs: 30_000,
};

export type CircuitPermit = { allowed: true; probe: boolean } | { allowed: false; retryAfterMs: number };

/**
 * One per marketplace (per driver instance). Closed: calls pass and consecutive failures are
 * counted. Open: calls fail at once until the cool-down ends. Half-open: exactly one probe call
 * passes; its success closes the circuit, its failure opens it for another cool-down. A success
 * anywhere resets the failure count.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | undefined;
  private probeInFlight = false;
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  get state(): CircuitState {
    if (this.openedAt === undefined) return 'closed';
    return this.now() - this.openedAt >= this.options.resetTimeoutMs ? 'half-open' : 'open';
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
    const retryAfterMs = Math.max(0, (this.openedAt ?? 0) + this.options.resetTimeoutMs - this.now());
    return { allowed: false, retryAfterMs };
  }

  onSuccess(): void {
    this.failures = 0;
    this.openedAt = undefined;
    this.probeInFlight = false;
  }

  onFailure(): void {
    this.failures++;
    if (this.probeInFlight || this.failures >= this.options.failureThreshold) this.openedAt = this.now();
    this.probeInFlight = false;
  }

  /** The call ended without saying anything about the upstream's health (e.g. refused locally). */
  release(permit: CircuitPermit): void {
    if (permit.allowed && permit.probe) this.probeInFlight = false;
  }
}
