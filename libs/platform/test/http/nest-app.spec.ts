import { Controller, Module } from '@nestjs/common';
import request from 'supertest';
import type { PriceBadgesRequest } from '@pt/contracts';
import { createLogger, createNestHttpApp, Endpoint, Input, type NestHttpApp } from '@pt/platform';

/** Real API_ROUTES entries: `@Endpoint` serves nothing else. */
@Controller()
class ItemsController {
  @Endpoint('POST /api/v1/price-badges')
  create(@Input('body') body: PriceBadgesRequest) {
    return { badges: body.listings.map(() => null) };
  }

  @Endpoint('GET /api/v1/geo')
  boom() {
    throw new Error('secret internals');
  }
}

@Module({ controllers: [ItemsController] })
class ItemsModule {}

const ITEMS = '/api/v1/price-badges';

describe(createNestHttpApp.name, () => {
  let sut: NestHttpApp;
  beforeAll(async () => {
    sut = await createNestHttpApp(
      'items',
      { module: ItemsModule },
      { logger: createLogger({ service: 'items', level: 'silent' }), health: {} },
    );
  });
  afterAll(() => sut.nest.close());

  it('parses JSON bodies and validates them with the contract', async () => {
    await request(sut.express).post(ITEMS).send({ listings: [] }).expect(200, { badges: [] });
    const res = await request(sut.express).post(ITEMS).send({ listings: 'Mug' }).expect(400);
    expect(res.body.error).toMatchObject({
      code: 'validation_failed',
      message: 'Invalid request body',
      details: [{ field: 'listings', message: expect.any(String) }],
    });
  });

  it.each([
    ['malformed JSON', '{"name":', 'application/json', 400, 'malformed_json'],
    [
      'a body over 1 MB',
      JSON.stringify({ listings: 'x'.repeat(1_100_000) }),
      'application/json',
      413,
      'payload_too_large',
    ],
  ])('answers %s with the error body, not the parser message', async (_case, body, type, status, code) => {
    const res = await request(sut.express).post(ITEMS).set('content-type', type).send(body).expect(status);
    expect(res.body).toEqual({ error: { code, message: expect.any(String) } });
    expect(res.body.error.message).not.toMatch(/position|JSON at/);
  });

  it.each([
    // Unbalanced: only the raw scan before JSON.parse can call this too deep rather than malformed.
    [
      'a megabyte of [ (refused from its bytes, before parsing)',
      '['.repeat(1_000_000),
      'application/json',
      'nest deeper than 64',
    ],
    ['NUL in a form field', 'name=a%00b', 'application/x-www-form-urlencoded', 'NUL'],
    ['a \\udc00 escape', '{"name":"ab\\udc00"}', 'application/json', 'lone surrogates'],
  ])('answers %s with 400 invalid_input', async (_case, body, type, says) => {
    const res = await request(sut.express).post(ITEMS).set('content-type', type).send(body).expect(400);
    expect(res.body).toEqual({ error: { code: 'invalid_input', message: expect.stringContaining(says) } });
  });

  it('answers a NUL in the query string with 400 invalid_input', async () => {
    const res = await request(sut.express).post(`${ITEMS}?name=a%00b`).send({ listings: [] }).expect(400);
    expect(res.body.error).toEqual({
      code: 'invalid_input',
      message: 'Query string must not contain NUL characters',
    });
  });

  it('hides unexpected errors behind a 500 with the error body', async () => {
    const res = await request(sut.express).get('/api/v1/geo').expect(500);
    expect(res.body.error.code).toBe('internal_error');
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('answers unknown routes with 404 and the error body', async () => {
    const res = await request(sut.express).get('/api/nothing').expect(404);
    expect(res.body.error.code).toBe('not_found');
  });

  // Every service's /metrics is closed like the gateway's.
  it('does not serve /metrics without a configured metrics token', async () => {
    await request(sut.express).get('/metrics').expect(404);
  });

  it('serves /metrics only with the metrics token', async () => {
    const guarded = await createNestHttpApp(
      'items',
      { module: ItemsModule },
      {
        logger: createLogger({ service: 'items', level: 'silent' }),
        health: {},
        metricsToken: 'metrics-token-for-tests',
      },
    );
    try {
      const anonymous = await request(guarded.express).get('/metrics').expect(401);
      expect(anonymous.body.error.code).toBe('unauthorized');
      await request(guarded.express)
        .get('/metrics')
        .set('authorization', 'Bearer wrong-token-wrong-token')
        .expect(401);
      const ok = await request(guarded.express)
        .get('/metrics')
        .set('authorization', 'Bearer metrics-token-for-tests')
        .expect(200);
      expect(ok.text).toContain('http_server_request_duration_seconds');
    } finally {
      await guarded.nest.close();
    }
  });
});
