import { randomUUID } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import request from 'supertest';
import type { UpdateWishlistRequest } from '@pt/contracts';
import {
  AppError,
  Caller,
  createLogger,
  createNestHttpApp,
  Endpoint,
  identityHeaders,
  Input,
  SESSION_ENDED,
  sessionRevocations,
  type NestHttpApp,
  type VerifiedUser,
} from '@pt/platform';

/** Handlers on real API_ROUTES entries of each access level, echoing what `@Endpoint` handed them. */
@Controller()
class ProbeController {
  @Endpoint('PATCH /api/v1/wishlists/{id}')
  rename(
    @Caller() caller: VerifiedUser,
    @Input('params') params: { id: string },
    @Input('body') body: UpdateWishlistRequest,
  ) {
    return { caller: caller.id, params, body };
  }

  @Endpoint('GET /api/v1/admin/metrics')
  admin(@Caller() caller: VerifiedUser) {
    return { admin: caller.id };
  }

  @Endpoint('GET /api/v1/products/{id}/price-history')
  optional(@Caller() caller: VerifiedUser | undefined, @Input('query') query: unknown) {
    return { caller: caller?.id ?? null, query };
  }

  /** Answers whatever code it is asked for, to exercise the declared-codes check. */
  @Endpoint('DELETE /api/v1/wishlists/{id}')
  fail(@Input('params') { id }: { id: string }) {
    throw new AppError(id === 'gone' ? 404 : 409, id === 'gone' ? 'wishlist_not_found' : 'teapot', 'No');
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

const user = (role: 'user' | 'admin' = 'user') =>
  identityHeaders({ id: `${role}-1`, role, sessionId: randomUUID() });

describe(Endpoint.name, () => {
  let sut: NestHttpApp;
  const strict = process.env.PT_STRICT_ERROR_CODES;
  beforeAll(async () => {
    process.env.PT_STRICT_ERROR_CODES = '1';
    sut = await createNestHttpApp(
      'probe',
      { module: ProbeModule },
      { logger: createLogger({ service: 'probe', level: 'silent' }), health: {} },
    );
  });
  afterAll(async () => {
    process.env.PT_STRICT_ERROR_CODES = strict;
    await sut.nest.close();
  });

  it('refuses a name that is not an API_ROUTES entry when the controller is declared', () => {
    expect(() => Endpoint('GET /api/v1/not-listed')).toThrow(
      'GET /api/v1/not-listed is not in API_ROUTES (libs/contracts/src/api-routes.ts): add its entry first',
    );
  });

  it("hands a user route's handler the verified caller and its parsed params and body", async () => {
    const res = await request(sut.express)
      .patch('/api/v1/wishlists/w-1')
      .set(user())
      .send({ name: 'Gifts' })
      .expect(200);
    expect(res.body).toEqual({ caller: 'user-1', params: { id: 'w-1' }, body: { name: 'Gifts' } });
  });

  it('answers 401 before validating, and a body failing the schema with 400 validation_failed', async () => {
    const anonymous = await request(sut.express).patch('/api/v1/wishlists/w-1').send({ name: 7 }).expect(401);
    expect(anonymous.body).toEqual({ error: { code: 'unauthorized', message: 'Sign in to continue' } });
    const bad = await request(sut.express).patch('/api/v1/wishlists/w-1').set(user()).send({ name: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', message: 'Invalid request body' });
  });

  it("answers an ended session with the gateway's session_revoked", async () => {
    const sessionId = randomUUID();
    const headers = identityHeaders({ id: 'u-9', role: 'user', sessionId });
    sessionRevocations.revoke([sessionId], Date.now() + 60_000);
    const res = await request(sut.express).patch('/api/v1/wishlists/w-1').set(headers).send({}).expect(401);
    expect(res.body.error).toEqual({ code: SESSION_ENDED.code, message: SESSION_ENDED.message });
  });

  it('lets only admins use an admin route: 401 anonymous, 403 for a user', async () => {
    await request(sut.express).get('/api/v1/admin/metrics').expect(401);
    const forbidden = await request(sut.express).get('/api/v1/admin/metrics').set(user()).expect(403);
    expect(forbidden.body.error).toEqual({ code: 'forbidden', message: 'Only administrators may do this' });
    await request(sut.express)
      .get('/api/v1/admin/metrics')
      .set(user('admin'))
      .expect(200, { admin: 'admin-1' });
  });

  it('reads the caller of an optional route when there is one, and the query with its defaults', async () => {
    const anonymous = await request(sut.express).get('/api/v1/products/p-1/price-history').expect(200);
    expect(anonymous.body.caller).toBeNull();
    const signedIn = await request(sut.express)
      .get('/api/v1/products/p-1/price-history?days=abc')
      .set(user())
      .expect(400);
    expect(signedIn.body.error).toMatchObject({ code: 'validation_failed', message: 'Invalid query' });
  });

  it('answers a declared code as it is, and an undeclared one as 500 undeclared_error_code under strict checking', async () => {
    const declared = await request(sut.express).delete('/api/v1/wishlists/gone').set(user()).expect(404);
    expect(declared.body.error.code).toBe('wishlist_not_found');
    const undeclared = await request(sut.express).delete('/api/v1/wishlists/other').set(user()).expect(500);
    expect(undeclared.body.error).toEqual({
      code: 'undeclared_error_code',
      message: expect.stringContaining("DELETE /api/v1/wishlists/{id} answered 'teapot'"),
    });
  });
});
