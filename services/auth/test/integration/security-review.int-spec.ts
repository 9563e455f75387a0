import { describeAdapter, postgresAvailability } from '@pt/testing';
import { call, rawCall, startAuthHost, testConfig, tokenOf, type AuthHost } from '../support/auth-host';

const V2024 = { 'x-supabase-api-version': '2024-01-01' };
const PASSWORD = 'correct horse battery';
let counter = 0;
const freshEmail = (tag: string) => `${tag}-${++counter}@example.com`;
const json = (value: unknown) => ({ 'content-type': 'application/json', body: JSON.stringify(value) });

/** The findings of the auth security review, over HTTP through the gateway, on real Postgres. */
describeAdapter('auth-security-review', 'postgres', postgresAvailability(), () => {
  let host: AuthHost;

  beforeAll(async () => {
    host = await startAuthHost({ config: testConfig() });
  });
  afterAll(() => host?.close());

  /** A confirmed user and a fresh session. */
  async function signedIn(email = freshEmail('user')) {
    await call('POST', `${host.api}/signup`, { body: { email, password: PASSWORD, data: { name: 'Pat' } } });
    const verify = await call('POST', `${host.api}/verify`, {
      body: { type: 'signup', token_hash: tokenOf((await host.nextEmail(email)).link) },
    });
    expect(verify.status).toBe(200);
    return { email, session: verify.body };
  }

  describe('links in emails are never built from request headers that are not allowed', () => {
    it('a signup with Host: attacker.example gets a link on the site, not on the attacker', async () => {
      const email = freshEmail('host');
      const { body, ...headers } = json({ email, password: PASSWORD });
      const res = await rawCall('POST', `${host.api}/signup`, {
        headers: { ...headers, host: 'attacker.example' },
        body,
      });
      expect(res.status).toBe(200);
      const link = new URL((await host.nextEmail(email)).link);
      expect(link.origin).toBe('http://site.test');
      expect(link.pathname).toBe('/');
    });

    it('a resend with a forged X-Forwarded-Host gets a link on the site', async () => {
      const email = freshEmail('forwarded');
      await call('POST', `${host.api}/signup`, { body: { email, password: PASSWORD } });
      await host.nextEmail(email);
      host.clock.advance(61_000);
      const res = await call('POST', `${host.api}/resend`, {
        body: { type: 'signup', email },
        headers: { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' },
      });
      expect(res.status).toBe(200);
      expect(new URL((await host.nextEmail(email)).link).origin).toBe('http://site.test');
    });

    it('the mailed link opens the web app with token and type; fetching it confirms nothing (§2)', async () => {
      const email = freshEmail('scanned');
      await call('POST', `${host.api}/signup`, { body: { email, password: PASSWORD } });
      const link = new URL((await host.nextEmail(email)).link);
      expect(link.searchParams.get('type')).toBe('signup');
      // A mail scanner fetching the link only loads the web app; the token is still unused.
      const verified = await call('POST', `${host.api}/verify`, {
        body: { type: 'signup', token_hash: link.searchParams.get('token') },
      });
      expect(verified.status).toBe(200);
    });
  });

  it('the generated signing key is stored encrypted, not as a JWK', async () => {
    const { rows } = await host.runtime.db.query<{ private_jwk: Record<string, unknown> }>(
      'SELECT private_jwk FROM auth.signing_keys',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].private_jwk).toMatchObject({ enc: 'A256GCM', data: expect.any(String) });
    expect(rows[0].private_jwk).not.toHaveProperty('d');
  });

  describe('bad input is validation_failed, never a 500', () => {
    const NUL = 'a\u0000b@example.com';
    it.each([
      ['signup with an IDN domain', 'signup', { email: 'user@b\u00fccher.example', password: PASSWORD }],
      ['signup with a Unicode local part', 'signup', { email: 'jos\u00e9@example.com', password: PASSWORD }],
      ['signup with NUL in the email', 'signup', { email: NUL, password: PASSWORD }],
      [
        'signup with a 255-character email',
        'signup',
        { email: `${'a'.repeat(243)}@example.com`, password: PASSWORD },
      ],
      ['sign-in with NUL in the email', 'token?grant_type=password', { email: NUL, password: PASSWORD }],
      [
        'sign-in with an IDN email',
        'token?grant_type=password',
        { email: 'a@b\u00fccher.de', password: 'x1' },
      ],
      ['resend with NUL in the email', 'resend', { type: 'signup', email: NUL }],
      ['resend with an IDN email', 'resend', { type: 'signup', email: 'a@b\u00fccher.de' }],
      ['verify with NUL in the email', 'verify', { type: 'signup', token_hash: 'x'.repeat(43), email: NUL }],
      [
        'signup with NUL in the name',
        'signup',
        { email: 'nul-name@example.com', password: PASSWORD, data: { name: 'Pa\u0000t' } },
      ],
      [
        'signup with NUL in a metadata key',
        'signup',
        { email: 'nul-key@example.com', password: PASSWORD, data: { 'k\u0000': 'v' } },
      ],
      [
        'signup with a lone surrogate in nested metadata',
        'signup',
        { email: 'surrogate@example.com', password: PASSWORD, data: { prefs: ['ok', { x: '\udc00' }] } },
      ],
    ])('%s', async (_name, path, body) => {
      const res = await call('POST', `${host.api}/${path}`, { body, headers: V2024 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'validation_failed', message: expect.any(String) });
    });

    it.each([
      ['NUL in data', { data: { name: 'Pa\u0000t' } }],
      ['a lone surrogate in data', { data: { bio: 'x\udc00y' } }],
      ['a high surrogate alone in data', { data: { bio: '\ud83d' } }],
      ['NUL in the email', { email: 'a\u0000b@example.com' }],
    ])('PUT /user with %s', async (_name, body) => {
      const { session } = await signedIn();
      const res = await call('PUT', `${host.api}/user`, { token: session.access_token, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, error_code: 'validation_failed' });
      // The account is intact and still works.
      expect((await call('GET', `${host.api}/user`, { token: session.access_token })).status).toBe(200);
    });

    it('PUT /user still accepts well-formed Unicode (emoji, accents) in data', async () => {
      const { session } = await signedIn();
      const res = await call('PUT', `${host.api}/user`, {
        token: session.access_token,
        body: { data: { name: 'Jos\u00e9 \ud83d\ude00' } },
      });
      expect(res.status).toBe(200);
      expect(res.body.user_metadata.name).toBe('Jos\u00e9 \ud83d\ude00');
    });
  });

  describe('body and routing errors in the Supabase error shape', () => {
    it('malformed JSON: 400 bad_json, and the 2024-01-01 shape with the header echoed', async () => {
      const plain = await rawCall('POST', `${host.api}/signup`, {
        headers: { 'content-type': 'application/json' },
        body: '{"email": ',
      });
      expect(plain.status).toBe(400);
      expect(plain.body).toEqual({ code: 400, error_code: 'bad_json', msg: expect.any(String) });
      const dated = await rawCall('POST', `${host.api}/token?grant_type=password`, {
        headers: { 'content-type': 'application/json', ...V2024 },
        body: '{nope',
      });
      expect(dated.body).toEqual({ code: 'bad_json', message: expect.any(String) });
      expect(dated.headers['x-supabase-api-version']).toBe('2024-01-01');
    });

    it('a body over the limit: 413 payload_too_large', async () => {
      const res = await rawCall('POST', `${host.api}/signup`, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'big@example.com',
          password: PASSWORD,
          data: { x: 'x'.repeat(1_100_000) },
        }),
      });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ code: 413, error_code: 'payload_too_large', msg: expect.any(String) });
    });

    it('an unsupported charset: 415 unsupported_media_type', async () => {
      const res = await rawCall('POST', `${host.api}/resend`, {
        headers: { 'content-type': 'application/json; charset=latin1', ...V2024 },
        body: JSON.stringify({ type: 'signup', email: 'x@example.com' }),
      });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ code: 'unsupported_media_type', message: expect.any(String) });
      expect(res.headers['x-supabase-api-version']).toBe('2024-01-01');
    });

    it('an unknown /auth/v1 path: 404 not_found', async () => {
      const plain = await call('GET', `${host.api}/no-such-endpoint`);
      expect(plain.status).toBe(404);
      expect(plain.body).toEqual({ code: 404, error_code: 'not_found', msg: 'Not found' });
      const dated = await call('POST', `${host.api}/admin/users`, { body: {}, headers: V2024 });
      expect(dated.status).toBe(404);
      expect(dated.body).toEqual({ code: 'not_found', message: 'Not found' });
      expect(dated.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    });
  });
});

describeAdapter('auth-external-url', 'postgres', postgresAvailability(), () => {
  let host: AuthHost;
  beforeAll(async () => {
    host = await startAuthHost({
      config: testConfig({}, { AUTH_EXTERNAL_URL: 'https://shop.example/auth/v1' }),
    });
  });
  afterAll(() => host?.close());

  it('with AUTH_EXTERNAL_URL, mailed links still open the site (the token processor), whatever the request says', async () => {
    const email = 'configured@example.com';
    const { body, ...headers } = json({ email, password: PASSWORD });
    await rawCall('POST', `${host.api}/signup`, { headers: { ...headers, host: 'attacker.example' }, body });
    const link = new URL((await host.nextEmail(email)).link);
    expect(`${link.origin}${link.pathname}`).toBe('http://site.test/');
  });
});
