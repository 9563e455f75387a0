import type { ArgumentsHost } from '@nestjs/common';
import type { Request } from 'express';
import { createLogger } from '@pt/platform';
import { AuthError } from '../../src/http/auth-error';
import { AuthErrorFilter } from '../../src/http/auth-error.filter';

/** What the filter answers for `error` on `method path`, in GoTrue's shape. */
function answer(method: string, path: string, error: unknown) {
  const sent: { status?: number; body?: unknown } = {};
  const req = { method, path, header: () => undefined } as unknown as Request;
  const res = {
    setHeader: () => undefined,
    status(status: number) {
      sent.status = status;
      return { json: (body: unknown) => void (sent.body = body) };
    },
  };
  const host = {
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }),
  } as unknown as ArgumentsHost;
  new AuthErrorFilter(createLogger({ service: 'test', level: 'silent' })).catch(error, host);
  return sent;
}

describe('AuthErrorFilter under PT_STRICT_ERROR_CODES=1', () => {
  const strict = process.env.PT_STRICT_ERROR_CODES;
  beforeAll(() => void (process.env.PT_STRICT_ERROR_CODES = '1'));
  afterAll(() => void (process.env.PT_STRICT_ERROR_CODES = strict));

  it('answers a code the route declares as it is', () => {
    expect(answer('POST', '/auth/v1/token', AuthError.refreshTokenNotFound())).toMatchObject({
      status: 400,
      body: { error_code: 'refresh_token_not_found' },
    });
  });

  it("answers a code outside the route's API_ROUTES entry as 500 undeclared_error_code", () => {
    const sent = answer('POST', '/auth/v1/resend', AuthError.refreshTokenNotFound());
    expect(sent.status).toBe(500);
    expect(sent.body).toMatchObject({
      code: 500,
      error_code: 'undeclared_error_code',
      msg: expect.stringContaining("POST /auth/v1/resend answered 'refresh_token_not_found'"),
    });
  });

  it("keeps GoTrue's 404 for paths that are no route", () => {
    expect(answer('GET', '/auth/v1/nowhere', new AuthError(404, 'not_found', 'Not found'))).toMatchObject({
      status: 404,
      body: { error_code: 'not_found' },
    });
  });
});
