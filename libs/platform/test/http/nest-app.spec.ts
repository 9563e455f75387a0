import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import request from 'supertest';
import { z } from 'zod';
import { createLogger, createNestHttpApp, ZodPipe, type NestHttpApp } from '@pt/platform';

const ItemSchema = z.object({ name: z.string().min(2, 'Name must be at least 2 characters') });

@Controller('api/items')
class ItemsController {
  @Post()
  create(@Body(new ZodPipe(ItemSchema, 'request body')) body: z.infer<typeof ItemSchema>) {
    return body;
  }

  @Get('boom')
  boom() {
    throw new Error('secret internals');
  }
}

@Module({ controllers: [ItemsController] })
class ItemsModule {}

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
    await request(sut.express).post('/api/items').send({ name: 'Mug' }).expect(201, { name: 'Mug' });
    const res = await request(sut.express).post('/api/items').send({ name: 'M' }).expect(400);
    expect(res.body.error).toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'name', message: 'Name must be at least 2 characters' }],
    });
  });

  it.each([
    ['malformed JSON', '{"name":', 'application/json', 400, 'malformed_json'],
    [
      'a body over 1 MB',
      JSON.stringify({ name: 'x'.repeat(1_100_000) }),
      'application/json',
      413,
      'payload_too_large',
    ],
  ])('answers %s with the error body, not the parser message', async (_case, body, type, status, code) => {
    const res = await request(sut.express)
      .post('/api/items')
      .set('content-type', type)
      .send(body)
      .expect(status);
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
    const res = await request(sut.express)
      .post('/api/items')
      .set('content-type', type)
      .send(body)
      .expect(400);
    expect(res.body).toEqual({ error: { code: 'invalid_input', message: expect.stringContaining(says) } });
  });

  it('answers a NUL in the query string with 400 invalid_input', async () => {
    const res = await request(sut.express).post('/api/items?name=a%00b').send({ name: 'Mug' }).expect(400);
    expect(res.body.error).toEqual({
      code: 'invalid_input',
      message: 'Query string must not contain NUL characters',
    });
  });

  it('hides unexpected errors behind a 500 with the error body', async () => {
    const res = await request(sut.express).get('/api/items/boom').expect(500);
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
