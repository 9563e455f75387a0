import express from 'express';
import request from 'supertest';
import { API_ROUTES, type ApiRoute } from '@pt/contracts';
import { createLogger } from '@pt/platform';
import {
  createGatewayApp,
  needsIdentity,
  parseTrustProxy,
  routerFor,
  serviceFor,
  SERVICE_NAMES,
  UNLISTED_MOUNTS,
  type ServiceName,
} from '@pt/gateway';

describe(serviceFor.name, () => {
  it.each([
    ['/auth/v1/signup', 'auth'],
    ['/auth/v1', 'auth'],
    ['/api/v1/search', 'catalog'],
    ['/api/v1/products/ebay%7Cv1%7C123%7C0', 'catalog'],
    ['/api/v1/products/abc/related', 'catalog'],
    ['/api/v1/products/abc/price-history', 'pricing'],
    ['/api/v1/price-badges', 'pricing'],
    ['/api/v1/admin/pricing/status', 'pricing'],
    ['/admin/queues', 'pricing'],
    ['/api/v1/deals', 'catalog'],
    ['/api/v1/currency/convert', 'catalog'],
    ['/api/v1/geo', 'catalog'],
    ['/api/v1/wishlists/default/items', 'wishlist'],
    ['/api/v1/wishlist-items/0b8c5a52-7f7e-4a55-9d3e-2f0e0c1f7a10', 'wishlist'],
    ['/api/v1/alerts', 'alert-notifier'],
    ['/api/v1/alerts/unsubscribe', 'alert-notifier'],
    ['/api/v1/admin/demo/products/123/price', 'alert-notifier'],
    ['/api/v1/admin/notifications/emails', 'alert-notifier'],
    ['/api/v1/settings/public', 'settings'],
    ['/api/v1/admin/settings', 'settings'],
    ['/api/v1/admin/metrics', 'settings'],
    ['/api/v1/monitoring/events', 'settings'],
    ['/api/v1/admin/monitoring/events', 'settings'],
  ] as [string, ServiceName][])('routes %s to %s', (path, service) => {
    expect(serviceFor(path)).toBe(service);
  });

  it.each([
    '/',
    '/search',
    '/product/123',
    '/api/v1/unknown',
    '/api/v1/searchable',
    '/authx',
    '/api/v1/wishlist-itemsx',
    '/api/v1/admin/demos',
    '/api/v1/admin/outbox',
    '/api/v1/monitoringx',
  ])('routes %s to no service', (path) => {
    expect(serviceFor(path)).toBeUndefined();
  });

  it('sends every route of the contracts to the service its entry names, and keeps the gateway’s own', () => {
    for (const route of API_ROUTES) {
      const path = route.path.replace(/\{[^}]+\}/g, 'abc');
      expect({ path, service: serviceFor(path) ?? 'gateway' }).toEqual({ path, service: route.service });
    }
  });

  const route = (path: string, service: ApiRoute['service']): ApiRoute => ({
    method: 'get',
    path,
    service,
    summary: path,
    access: 'public',
    errors: [],
    response: { status: 204 },
  });

  it('refuses a route list that gives one path to two services (it routes by path alone)', () => {
    const clash = [...API_ROUTES, { ...route('/api/v1/deals', 'pricing'), method: 'post' as const }];
    expect(() => routerFor(clash, UNLISTED_MOUNTS)).toThrow(
      'post /api/v1/deals (pricing) would reach catalog',
    );
  });

  it('refuses an unlisted mount that takes a listed route from its service', () => {
    expect(() => routerFor(API_ROUTES, [{ prefix: '/api/v1/alerts', service: 'settings' }])).toThrow(
      /\/api\/v1\/alerts \(settings\) would reach alert-notifier/,
    );
  });

  it('routes a new route from its entry alone: the most literal template wins, its mount follows it', () => {
    const router = routerFor([
      ...API_ROUTES,
      route('/api/v1/products/{id}/reviews', 'wishlist'),
      route('/api/v1/digests', 'alert-notifier'),
    ]);
    expect(router.serviceFor('/api/v1/products/p1/reviews')).toBe('wishlist');
    expect(router.serviceFor('/api/v1/products/p1')).toBe('catalog');
    expect(router.serviceFor('/api/v1/digests/weekly')).toBe('alert-notifier');
    expect(router.serviceFor('/api/v1/digestsx')).toBeUndefined();
  });

  it.each([
    ['/api/v1/admin/outbox', true],
    ['/api/v1/monitoring/events', true],
    ['/api/v1/search', true],
    ['/auth/v1/user', false],
    ['/api/v1/events', false],
    ['/', false],
  ])('a bearer token on %s is verified: %s', (path, expected) => {
    expect(needsIdentity(path)).toBe(expected);
  });
});

describe(createGatewayApp.name, () => {
  function sut(trustProxy?: string) {
    const targets = Object.fromEntries(
      SERVICE_NAMES.map((name) => [
        name,
        express().use((req, res) => {
          res.json({
            service: name,
            path: req.originalUrl,
            requestId: req.header('x-request-id'),
            clientIp: req.header('x-forwarded-for'),
          });
        }),
      ]),
    ) as Record<ServiceName, express.Express>;
    return createGatewayApp({
      logger: createLogger({ service: 'gateway', level: 'silent' }),
      targets,
      trustProxy,
      metricsToken: 'metrics-token-for-tests',
    });
  }

  it('hands a request to the service that owns its path, unchanged', async () => {
    const res = await request(sut()).get('/api/v1/search?q=drone');
    expect(res.body).toMatchObject({ service: 'catalog', path: '/api/v1/search?q=drone' });
    expect(res.headers['x-request-id']).toBe(res.body.requestId);
  });

  it('keeps a well-formed incoming request id and replaces a malformed one', async () => {
    expect((await request(sut()).get('/api/v1/deals').set('x-request-id', 'abc-123')).body.requestId).toBe(
      'abc-123',
    );
    expect(
      (await request(sut()).get('/api/v1/deals').set('x-request-id', 'bad id <script>')).body.requestId,
    ).not.toBe('bad id <script>');
  });

  it('passes on the client address from X-Forwarded-For only when the peer is a trusted proxy', async () => {
    const viaLoopback = await request(sut()).get('/api/v1/deals').set('x-forwarded-for', '203.0.113.9');
    expect(viaLoopback.body.clientIp).toBe('203.0.113.9');
    const untrusted = await request(sut('10.0.0.0/8'))
      .get('/api/v1/deals')
      .set('x-forwarded-for', '203.0.113.9');
    expect(untrusted.body.clientIp).not.toContain('203.0.113.9');
  });

  it.each([
    ['loopback', ['loopback']],
    ['loopback, 10.0.0.0/8', ['loopback', '10.0.0.0/8']],
    ['2', 2],
  ])('reads TRUST_PROXY %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it('answers unknown API paths with 404 and the error body', async () => {
    const res = await request(sut()).get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'not_found' });
  });

  it('serves health and metrics itself', async () => {
    expect((await request(sut()).get('/livez')).body).toEqual({ status: 'ok', service: 'gateway' });
    // /healthz also lists the dependencies (none in this rig).
    expect((await request(sut()).get('/healthz')).body).toEqual({
      status: 'ok',
      service: 'gateway',
      ready: true,
      dependencies: {},
    });
    const metrics = await request(sut())
      .get('/metrics')
      .set('authorization', 'Bearer metrics-token-for-tests');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('http_server_request_duration_seconds');
  });
});
