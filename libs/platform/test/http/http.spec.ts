import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import {
  AppError,
  expressErrorHandler,
  createLogger,
  healthRouter,
  loggableUrl,
  notFoundHandler,
  RATE_LIMITED_RETRY_AFTER_S,
  DEPENDENCY_RETRY_AFTER_S,
  toErrorResponse,
  validate,
} from '@pt/platform';

const logger = createLogger({ service: 'test', level: 'silent' });

function app() {
  const sut = express();
  sut.use(express.json());
  sut.use(healthRouter('test', { critical: { ok: async () => undefined } }));
  sut.post(
    '/items',
    validate({
      body: z.object({
        name: z.string().min(2, 'Name must be at least 2 characters'),
        qty: z.number().int().positive(),
      }),
    }),
    (req, res) => {
      res.status(201).json(req.body);
    },
  );
  sut.get('/conflict', () => {
    throw AppError.conflict('Item is already in your wishlist', 'duplicate_item');
  });
  sut.get('/limited', () => {
    throw AppError.tooManyRequests();
  });
  sut.get('/limited-for', () => {
    throw AppError.tooManyRequests('Slow down', 'slow_down').retryAfter(2500);
  });
  sut.get('/crash', () => {
    throw new Error('database password=secret leaked?');
  });
  sut.use(notFoundHandler);
  sut.use(expressErrorHandler(logger));
  return sut;
}

describe('http helpers', () => {
  it('answers 400 with a message per invalid field', async () => {
    const res = await request(app()).post('/items').send({ name: 'x', qty: 0 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name must be at least 2 characters' },
        expect.objectContaining({ field: 'qty' }),
      ]),
    );
  });

  it('passes valid bodies through parsed', async () => {
    const res = await request(app()).post('/items').send({ name: 'Mug', qty: 2, extra: true });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ name: 'Mug', qty: 2 });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await request(app()).post('/items').set('content-type', 'application/json').send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('malformed_json');
  });

  it('maps an AppError to its status and body', async () => {
    const res = await request(app()).get('/conflict');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: { code: 'duplicate_item', message: 'Item is already in your wishlist' },
    });
  });

  it('every 429 AppError carries Retry-After: a default one, or the wait it was given', async () => {
    const limited = await request(app()).get('/limited');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe(String(RATE_LIMITED_RETRY_AFTER_S));
    expect(limited.body.error.code).toBe('rate_limited');
    const given = await request(app()).get('/limited-for');
    expect(given.status).toBe(429);
    expect(given.headers['retry-after']).toBe('3');
    expect(toErrorResponse(new AppError(429, 'custom', 'Too many')).retryAfterS).toBe(
      RATE_LIMITED_RETRY_AFTER_S,
    );
    expect(toErrorResponse(AppError.conflict('Taken')).retryAfterS).toBeUndefined();
  });

  it('a 502 (a service behind this one did not answer) carries Retry-After like a 503', () => {
    const demoDown = toErrorResponse(
      new AppError(502, 'demo_unreachable', 'The demo marketplaces did not answer'),
    );
    expect(demoDown).toMatchObject({ status: 502, retryAfterS: DEPENDENCY_RETRY_AFTER_S });
    expect(demoDown.body.error.code).toBe('demo_unreachable');
  });

  it('hides the details of unexpected errors', async () => {
    const res = await request(app()).get('/crash');
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal_error');
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it("logs a failed request's URL without the tokens in its query (unsubscribe links)", async () => {
    const lines: string[] = [];
    const sut = express();
    sut.post('/api/v1/alerts/unsubscribe', () => {
      throw new Error('boom');
    });
    sut.use(
      expressErrorHandler(
        createLogger({ service: 'test', destination: { write: (l: string) => lines.push(l) } }),
      ),
    );
    await request(sut).post('/api/v1/alerts/unsubscribe?token=abc.def&x=1').expect(500);
    expect(lines.join('')).toContain('"url":"/api/v1/alerts/unsubscribe?token=[redacted]&x=1"');
    expect(lines.join('')).not.toContain('abc.def');
    expect(loggableUrl('/verify?type=signup&token_hash=t1&code=c2')).toBe(
      '/verify?type=signup&token_hash=[redacted]&code=[redacted]',
    );
    expect(loggableUrl('/search?q=tokens')).toBe('/search?q=tokens');
    // A private feed's token is a path segment, not a query parameter.
    expect(loggableUrl('/api/v1/feeds/AbC_12-x.xml?x=1')).toBe('/api/v1/feeds/[redacted]?x=1');
  });

  it('answers unknown routes with 404 and the error body', async () => {
    const res = await request(app()).get('/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('reports liveness and readiness, 503 when a critical dependency never answered', async () => {
    expect((await request(app()).get('/livez')).body).toEqual({ status: 'ok', service: 'test' });
    expect((await request(app()).get('/readyz')).status).toBe(200);
    const down = express().use(
      healthRouter('svc', { critical: { database: async () => Promise.reject(new Error('refused')) } }),
    );
    const res = await request(down).get('/readyz');
    expect(res.status).toBe(503);
    // The reason goes to the logs: the gateway's probes are public.
    expect(res.body.checks.database).toEqual({ status: 'down', downForS: 0 });
    expect((await request(down).get('/livez')).status).toBe(200);
  });

  it('answers /healthz with every dependency while alive, whatever their state', async () => {
    const sut = express().use(
      healthRouter('svc', {
        critical: { database: async () => undefined },
        observed: { eventBus: async () => Promise.reject(new Error('ECONNREFUSED 10.0.0.7:6379')) },
      }),
    );
    const res = await request(sut).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'degraded',
      service: 'svc',
      ready: true,
      dependencies: {
        database: { status: 'up', critical: true },
        eventBus: { status: 'down', critical: false },
      },
    });
    expect(JSON.stringify(res.body)).not.toContain('10.0.0.7');
    expect((await request(sut).get('/readyz')).status).toBe(200);
  });
});
