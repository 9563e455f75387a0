import type { RequestHandler } from 'express';
import { describeAdapter, postgresAvailability } from '@pt/testing';
import { call, startAuthHost, testConfig, tokenOf, type AuthHost } from '../support/auth-host';

/** A service behind the gateway that shows which identity headers reached it. */
const echo: RequestHandler = (req, res) => {
  res.json({
    id: req.headers['x-user-id'] ?? null,
    role: req.headers['x-user-role'] ?? null,
    email: req.headers['x-user-email'] ?? null,
  });
};

/** The gateway verifies access tokens against the JWKS on every /api/v1 request. */
describeAdapter('gateway-identity', 'postgres', postgresAvailability(), () => {
  let host: AuthHost;

  beforeAll(async () => {
    host = await startAuthHost({
      config: testConfig({ adminEmails: ['admin@example.com'] }),
      extraTargets: { wishlist: echo },
    });
  });
  afterAll(() => host?.close());

  async function accessToken(email: string): Promise<{ token: string; id: string }> {
    const password = 'gateway passphrase';
    const signup = await call('POST', `${host.api}/signup`, { body: { email, password } });
    await call('POST', `${host.api}/verify`, {
      body: { type: 'signup', token_hash: tokenOf((await host.nextEmail(email)).link) },
    });
    const session = await call('POST', `${host.api}/token?grant_type=password`, {
      body: { email, password },
    });
    return { token: session.body.access_token, id: signup.body.id };
  }

  it('passes the verified user id, role and email to the service', async () => {
    const { token, id } = await accessToken('member@example.com');
    const res = await call('GET', `${host.url}/api/v1/wishlists`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, role: 'user', email: 'member@example.com' });
  });

  it('passes the admin role of ADMIN_EMAILS', async () => {
    const { token } = await accessToken('admin@example.com');
    expect((await call('GET', `${host.url}/api/v1/wishlists`, { token })).body.role).toBe('admin');
  });

  it('strips identity headers a client sends, with or without a token', async () => {
    const spoof = {
      'x-user-id': 'someone-else',
      'x-user-role': 'admin',
      'x-user-email': 'victim@example.com',
    };
    const anonymous = await call('GET', `${host.url}/api/v1/wishlists`, { headers: spoof });
    expect(anonymous.body).toEqual({ id: null, role: null, email: null });
    const { token, id } = await accessToken('spoofer@example.com');
    const signedIn = await call('GET', `${host.url}/api/v1/wishlists`, { token, headers: spoof });
    expect(signedIn.body).toEqual({ id, role: 'user', email: 'spoofer@example.com' });
  });

  it('answers 401 bad_jwt for an invalid token, and the request goes nowhere', async () => {
    const { token } = await accessToken('forger@example.com');
    const [h, p] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${token.split('.')[2]}`;
    for (const bad of ['garbage', forged]) {
      const res = await call('GET', `${host.url}/api/v1/wishlists`, { token: bad });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 'bad_jwt', message: expect.any(String) } });
    }
    const notBearer = await call('GET', `${host.url}/api/v1/wishlists`, {
      headers: { authorization: 'Basic abc' },
    });
    expect(notBearer.body.error.code).toBe('bad_jwt');
  });
});
