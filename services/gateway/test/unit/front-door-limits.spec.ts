import type { RequestHandler } from 'express';
import { SignJWT } from 'jose';
import request from 'supertest';
import {
  ACCESS_TOKEN_AUDIENCE,
  DEFAULT_JWT_ISSUER,
  MemoryRateLimiter,
  createLogger,
  sessionRevocations,
  type LimitedKey,
  type RateLimitDecision,
} from '@pt/platform';
import { startJwksServer, type TestJwks } from '../support/jwks-server';
import {
  GatewayEdge,
  SERVICE_NAMES,
  createAccessTokenVerifier,
  createGatewayApp,
  type ServiceName,
} from '../../src';

/** The memory limiter, recording the keys of each call: one call is one Redis round trip. */
class RecordingLimiter extends MemoryRateLimiter {
  readonly calls: string[][] = [];
  override hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    this.calls.push([key]);
    return super.hit(key, limit, windowMs);
  }
  override async hitEach(hits: readonly LimitedKey[], windowMs: number): Promise<RateLimitDecision[]> {
    this.calls.push(hits.map(({ key }) => key));
    const decisions: RateLimitDecision[] = [];
    for (const { key, limit } of hits) {
      decisions.push(await super.hit(key, limit, windowMs));
      if (!decisions[decisions.length - 1]!.allowed) break;
    }
    return decisions;
  }
}

const ok: RequestHandler = (_req, res) => {
  res.json({ ok: true });
};
const targets = Object.fromEntries(SERVICE_NAMES.map((name) => [name, ok])) as Record<
  ServiceName,
  RequestHandler
>;
const logger = createLogger({ service: 'gateway-test', level: 'silent' });

describe('general rate limits at the front door', () => {
  let jwks: TestJwks;
  beforeAll(async () => {
    jwks = await startJwksServer();
  });
  afterAll(() => jwks.close());

  const token = (sub: string, sessionId: string) =>
    new SignJWT({ role: 'user', session_id: sessionId })
      .setProtectedHeader({ alg: 'ES256', kid: jwks.kid })
      .setSubject(sub)
      .setIssuer(DEFAULT_JWT_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setExpirationTime('10m')
      .sign(jwks.privateKey);

  async function gateway(ipLimit: number, userLimit: number) {
    const limiter = new RecordingLimiter();
    const edge = await GatewayEdge.start({
      logger,
      rateLimiter: limiter,
      config: { GATEWAY_RATE_LIMIT_IP_PER_MINUTE: ipLimit, GATEWAY_RATE_LIMIT_USER_PER_MINUTE: userLimit },
    });
    const app = createGatewayApp({
      logger,
      edge,
      targets,
      auth: { verifier: createAccessTokenVerifier({ jwksUrl: jwks.url }) },
    });
    return { app, limiter, edge };
  }

  it('counts a known token’s user with its address in one call, and still refuses the user over budget', async () => {
    const { app, limiter, edge } = await gateway(100, 2);
    const jwt = await token('u-1', 's-1');
    const get = () => request(app).get('/api/v1/products/1').set('authorization', `Bearer ${jwt}`);
    // A token new to the process: the address before the token is checked, the user after.
    expect((await get()).status).toBe(200);
    expect(limiter.calls).toEqual([['gateway:ip:127.0.0.1'], ['gateway:user:u-1']]);
    // Verified since: both in one call, in that order.
    limiter.calls.length = 0;
    expect((await get()).status).toBe(200);
    expect(limiter.calls).toEqual([['gateway:ip:127.0.0.1', 'gateway:user:u-1']]);
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(refused.headers['ratelimit-limit']).toBe('2');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await limiter.peek('gateway:user:u-1')).toBe(3);
    await edge.close();
  });

  it('an address over its budget is refused without counting the user; a revoked session is not recalled', async () => {
    const { app, limiter, edge } = await gateway(2, 100);
    const jwt = await token('u-2', 's-2');
    const get = () => request(app).get('/api/v1/products/1').set('authorization', `Bearer ${jwt}`);
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(429);
    // Counted twice, not three times: the refusal by address stopped before the user's count.
    expect(await limiter.peek('gateway:user:u-2')).toBe(2);

    const other = await gateway(100, 100);
    const revokedJwt = await token('u-3', 's-3');
    const ask = () =>
      request(other.app).get('/api/v1/products/1').set('authorization', `Bearer ${revokedJwt}`);
    expect((await ask()).status).toBe(200);
    sessionRevocations.revoke(['s-3'], Date.now() + 60_000);
    other.limiter.calls.length = 0;
    expect((await ask()).status).toBe(401);
    // Only the address: the revoked token's user is neither recalled nor, after the 401, counted.
    expect(other.limiter.calls).toEqual([['gateway:ip:127.0.0.1']]);
    expect(await other.limiter.peek('gateway:user:u-3')).toBe(1);
    await edge.close();
    await other.edge.close();
  });

  it('counts shared list pages per address like the API, so guessing tokens through pages is limited too', async () => {
    const { app, limiter, edge } = await gateway(2, 100);
    const page = () =>
      request(app)
        .get(`/shared/${'A'.repeat(43)}`)
        .set('accept', 'text/html');
    // No web build here: the page falls through to 404, but only after the address was counted.
    expect((await page()).status).toBe(404);
    expect((await page()).status).toBe(404);
    expect(limiter.calls).toEqual([['gateway:ip:127.0.0.1'], ['gateway:ip:127.0.0.1']]);
    // A browser over the limit reads a page saying when to come back; an API caller, the JSON error.
    const refused = await page();
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.text).toContain('<h1>Too many requests</h1>');
    expect(refused.text).toContain(`Try this page again in ${refused.headers['retry-after']} second`);
    const asApi = await request(app)
      .get(`/shared/${'A'.repeat(43)}`)
      .set('accept', 'application/json');
    expect(asApi.status).toBe(429);
    expect(asApi.body.error.code).toBe('rate_limited');
    // Other pages of the app are not API calls and are not counted.
    limiter.calls.length = 0;
    await request(app).get('/wishlist').set('accept', 'text/html');
    expect(limiter.calls).toEqual([]);
    await edge.close();
  });
});
