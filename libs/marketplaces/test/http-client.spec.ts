import { MemoryRateLimiter } from '@pt/platform/rate-limit/index';
import {
  CircuitBreaker,
  HttpFailure,
  ResilientHttpClient,
  backoffDelayMs,
  withDeadline,
  parseRetryAfterMs,
  type ResilientHttpOptions,
} from '../src/http';
import { scriptedFetch, timeoutError, type FakeReply } from './fake-fetch';

const request = { method: 'GET' as const, url: 'https://api.example.test/x', operation: 'test' };

function setup(replies: FakeReply[], options: Partial<ResilientHttpOptions> = {}) {
  let now = 1_000_000;
  const sleeps: number[] = [];
  const { fetch, calls } = scriptedFetch(...replies);
  const breaker = new CircuitBreaker({ failureThreshold: 2, resetTimeoutMs: 5_000, now: () => now });
  const sut = new ResilientHttpClient({
    name: 'test',
    fetch,
    timeoutMs: 1_000,
    breaker,
    retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1_000 },
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    random: () => 1,
    ...options,
  });
  return { sut, calls, sleeps, breaker, advance: (ms: number) => (now += ms) };
}

async function failure(promise: Promise<unknown>): Promise<HttpFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpFailure) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe(ResilientHttpClient.name, () => {
  it('retries a 5xx with exponential back-off, then returns the success', async () => {
    const { sut, calls, sleeps } = setup([
      { status: 500 },
      { status: 503 },
      { status: 200, body: { ok: true } },
    ]);
    const response = await sut.request(request);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ ok: true });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([100, 200]);
  });

  it('gives up after maxAttempts on 5xx with a server failure', async () => {
    const { sut, calls } = setup([{ status: 502, body: 'bad gateway' }]);
    const error = await failure(sut.request(request));
    expect(error.kind).toBe('server');
    expect(error.details).toMatchObject({ status: 502, attempts: 3 });
    expect(calls).toHaveLength(3);
  });

  it('retries network errors', async () => {
    const { sut, calls } = setup([new TypeError('fetch failed'), { status: 200 }]);
    expect((await sut.request(request)).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('does not retry a timeout by default', async () => {
    const { sut, calls } = setup([timeoutError(), { status: 200 }]);
    expect((await failure(sut.request(request))).kind).toBe('timeout');
    expect(calls).toHaveLength(1);
  });

  it('retries a timeout when configured to', async () => {
    const { sut, calls } = setup([timeoutError(), { status: 200 }], {
      retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1, retryOnTimeout: true },
    });
    expect((await sut.request(request)).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('really times out a hanging call (AbortSignal.timeout)', async () => {
    const hanging = (async (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )) as typeof fetch;
    const breaker = new CircuitBreaker({ failureThreshold: 5, resetTimeoutMs: 1_000 });
    const sut = new ResilientHttpClient({ name: 'test', fetch: hanging, timeoutMs: 30, breaker });
    const started = Date.now();
    expect((await failure(sut.request(request))).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('within a lookup deadline, cuts the attempt timeout to what is left and retries only if time remains', async () => {
    // The 5xx retry's back-off (real time here) would end after the deadline: no second attempt.
    const slow = setup([{ status: 503 }], {
      retry: { maxAttempts: 3, baseDelayMs: 400, maxDelayMs: 400 },
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    });
    expect((await failure(withDeadline(200, () => slow.sut.request(request)))).kind).toBe('server');
    expect(slow.calls).toHaveLength(1);

    // A hanging call is aborted when the deadline comes, long before the 1 s per-attempt timeout.
    const hung = setup([() => new Promise<never>(() => undefined)], {
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    const started = performance.now();
    expect((await failure(withDeadline(150, () => hung.sut.request(request)))).kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(600);

    // A deadline already passed sends nothing and leaves the breaker alone.
    const late = setup([{ status: 200 }]);
    const error = await failure(withDeadline(0, () => late.sut.request(request)));
    expect({ kind: error.kind, attempts: error.details.attempts }).toEqual({ kind: 'timeout', attempts: 0 });
    expect(late.calls).toHaveLength(0);
    expect(late.breaker.consecutiveFailures).toBe(0);
  });

  it('does not retry a 429 and honours Retry-After for later calls', async () => {
    const { sut, calls, advance } = setup([
      { status: 429, headers: { 'Retry-After': '2' } },
      { status: 200 },
    ]);
    const error = await failure(sut.request(request));
    expect(error.kind).toBe('rate_limited');
    expect(error.details.retryAfterMs).toBe(2_000);
    expect(calls).toHaveLength(1);

    const blocked = await failure(sut.request(request));
    expect(blocked.kind).toBe('rate_limited');
    expect(blocked.details.retryAfterMs).toBe(2_000);
    expect(calls).toHaveLength(1);

    advance(2_000);
    expect((await sut.request(request)).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('fails a 429 without Retry-After fast, without blocking later calls', async () => {
    const { sut, calls } = setup([{ status: 429 }, { status: 200 }]);
    expect((await failure(sut.request(request))).details.retryAfterMs).toBeUndefined();
    expect((await sut.request(request)).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it('returns 4xx answers to the driver as they are', async () => {
    const { sut, calls } = setup([{ status: 404, body: { errors: [] } }]);
    expect((await sut.request(request)).status).toBe(404);
    expect(calls).toHaveLength(1);
  });

  it('opens the circuit after consecutive failed calls and stops calling', async () => {
    const { sut, calls, breaker } = setup([{ status: 500 }], { retry: { maxAttempts: 1 } });
    await failure(sut.request(request));
    await failure(sut.request(request));
    expect(breaker.state).toBe('open');
    const refused = await failure(sut.request(request));
    expect(refused.kind).toBe('circuit_open');
    expect(refused.details.retryAfterMs).toBe(5_000);
    expect(calls).toHaveLength(2);
  });

  it('closes the circuit again after a successful probe', async () => {
    const { sut, breaker, advance } = setup([{ status: 500 }, { status: 500 }, { status: 200 }], {
      retry: { maxAttempts: 1 },
    });
    await failure(sut.request(request));
    await failure(sut.request(request));
    advance(5_000);
    expect((await sut.request(request)).status).toBe(200);
    expect(breaker.state).toBe('closed');
  });

  it('counts every attempt against the shared credential quota and refuses calls over it', async () => {
    const limiter = new MemoryRateLimiter();
    const { sut, calls } = setup([{ status: 500 }, { status: 200 }], {
      rateLimit: { limiter, key: 'k', limit: 2, windowMs: 60_000 },
    });
    expect((await sut.request(request)).status).toBe(200);
    const refused = await failure(sut.request(request));
    expect(refused.kind).toBe('rate_limited');
    expect(refused.details.retryAfterMs).toBeGreaterThan(0);
    expect(calls).toHaveLength(2);
  });

  it('lets calls through when the rate limiter itself fails', async () => {
    const broken = {
      kind: 'redis' as const,
      hit: async () => Promise.reject(new Error('redis down')),
      hitEach: async () => Promise.reject(new Error('redis down')),
      take: async () => Promise.reject(new Error('redis down')),
      peek: async () => Promise.reject(new Error('redis down')),
      reset: async () => undefined,
      close: async () => undefined,
    };
    const warn = jest.fn();
    const logger = { warn, debug: jest.fn(), info: jest.fn(), error: jest.fn() };
    const { sut } = setup([{ status: 200 }, { status: 200 }, { status: 200 }], {
      rateLimit: { limiter: broken, key: 'k', limit: 1, windowMs: 1_000 },
      logger: logger as never,
    });
    for (let i = 0; i < 3; i++) expect((await sut.request(request)).status).toBe(200);
    // One line, not one per call.
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('refuses a call locally with kind quota when its share of the daily budget is spent', async () => {
    const budget = { take: async () => ({ allowed: false, remaining: 0, retryAfterMs: 411_000 }) };
    const { sut, calls } = setup([{ status: 200 }], {
      budget: { budget: budget as never, share: 'interactive' },
    });
    const error = await failure(sut.request(request));
    expect(error).toMatchObject({ kind: 'quota', details: { retryAfterMs: 411_000 } });
    expect(calls).toHaveLength(0);
    // A token mint is not a Browse call: it is not counted against the budget.
    expect((await sut.request({ ...request, unmetered: true })).status).toBe(200);
  });
});

describe('back-off policy', () => {
  it.each([
    [1, 1, 100],
    [2, 1, 200],
    [3, 1, 400],
    [5, 1, 1_000],
    [1, 0, 50],
    [3, 0, 200],
  ])(
    'after attempt %s with random %s waits %s ms (base 100, cap 1000, equal jitter)',
    (attempt, random, expected) => {
      expect(backoffDelayMs({ baseDelayMs: 100, maxDelayMs: 1_000 }, attempt, () => random)).toBe(expected);
    },
  );

  it.each([
    ['5', 5_000],
    ['0.5', 500],
    ['Wed, 01 Jan 2025 00:00:10 GMT', 10_000],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
  ])('reads Retry-After %j as %s ms', (header, expected) => {
    expect(parseRetryAfterMs(header, Date.UTC(2025, 0, 1))).toBe(expected);
  });
});
