import type { RequestHandler } from 'express';
import { generateKeyPair, SignJWT } from 'jose';
import request from 'supertest';
import {
  createLogger,
  identityHeaders,
  internalCallHeaders,
  sessionRevocations,
  signService,
  verifiedUser,
} from '@pt/platform';
import { startJwksServer, type TestJwks } from '../../test/support/jwks-server';
import { createGatewayApp } from '../app';
import { SERVICE_NAMES, type ServiceName } from '../routes';
import { createAccessTokenVerifier } from './access-token-verifier';

/** Each service answers with the identity and forwarding headers that reached it. */
const echo: RequestHandler = (req, res) => {
  res.json({
    id: req.headers['x-user-id'] ?? null,
    role: req.headers['x-user-role'] ?? null,
    email: req.headers['x-user-email'] ?? null,
    forwardedFor: req.headers['x-forwarded-for'] ?? null,
    forwardedHost: req.headers['x-forwarded-host'] ?? null,
    assertion: req.headers['x-user-assertion'] ?? null,
    verified: verifiedUser(req.headers) ?? null,
  });
};
const targets = Object.fromEntries(SERVICE_NAMES.map((name) => [name, echo])) as Record<
  ServiceName,
  RequestHandler
>;
const logger = createLogger({ service: 'gateway-test', level: 'silent' });

describe('gateway access-token verification', () => {
  let jwks: TestJwks;
  let jwksUrl: string;

  const token = (
    claims: Record<string, unknown> = {},
    { expiresIn = '1h', issuer = 'price-tracker-auth', key = jwks.privateKey } = {},
  ) =>
    new SignJWT({ role: 'user', email: 'pat@example.com', session_id: 's1', ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setSubject('user-1')
      .setAudience('authenticated')
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(key);

  beforeAll(async () => {
    jwks = await startJwksServer('/auth/v1/.well-known/jwks.json');
    jwksUrl = jwks.url;
  });
  afterAll(() => jwks.close());

  const gateway = () =>
    createGatewayApp({
      logger,
      targets,
      auth: { verifier: createAccessTokenVerifier({ jwksUrl }) },
    });

  it('passes the verified user id, role and email to the service', async () => {
    const res = await request(gateway())
      .get('/api/v1/wishlists')
      .set('authorization', `Bearer ${await token({ role: 'admin' })}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'user-1', role: 'admin', email: 'pat@example.com' });
  });

  it('signs a token’s identity once and reuses it, yet refuses the session the moment it is revoked', async () => {
    let clock = Date.now();
    const app = createGatewayApp({
      logger,
      targets,
      auth: { verifier: createAccessTokenVerifier({ jwksUrl }), now: () => clock },
    });
    const jwt = await token({ session_id: 'reuse-1' });
    const call = () => request(app).get('/api/v1/wishlists').set('authorization', `Bearer ${jwt}`);
    const first = await call();
    expect(first.body.verified).toMatchObject({ id: 'user-1', sessionId: 'reuse-1' });
    clock += 5_000; // signed afresh, its expiry would move by 5 s
    const second = await call();
    expect(second.body.assertion).toBe(first.body.assertion);
    expect(second.body.verified).toMatchObject({ id: 'user-1', sessionId: 'reuse-1' });
    clock += 26_000; // past the reuse window: a fresh one, with its full lifetime again
    const third = await call();
    expect(third.body.assertion).not.toBe(first.body.assertion);
    expect(third.body.verified).toMatchObject({ id: 'user-1', sessionId: 'reuse-1' });

    sessionRevocations.revoke(['reuse-1'], Date.now() + 60_000);
    const revoked = await call();
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('session_revoked');
  });

  it('never forwards an identity that outlives its token', async () => {
    const app = gateway();
    const jwt = await token({ session_id: 'short-1' }, { expiresIn: '20s' });
    const { exp } = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as { exp: number };
    for (let i = 0; i < 2; i++) {
      const res = await request(app).get('/api/v1/wishlists').set('authorization', `Bearer ${jwt}`);
      const claims = JSON.parse(
        Buffer.from(String(res.body.assertion).split('.')[1], 'base64url').toString(),
      );
      expect(claims.exp).toBeLessThanOrEqual(exp);
    }
  });

  it('lets a request without a token through as anonymous', async () => {
    const res = await request(gateway()).get('/api/v1/search?q=tv');
    expect(res.body).toMatchObject({ id: null, role: null, email: null });
  });

  it('strips x-user-* headers the client sent, on every route', async () => {
    const spoofed = { 'x-user-id': 'victim', 'x-user-role': 'admin', 'x-user-email': 'victim@example.com' };
    for (const path of ['/api/v1/wishlists', '/auth/v1/user']) {
      const res = await request(gateway()).get(path).set(spoofed);
      expect(res.body).toMatchObject({ id: null, role: null, email: null });
    }
    const withToken = await request(gateway())
      .get('/api/v1/wishlists')
      .set(spoofed)
      .set('authorization', `Bearer ${await token()}`);
    expect(withToken.body).toMatchObject({ id: 'user-1', role: 'user', email: 'pat@example.com' });
  });

  // In the embedded host the notifier asks the catalog through this gateway.
  it('passes on the user a signed service call acts for, and only for such a call', async () => {
    const shopper = { id: 'shopper-1', role: 'user' as const, email: 'shopper@example.com' };
    const internal = await request(gateway())
      .get('/api/v1/products/abc')
      .set(internalCallHeaders('alert-notifier', shopper));
    expect(internal.body.verified).toEqual(shopper);

    // A user assertion alone (replayed from a log, say) or with a stale service name is dropped.
    const bare = await request(gateway()).get('/api/v1/products/abc').set(identityHeaders(shopper));
    expect(bare.body).toMatchObject({ verified: null, assertion: null, id: null });
    const stale = await request(gateway())
      .get('/api/v1/products/abc')
      .set(identityHeaders(shopper))
      .set('x-service-assertion', signService('alert-notifier', Date.now() - 10 * 60_000));
    expect(stale.body).toMatchObject({ verified: null, assertion: null });
  });

  it('forwards only the client address it trusts, not a chain the client wrote', async () => {
    // The test client is on loopback, which the gateway trusts as a proxy: it takes the last hop.
    const res = await request(gateway())
      .get('/auth/v1/settings')
      .set('x-forwarded-for', '198.51.100.1, 203.0.113.7');
    expect(res.body.forwardedFor).toBe('203.0.113.7');
  });

  it('forwards the host the client addressed only when it is a bare host[:port]', async () => {
    const ok = await request(gateway()).get('/auth/v1/settings').set('host', 'shop.example:8080');
    expect(ok.body.forwardedHost).toBe('shop.example:8080');
    for (const host of ['attacker.example@localhost', 'localhost:8080/@attacker.example', 'a b']) {
      const res = await request(gateway()).get('/auth/v1/settings').set('host', host);
      expect(res.body.forwardedHost).toBeNull();
    }
    const forged = await request(gateway())
      .get('/auth/v1/settings')
      .set('x-forwarded-host', 'attacker.example/path');
    expect(forged.body.forwardedHost).toBeNull();
  });

  it.each([
    ['garbage', async () => 'garbage'],
    ['an expired token', async () => token({}, { expiresIn: '-1m' })],
    ['a token of another issuer', async () => token({}, { issuer: 'someone-else' })],
    [
      'a token signed by another key',
      async () => token({}, { key: (await generateKeyPair('ES256')).privateKey }),
    ],
  ])('answers 401 bad_jwt for %s, without calling the service', async (_name, make) => {
    const res = await request(gateway())
      .get('/api/v1/wishlists')
      .set('authorization', `Bearer ${await make()}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'bad_jwt', message: expect.any(String) } });
  });

  it('answers 401 bad_jwt for an Authorization header that is not a bearer token', async () => {
    const res = await request(gateway()).get('/api/v1/wishlists').set('authorization', 'Basic dXNlcjpwYXNz');
    expect(res.body.error.code).toBe('bad_jwt');
  });

  it('leaves /auth/v1 to the auth service, which checks its own tokens', async () => {
    const res = await request(gateway()).get('/auth/v1/user').set('authorization', 'Bearer garbage');
    expect(res.status).toBe(200);
  });

  it('fails closed when no verifier is configured', async () => {
    const app = createGatewayApp({ logger, targets });
    const res = await request(app)
      .get('/api/v1/wishlists')
      .set('authorization', `Bearer ${await token()}`);
    expect(res.status).toBe(401);
  });

  it('answers 503 when the JWKS cannot be fetched (not the client’s fault)', async () => {
    const app = createGatewayApp({
      logger,
      targets,
      auth: { verifier: createAccessTokenVerifier({ jwksUrl: 'http://127.0.0.1:9/jwks.json' }) },
    });
    const res = await request(app)
      .get('/api/v1/wishlists')
      .set('authorization', `Bearer ${await token()}`);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('service_unavailable');
    expect(res.headers['retry-after']).toBe('5');
  });
});
