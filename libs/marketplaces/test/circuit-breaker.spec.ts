import { CircuitBreaker } from '../src/http';

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
});
