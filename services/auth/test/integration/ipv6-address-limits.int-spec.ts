import { describeAdapter, postgresAvailability } from '@pt/testing';
import { call, startAuthHost, testConfig, type AuthHost } from '../support/auth-host';

let counter = 0;
const freshEmail = (tag: string) => `${tag}-${++counter}-${Date.now()}@example.com`;
/** The n-th address of one IPv6 /64: a subscriber holds all of them. */
const inPrefix = (prefix: string, n: number) =>
  `${prefix}:${(n + 1).toString(16)}:0:0:${(n + 7).toString(16)}`;

/**
 * Every per-address limit of the auth API counts an IPv6 client by its /64 (as the catalog does):
 * rotating addresses inside one prefix is one client. Over HTTP through the gateway, whose
 * X-Forwarded-For from loopback is the client address here.
 */
describeAdapter('auth-ipv6-address-limits', 'postgres', postgresAvailability(), () => {
  let host: AuthHost;

  beforeAll(async () => {
    host = await startAuthHost({ config: testConfig() });
  });
  afterAll(() => host?.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('sign-up: 30 an hour from one /64, however many of its addresses are used; another /64 is another client', async () => {
    const limit = host.config.limits.signupPerIp.limit;
    const answers = [];
    for (let i = 0; i <= limit; i++)
      answers.push(
        await call('POST', `${host.api}/signup`, {
          body: { email: freshEmail('v6'), password: 'a long enough password 1' },
          headers: from(inPrefix('2001:db8:aa:1', i)),
        }),
      );
    expect(answers.slice(0, limit).map((r) => r.status)).toEqual(Array(limit).fill(200));
    expect(answers[limit].status).toBe(429);
    expect(Number(answers[limit].headers.get('retry-after'))).toBeGreaterThan(0);
    const elsewhere = await call('POST', `${host.api}/signup`, {
      body: { email: freshEmail('v6'), password: 'a long enough password 1' },
      headers: from(inPrefix('2001:db8:aa:2', 0)),
    });
    expect(elsewhere.status).toBe(200);
  });

  it('sign-in attempts: one /64 spraying guesses over many accounts is stopped like one address', async () => {
    const limit = host.config.limits.signInPerIp.limit;
    const answers = [];
    for (let i = 0; i <= limit; i++)
      answers.push(
        await call('POST', `${host.api}/token?grant_type=password`, {
          body: { email: freshEmail('spray6'), password: 'guess-1234' },
          headers: from(inPrefix('2001:db8:bb:1', i)),
        }),
      );
    expect(answers.slice(0, limit).every((r) => r.body.error_code === 'invalid_credentials')).toBe(true);
    expect(answers[limit].status).toBe(429);
  });
});
