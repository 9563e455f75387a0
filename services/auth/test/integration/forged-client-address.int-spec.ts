import { clientAddressHeaders } from '@pt/platform';
import { describeAdapter, postgresAvailability } from '@pt/testing';
import { call, startAuthHost, testConfig, type AuthHost } from '../support/auth-host';

let counter = 0;
const freshEmail = () => `forged-${++counter}-${Date.now()}@example.com`;

/**
 * Whoever reaches the auth service's port without the gateway (a neighbour on the
 * host or the network) cannot pick the address its per-address limits count: X-Forwarded-For is
 * believed only with the gateway's proof, so a forged one counts against the real peer.
 */
describeAdapter('auth-forged-client-address', 'postgres', postgresAvailability(), () => {
  let host: AuthHost;
  beforeAll(async () => {
    host = await startAuthHost({ config: testConfig() });
  });
  afterAll(() => host?.close());

  const signUp = (headers: Record<string, string>) =>
    call('POST', `${host.directApi}/signup`, {
      body: { email: freshEmail(), password: 'a long enough password 1' },
      headers,
    });

  it('sign-up limit: a new forged X-Forwarded-For on every call still counts against the peer', async () => {
    const limit = host.config.limits.signupPerIp.limit;
    const answers = [];
    for (let i = 0; i <= limit; i++) answers.push(await signUp({ 'x-forwarded-for': `198.51.100.${i + 1}` }));
    expect(answers.slice(0, limit).map((r) => r.status)).toEqual(Array(limit).fill(200));
    expect(answers[limit].status).toBe(429);
    expect(Number(answers[limit].headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60_000);

  it('an address the gateway proved is its own client', async () => {
    expect((await signUp(clientAddressHeaders('203.0.113.200'))).status).toBe(200);
  });
});
