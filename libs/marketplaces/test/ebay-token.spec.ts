import { EbayApiError } from '../src/errors';
import { CircuitBreaker, ResilientHttpClient } from '../src/http';
import { EBAY_TOKEN_PATH, EbayTokenProvider } from '../src/ebay/ebay-token';
import { scriptedFetch, type FakeReply } from './fake-fetch';

function setup(replies: FakeReply[]) {
  let now = 0;
  const { fetch, calls } = scriptedFetch(...replies);
  const http = new ResilientHttpClient({
    name: 'ebay',
    fetch,
    timeoutMs: 1_000,
    breaker: new CircuitBreaker({ failureThreshold: 5, resetTimeoutMs: 1_000, now: () => now }),
    retry: { maxAttempts: 1 },
    now: () => now,
  });
  const sut = new EbayTokenProvider({
    http,
    baseUrl: 'https://api.example.test',
    clientId: 'id',
    clientSecret: 'secret',
    now: () => now,
  });
  return { sut, calls, setNow: (t: number) => (now = t) };
}

const token = (value: string, expires_in = 7_200): FakeReply => ({
  status: 200,
  body: { access_token: value, expires_in, token_type: 'Application Access Token' },
});

describe(EbayTokenProvider.name, () => {
  it('mints with client credentials: Basic auth, form body, the api_scope', async () => {
    const { sut, calls } = setup([token('t1')]);
    await expect(sut.getToken()).resolves.toBe('t1');
    const { url, init } = calls[0]!;
    expect(url).toBe(`https://api.example.test${EBAY_TOKEN_PATH}`);
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Basic ${Buffer.from('id:secret').toString('base64')}`);
    expect(headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      grant_type: 'client_credentials',
      scope: 'https://api.ebay.com/oauth/api_scope',
    });
  });

  it('mints once for many calls while the token is fresh', async () => {
    const { sut, calls } = setup([token('t1'), token('t2')]);
    for (let i = 0; i < 50; i++) await expect(sut.getToken()).resolves.toBe('t1');
    expect(calls).toHaveLength(1);
    expect(sut.mintCount).toBe(1);
  });

  it('shares one in-flight mint between concurrent callers', async () => {
    const { sut, calls } = setup([token('t1'), token('t2')]);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => sut.getToken()));
    expect(new Set(tokens)).toEqual(new Set(['t1']));
    expect(calls).toHaveLength(1);
  });

  it('renews shortly before expiry (5 minutes early for a 2-hour token)', async () => {
    const { sut, calls, setNow } = setup([token('t1'), token('t2')]);
    await sut.getToken();
    setNow(7_200_000 - 300_001);
    await expect(sut.getToken()).resolves.toBe('t1');
    setNow(7_200_000 - 300_000);
    await expect(sut.getToken()).resolves.toBe('t2');
    expect(calls).toHaveLength(2);
  });

  it('renews 10% early for short-lived tokens', async () => {
    const { sut, setNow } = setup([token('t1', 100), token('t2', 100)]);
    await sut.getToken();
    setNow(89_999);
    await expect(sut.getToken()).resolves.toBe('t1');
    setNow(90_000);
    await expect(sut.getToken()).resolves.toBe('t2');
  });

  it('re-mints after invalidate, but ignores an invalidate for a token it no longer holds', async () => {
    const { sut } = setup([token('t1'), token('t2'), token('t3')]);
    await sut.getToken();
    sut.invalidate('t1');
    await expect(sut.getToken()).resolves.toBe('t2');
    sut.invalidate('t1');
    await expect(sut.getToken()).resolves.toBe('t2');
  });

  it('maps invalid_client to an auth error and does not cache the failure', async () => {
    const { sut } = setup([
      { status: 401, body: { error: 'invalid_client', error_description: 'client authentication failed' } },
      token('t1'),
    ]);
    const error = await sut.getToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EbayApiError);
    expect(error).toMatchObject({
      code: 'auth',
      message: 'No valid response from eBay API',
      detail: 'invalid_client: client authentication failed',
    });
    await expect(sut.getToken()).resolves.toBe('t1');
  });

  it.each([
    ['not JSON', { status: 200, body: '<html>' }],
    ['no access_token', { status: 200, body: { expires_in: 7200 } }],
  ] as const)('maps a token response that is %s to bad_response', async (_case, reply) => {
    const { sut } = setup([reply]);
    await expect(sut.getToken()).rejects.toMatchObject({ code: 'bad_response' });
  });
});
