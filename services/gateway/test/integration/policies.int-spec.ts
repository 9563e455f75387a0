import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { internalCallHeaders } from '@pt/platform';
import { describeAdapter, postgresAvailability, redisAvailability } from '@pt/testing';
import { startGatewayRig, type GatewayRig } from '../support/gateway-rig';

const needs = postgresAvailability().available ? redisAvailability() : postgresAvailability();

function webDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-AbCd1234.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'assets', 'index-AbCd1234.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(
    path.join(dir, 'assets', 'index-AbCd1234.js.map'),
    '{"version":3,"sources":["src/main.tsx"]}',
  );
  return dir;
}

describeAdapter('gateway-policies', 'postgres+redis', needs, () => {
  describe('headers, caching, compression, CORS', () => {
    let rig: GatewayRig;
    beforeAll(async () => {
      rig = await startGatewayRig({ CORS_ORIGINS: ['https://partner.example'] }, { webDist: webDist() });
    }, 60_000);
    afterAll(() => rig?.close());

    it('serves the bundles but never their source maps', async () => {
      expect((await fetch(`${rig.url}/assets/index-AbCd1234.js`)).status).toBe(200);
      const map = await fetch(`${rig.url}/assets/index-AbCd1234.js.map`);
      expect(map.status).toBe(404);
      expect(await map.text()).not.toContain('src/main.tsx');
    });

    // The probes are answered before any routing or auth; they carry the headers all the same.
    it.each(['/api/v1/products/1', '/', '/search', '/healthz', '/readyz'])(
      'security headers on %s (CSP without unsafe-inline scripts, frame-ancestors none)',
      async (route) => {
        const res = await fetch(`${rig.url}${route}`, { headers: { accept: 'text/html,application/json' } });
        expect(res.status).toBe(200);
        const csp = res.headers.get('content-security-policy') ?? '';
        const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
        expect(scriptSrc).toBe("'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(res.headers.get('strict-transport-security')).toBeNull();
        expect(res.headers.get('x-powered-by')).toBeNull();
      },
    );

    it('HSTS only when the request came over HTTPS (a trusted proxy says so)', async () => {
      const res = await fetch(`${rig.url}/api/v1/products/1`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    });

    it('hashed assets are immutable for a year, index.html and client routes are no-cache, API no-store', async () => {
      const asset = await fetch(`${rig.url}/assets/index-AbCd1234.js`);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const other = await fetch(`${rig.url}/favicon.svg`);
      expect(other.headers.get('cache-control')).toBe('public, max-age=3600');
      for (const route of ['/', '/product/ebay:1'])
        expect(
          (await fetch(`${rig.url}${route}`, { headers: { accept: 'text/html' } })).headers.get(
            'cache-control',
          ),
        ).toBe('no-cache');
      expect((await fetch(`${rig.url}/api/v1/products/1`)).headers.get('cache-control')).toBe('no-store');
    });

    it('compresses what is large enough and the client accepts', async () => {
      const res = await fetch(`${rig.url}/assets/index-AbCd1234.js`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect((await res.text()).length).toBeGreaterThan(4000);
      const plain = await fetch(`${rig.url}/assets/index-AbCd1234.js`, {
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers.get('content-encoding')).toBeNull();
      // No Accept-Encoding at all (fetch always sends one): the body as is, whole.
      const bare = await new Promise<{ encoding?: string; length: number }>((resolve, reject) => {
        http
          .get(`${rig.url}/assets/index-AbCd1234.js`, (res) => {
            let length = 0;
            res.on('data', (chunk: Buffer) => (length += chunk.length));
            res.on('end', () => resolve({ encoding: res.headers['content-encoding'], length }));
          })
          .on('error', reject);
      });
      expect(bare).toEqual({ encoding: undefined, length: Number(plain.headers.get('content-length')) });
    });

    it('CORS: only configured origins get CORS headers; other preflights are refused', async () => {
      const preflight = (origin: string) =>
        fetch(`${rig.url}/api/v1/wishlists`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization',
          },
        });
      const ok = await preflight('https://partner.example');
      expect(ok.status).toBe(204);
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://partner.example');
      expect(ok.headers.get('access-control-allow-methods')).toContain('POST');
      const evil = await preflight('https://evil.example');
      expect(evil.status).toBe(403);
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
      const simple = await fetch(`${rig.url}/api/v1/products/1`, {
        headers: { origin: 'https://evil.example' },
      });
      expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('general rate limit', () => {
    let rig: GatewayRig;
    beforeAll(async () => {
      rig = await startGatewayRig({
        GATEWAY_RATE_LIMIT_IP_PER_MINUTE: 10,
        GATEWAY_RATE_LIMIT_USER_PER_MINUTE: 3,
      });
    }, 60_000);
    afterAll(() => rig?.close());

    it('limits per user and per client address with 429 + Retry-After (Redis-backed)', async () => {
      const alice = await rig.token('user');
      const bob = await rig.token('user');
      const get = (token?: string) =>
        fetch(`${rig.url}/api/v1/products/1`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
      for (let i = 0; i < 3; i++) expect((await get(alice)).status).toBe(200);
      const limited = await get(alice);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
      // Another user from the same address still has their own budget …
      expect((await get(bob)).status).toBe(200);
      // … until the address's budget (10) is spent: 5 used so far.
      for (let i = 0; i < 5; i++) expect((await get()).status).toBe(200);
      const byAddress = await get();
      expect(byAddress.status).toBe(429);
      expect(byAddress.headers.get('retry-after')).toMatch(/^\d+$/);
      // A service calling another through the gateway from this address (the
      // embedded notifier on loopback) is budgeted by the service it calls, as its user or itself.
      const internal = await fetch(`${rig.url}/api/v1/products/1`, {
        headers: internalCallHeaders('alert-notifier'),
      });
      expect(internal.status).toBe(200);
      // Probes are never limited; forged X-Forwarded-For from a client is not a new address.
      expect((await fetch(`${rig.url}/healthz`)).status).toBe(200);
    });
  });
});
