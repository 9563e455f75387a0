import { CircuitBreaker, DEFAULT_CIRCUIT_BREAKER } from '../src/http';

describe(CircuitBreaker.name, () => {
  let now = 0;
  const sut = () => new CircuitBreaker({ failureThreshold: 3, resetTimeoutMs: 1_000, now: () => now });

  beforeEach(() => {
    now = 10_000;
  });

  it('stays closed below the threshold and a success resets the count', () => {
    const breaker = sut();
    breaker.onFailure();
    breaker.onFailure();
    breaker.onSuccess();
    breaker.onFailure();
    breaker.onFailure();
    expect(breaker.state).toBe('closed');
    expect(breaker.acquire()).toEqual({ allowed: true, probe: false });
  });

  it('opens after N consecutive failures and refuses calls with the time left', () => {
    const breaker = sut();
    for (let i = 0; i < 3; i++) breaker.onFailure();
    expect(breaker.state).toBe('open');
    now += 400;
    expect(breaker.acquire()).toEqual({ allowed: false, retryAfterMs: 600 });
  });

  it('goes half-open after the cool-down and lets exactly one probe through', () => {
    const breaker = sut();
    for (let i = 0; i < 3; i++) breaker.onFailure();
    now += 1_000;
    expect(breaker.state).toBe('half-open');
    expect(breaker.acquire()).toEqual({ allowed: true, probe: true });
    expect(breaker.acquire().allowed).toBe(false);
  });

  it('closes when the probe succeeds', () => {
    const breaker = sut();
    for (let i = 0; i < 3; i++) breaker.onFailure();
    now += 1_000;
    breaker.acquire();
    breaker.onSuccess();
    expect(breaker.state).toBe('closed');
    expect(breaker.consecutiveFailures).toBe(0);
  });

  it('re-opens for a fresh cool-down when the probe fails', () => {
    const breaker = sut();
    for (let i = 0; i < 3; i++) breaker.onFailure();
    now += 1_000;
    breaker.acquire();
    breaker.onFailure();
    expect(breaker.state).toBe('open');
    now += 999;
    expect(breaker.state).toBe('open');
    now += 1;
    expect(breaker.state).toBe('half-open');
  });

  it('frees the probe slot when the probe ends without a verdict', () => {
    const breaker = sut();
    for (let i = 0; i < 3; i++) breaker.onFailure();
    now += 1_000;
    const permit = breaker.acquire();
    breaker.release(permit);
    expect(breaker.acquire()).toEqual({ allowed: true, probe: true });
  });

  describe('with the default cool-downs', () => {
    const open = () => {
      const breaker = new CircuitBreaker({ ...DEFAULT_CIRCUIT_BREAKER, now: () => now });
      for (let i = 0; i < DEFAULT_CIRCUIT_BREAKER.failureThreshold; i++) breaker.onFailure();
      return breaker;
    };

    /** Calls every 100 ms, failing until the upstream is back: how long after that the circuit closes. */
    function closedAfterMs(breaker: CircuitBreaker, upstreamBackAt: number): number {
      const openedAt = now;
      for (; now - openedAt <= 60_000; now += 100) {
        const permit = breaker.acquire();
        if (!permit.allowed) continue;
        if (now >= upstreamBackAt) breaker.onSuccess();
        else breaker.onFailure();
        if (breaker.state === 'closed') return now - upstreamBackAt;
      }
      return Infinity;
    }

    it('probes soon after opening, so an upstream that came back gets its calls back within seconds', () => {
      const breaker = open();
      // The hung upstream answers again 400 ms after the circuit opened.
      const closedAfter = closedAfterMs(breaker, now + 400);
      console.log(`circuit closed ${closedAfter} ms after the upstream recovered`);
      expect(closedAfter).toBeLessThanOrEqual(2_000);
    });

    it('waits longer after each failed probe, up to resetTimeoutMs, and starts short again once closed', () => {
      const breaker = open();
      const coolDowns: number[] = [];
      for (let probe = 0; probe < 6; probe++) {
        const { retryAfterMs } = breaker.acquire() as { retryAfterMs: number };
        coolDowns.push(retryAfterMs);
        now += retryAfterMs;
        expect(breaker.acquire()).toEqual({ allowed: true, probe: true });
        breaker.onFailure();
      }
      expect(coolDowns).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
      now += 30_000;
      breaker.acquire();
      breaker.onSuccess();
      for (let i = 0; i < DEFAULT_CIRCUIT_BREAKER.failureThreshold; i++) breaker.onFailure();
      expect(breaker.acquire()).toEqual({ allowed: false, retryAfterMs: 2_000 });
    });
  });
});
