import { createLocalJWKSet, jwtVerify } from 'jose';
import { apiRoute } from '@pt/contracts';
import { describeAdapter, postgresAvailability } from '@pt/testing';
import {
  call,
  directVerifyLink,
  startAuthHost,
  testConfig,
  tokenOf,
  waitFor,
  type AuthHost,
} from '../support/auth-host';

const V2024 = { 'x-supabase-api-version': '2024-01-01' };
const PASSWORD = 'correct horse battery';
let counter = 0;
const freshEmail = (tag: string) => `${tag}-${++counter}@example.com`;

/** Every error code of the auth API, over HTTP, on real Postgres. */
describeAdapter('auth-api', 'postgres', postgresAvailability(), () => {
  let host: AuthHost;

  beforeAll(async () => {
    host = await startAuthHost({ config: testConfig({ adminEmails: ['boss@example.com'] }) });
  });
  afterAll(() => host?.close());

  /** A confirmed user and a fresh session. */
  async function signedIn(email = freshEmail('user'), password = PASSWORD) {
    const signup = await call('POST', `${host.api}/signup`, {
      body: { email, password, data: { name: 'Pat' } },
    });
    expect(signup.status).toBe(200);
    const mail = await host.nextEmail(email);
    const verify = await call('POST', `${host.api}/verify`, {
      body: { type: 'signup', token_hash: tokenOf(mail.link) },
    });
    expect(verify.status).toBe(200);
    const session = await call('POST', `${host.api}/token?grant_type=password`, {
      body: { email, password },
    });
    expect(session.status).toBe(200);
    return { email, userId: signup.body.id as string, session: session.body };
  }

  describe('answers in the shapes API_ROUTES declares', () => {
    const parses = (key: string, body: unknown) => {
      const result = apiRoute(key).response.schema!.safeParse(body);
      expect({ key, issues: result.error?.issues ?? [] }).toEqual({ key, issues: [] });
    };

    it('signup, resend, recover, settings and the JWKS', async () => {
      const email = freshEmail('shape');
      const signup = await call('POST', `${host.api}/signup`, { body: { email, password: PASSWORD } });
      parses('POST /auth/v1/signup', signup.body);
      await host.nextEmail(email);
      const resend = await call('POST', `${host.api}/resend`, {
        body: { type: 'signup', email: freshEmail('shape-resend') },
      });
      parses('POST /auth/v1/resend', resend.body);
      const recover = await call('POST', `${host.api}/recover`, { body: { email: 'nobody@example.com' } });
      parses('POST /auth/v1/recover', recover.body);
      parses('GET /auth/v1/settings', (await call('GET', `${host.api}/settings`)).body);
      parses(
        'GET /auth/v1/.well-known/jwks.json',
        (await call('GET', `${host.api}/.well-known/jwks.json`)).body,
      );
    });
  });

  describe('error shape', () => {
    it('answers { code: status, error_code, msg } without an API version', async () => {
      const res = await call('POST', `${host.api}/token?grant_type=password`, {
        body: { email: 'nobody@example.com', password: 'whatever1' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 400,
        error_code: 'invalid_credentials',
        msg: 'Invalid login credentials',
      });
      expect(res.headers.get('x-supabase-api-version')).toBeNull();
    });

    it('answers { code: error_code, message } and echoes X-Supabase-Api-Version: 2024-01-01', async () => {
      const res = await call('POST', `${host.api}/token?grant_type=password`, {
        body: { email: 'nobody@example.com', password: 'whatever1' },
        headers: V2024,
      });
      expect(res.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    });
  });

  describe('validation_failed', () => {
    it.each([
      ['signup without an email', 'signup', { password: PASSWORD }],
      ['signup with a malformed email', 'signup', { email: 'not-an-email', password: PASSWORD }],
      [
        'signup with a one-letter name (§5)',
        'signup',
        { email: 'n@example.com', password: PASSWORD, data: { name: 'A' } },
      ],
      ['password grant without a password', 'token?grant_type=password', { email: 'x@example.com' }],
      ['an unknown grant type', 'token?grant_type=magic', {}],
      ['refresh without a token', 'token?grant_type=refresh_token', {}],
      ['resend of another type', 'resend', { type: 'recovery', email: 'x@example.com' }],
      ['verify without a token_hash', 'verify', { type: 'signup' }],
    ])('%s', async (_name, path, body) => {
      const res = await call('POST', `${host.api}/${path}`, { body, headers: V2024 });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    });
  });

  it('weak_password: 422 with reasons, for too short and for common passwords', async () => {
    const short = await call('POST', `${host.api}/signup`, {
      body: { email: freshEmail('weak'), password: '12345' },
    });
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({ error_code: 'weak_password', weak_password: { reasons: ['length'] } });
    expect(short.body.msg).toContain('at least 6 characters');
    const common = await call('POST', `${host.api}/signup`, {
      body: { email: freshEmail('weak'), password: 'qwerty123' },
    });
    expect(common.body).toMatchObject({ error_code: 'weak_password', weak_password: { reasons: ['pwned'] } });
  });

  it('email_not_confirmed: only to whoever knows the password; the wrong one gets invalid_credentials', async () => {
    const email = freshEmail('pending');
    await call('POST', `${host.api}/signup`, { body: { email, password: PASSWORD } });
    const right = await call('POST', `${host.api}/token?grant_type=password`, {
      body: { email, password: PASSWORD },
    });
    expect(right.body).toMatchObject({ code: 400, error_code: 'email_not_confirmed' });
    const wrong = await call('POST', `${host.api}/token?grant_type=password`, {
      body: { email, password: 'wrong password' },
    });
    expect(wrong.body.error_code).toBe('invalid_credentials');
  });

  it('invalid_credentials: same answer for an unknown email and a wrong password', async () => {
    const { email } = await signedIn();
    const unknown = await call('POST', `${host.api}/token?grant_type=password`, {
      body: { email: 'ghost@example.com', password: PASSWORD },
    });
    const wrong = await call('POST', `${host.api}/token?grant_type=password`, {
      body: { email, password: 'not it at all' },
    });
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('over_email_send_rate_limit: one confirmation email per address per 60 s, message says "rate limit"', async () => {
    const email = freshEmail('resend');
    await call('POST', `${host.api}/signup`, { body: { email, password: PASSWORD } });
    await host.nextEmail(email);
    host.clock.advance(61_000);
    const first = await call('POST', `${host.api}/resend`, { body: { type: 'signup', email } });
    expect(first.status).toBe(200);
    const mail = await host.nextEmail(email);
    const second = await call('POST', `${host.api}/resend`, {
      body: { type: 'signup', email },
      headers: V2024,
    });
    expect(second.status).toBe(429);
    expect(second.body.code).toBe('over_email_send_rate_limit');
    expect(second.body.message).toMatch(/rate limit/);
    expect(second.body.message).toMatch(/after \d+ seconds/);
    // The resent link works; the earlier one was replaced.
    const verify = await call('POST', `${host.api}/verify`, {
      body: { type: 'signup', token_hash: tokenOf(mail.link) },
    });
    expect(verify.status).toBe(200);
  });

  it('resend answers the same for unknown and confirmed addresses, and sends nothing', async () => {
    const { email } = await signedIn();
    host.clock.advance(61_000);
    const before = host.emails.length;
    const confirmed = await call('POST', `${host.api}/resend`, { body: { type: 'signup', email } });
    const unknown = await call('POST', `${host.api}/resend`, {
      body: { type: 'signup', email: 'unknown-person@example.com' },
    });
    expect([confirmed.status, unknown.status]).toEqual([200, 200]);
    expect(confirmed.body).toEqual(unknown.body);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(host.emails.length).toBe(before);
  });

  it('over_request_rate_limit: sign-in attempts per account from one client address', async () => {
    const email = freshEmail('brute');
    const attempts = [];
    for (let i = 0; i < 11; i++)
      attempts.push(
        await call('POST', `${host.api}/token?grant_type=password`, {
          body: { email, password: `guess-${i}-x` },
        }),
      );
    expect(attempts.slice(0, 10).every((r) => r.body.error_code === 'invalid_credentials')).toBe(true);
    expect(attempts[10].status).toBe(429);
    expect(attempts[10].body.error_code).toBe('over_request_rate_limit');
    host.clock.advance(5 * 60_000 + 1);
  });

  it('otp_expired: a confirmation link is single-use and expires after 24 hours', async () => {
    const email = freshEmail('expiry');
    await call('POST', `${host.api}/signup`, { body: { email, password: PASSWORD } });
    const token = tokenOf((await host.nextEmail(email)).link);
    host.clock.advance(24 * 60 * 60_000 + 1);
    const late = await call('POST', `${host.api}/verify`, { body: { type: 'signup', token_hash: token } });
    expect(late.status).toBe(403);
    expect(late.body.error_code).toBe('otp_expired');
    const reused = await call('POST', `${host.api}/verify`, { body: { type: 'signup', token_hash: token } });
    expect(reused.body.error_code).toBe('otp_expired');
  });

  it('GET /verify redirects to the site with the session, or with the error, in the fragment', async () => {
    const email = freshEmail('link');
    await call('POST', `${host.api}/signup?redirect_to=${encodeURIComponent('http://site.test/after')}`, {
      body: { email, password: PASSWORD },
    });
    const mailed = new URL((await host.nextEmail(email)).link);
    expect(`${mailed.origin}${mailed.pathname}`).toBe('http://site.test/after');
    // GET /verify stays for clients that link to it directly.
    const link = directVerifyLink(host, tokenOf(mailed.toString()), 'signup', 'http://site.test/after');
    const ok = await fetch(link, { redirect: 'manual' });
    const landing = new URL(ok.headers.get('location') as string);
    expect(landing.pathname).toBe('/after');
    expect(new URLSearchParams(landing.hash.slice(1)).get('refresh_token')).toEqual(expect.any(String));
    const again = new URL((await fetch(link, { redirect: 'manual' })).headers.get('location') as string);
    expect(Object.fromEntries(new URLSearchParams(again.hash.slice(1)))).toMatchObject({
      error: 'access_denied',
      error_code: 'otp_expired',
    });
  });

  describe('tokens and sessions', () => {
    it('bad_jwt: a malformed, tampered or expired access token is refused', async () => {
      const { session } = await signedIn();
      const garbage = await call('GET', `${host.api}/user`, { token: 'not.a.jwt' });
      expect(garbage.status).toBe(401);
      expect(garbage.body.error_code).toBe('bad_jwt');
      const [h, p, s] = (session.access_token as string).split('.');
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
      const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url')}.${s}`;
      expect((await call('GET', `${host.api}/user`, { token: forged })).body.error_code).toBe('bad_jwt');
      host.clock.advance(3601_000);
      const expired = await call('GET', `${host.api}/user`, { token: session.access_token });
      expect(expired.body.error_code).toBe('bad_jwt');
    });

    it('no_authorization: /user without a token', async () => {
      const res = await call('GET', `${host.api}/user`);
      expect(res.status).toBe(401);
      expect(res.body.error_code).toBe('no_authorization');
    });

    it('session_not_found: the access token of a signed-out session', async () => {
      const { session } = await signedIn();
      const out = await fetch(`${host.api}/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(out.status).toBe(204);
      const res = await call('GET', `${host.api}/user`, { token: session.access_token, headers: V2024 });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('session_not_found');
    });

    it('refresh_token_not_found: a token that was never issued', async () => {
      const res = await call('POST', `${host.api}/token?grant_type=refresh_token`, {
        body: { refresh_token: 'x'.repeat(43) },
      });
      expect(res.body.error_code).toBe('refresh_token_not_found');
    });

    it('issues ES256 tokens with the documented claims, verifiable with the JWKS', async () => {
      const { session, userId, email } = await signedIn();
      const jwks = (await call('GET', `${host.api}/.well-known/jwks.json`)).body;
      expect(jwks.keys[0]).not.toHaveProperty('d');
      const { payload, protectedHeader } = await jwtVerify(
        session.access_token,
        createLocalJWKSet(jwks as never),
        { currentDate: host.clock.now() },
      );
      expect(protectedHeader.alg).toBe('ES256');
      expect(payload).toMatchObject({
        sub: userId,
        aud: 'authenticated',
        role: 'user',
        email,
        iss: 'price-tracker-auth',
        user_metadata: { name: 'Pat' },
      });
      expect(payload.exp! - payload.iat!).toBe(3600);
      expect(payload.session_id).toEqual(expect.any(String));
      expect(payload.app_metadata).toMatchObject({ provider: 'email', role: 'user' });
      expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600, expires_at: payload.exp });
      expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('gives ADMIN_EMAILS the admin role in app_metadata and the token', async () => {
      const { session } = await signedIn('boss@example.com');
      expect(session.user).toMatchObject({ role: 'admin', app_metadata: { role: 'admin' } });
      const claims = JSON.parse(
        Buffer.from((session.access_token as string).split('.')[1], 'base64url').toString(),
      );
      expect(claims).toMatchObject({ role: 'admin', app_metadata: { role: 'admin' } });
    });

    it('logout scopes: others keeps this session, global ends all', async () => {
      const { email } = await signedIn();
      const second = (
        await call('POST', `${host.api}/token?grant_type=password`, { body: { email, password: PASSWORD } })
      ).body;
      const third = (
        await call('POST', `${host.api}/token?grant_type=password`, { body: { email, password: PASSWORD } })
      ).body;
      await fetch(`${host.api}/logout?scope=others`, {
        method: 'POST',
        headers: { authorization: `Bearer ${third.access_token}` },
      });
      expect((await call('GET', `${host.api}/user`, { token: second.access_token })).body.error_code).toBe(
        'session_not_found',
      );
      expect((await call('GET', `${host.api}/user`, { token: third.access_token })).status).toBe(200);
      await fetch(`${host.api}/logout?scope=global`, {
        method: 'POST',
        headers: { authorization: `Bearer ${third.access_token}` },
      });
      expect((await call('GET', `${host.api}/user`, { token: third.access_token })).body.error_code).toBe(
        'session_not_found',
      );
    });
  });

  describe('the user', () => {
    it('PUT /user merges data into user_metadata and publishes auth.user-changed', async () => {
      const { session, userId } = await signedIn();
      const res = await call('PUT', `${host.api}/user`, {
        token: session.access_token,
        body: { data: { name: 'Patricia', theme: 'dark' } },
      });
      expect(res.status).toBe(200);
      expect(res.body.user_metadata).toEqual({ name: 'Patricia', theme: 'dark' });
      const removed = await call('PUT', `${host.api}/user`, {
        token: session.access_token,
        body: { data: { theme: null } },
      });
      expect(removed.body.user_metadata).toEqual({ name: 'Patricia' });
      const tooShort = await call('PUT', `${host.api}/user`, {
        token: session.access_token,
        body: { data: { name: 'P' } },
      });
      expect(tooShort.body.error_code).toBe('validation_failed');
      await waitFor(
        () =>
          host.userEvents
            .filter((e) => e.userId === userId)
            .map((e) => e.change)
            .join() === 'created,confirmed,updated,updated',
      );
    });

    it('DELETE /user removes the account and everything with it, and publishes deleted', async () => {
      const { session, userId, email } = await signedIn();
      const del = await fetch(`${host.api}/user`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(del.status).toBe(204);
      expect((await call('GET', `${host.api}/user`, { token: session.access_token })).status).toBe(403);
      const signIn = await call('POST', `${host.api}/token?grant_type=password`, {
        body: { email, password: PASSWORD },
      });
      expect(signIn.body.error_code).toBe('invalid_credentials');
      await waitFor(() => host.userEvents.some((e) => e.userId === userId && e.change === 'deleted'));
      const { rows } = await host.runtime.db.query(
        'SELECT count(*)::int AS n FROM auth.sessions WHERE user_id = $1',
        [userId],
      );
      expect(rows[0]).toEqual({ n: 0 });
    });

    it('stores secrets hashed: no refresh or confirmation token appears in the database', async () => {
      const email = freshEmail('hashed');
      await call('POST', `${host.api}/signup`, { body: { email, password: PASSWORD } });
      const token = tokenOf((await host.nextEmail(email)).link);
      const verify = await call('POST', `${host.api}/verify`, {
        body: { type: 'signup', token_hash: token },
      });
      const dump = JSON.stringify(
        (
          await host.runtime.db.query(
            'SELECT u.encrypted_password, r.token_hash FROM auth.users u JOIN auth.sessions s ON s.user_id = u.id JOIN auth.refresh_tokens r ON r.session_id = s.id WHERE u.email = $1',
            [email],
          )
        ).rows,
      );
      expect(dump).not.toContain(verify.body.refresh_token);
      expect(dump).not.toContain(PASSWORD);
      expect(dump).toContain('$argon2id$v=19$m=19456,t=2,p=1$');
    });
  });
});

describeAdapter('auth-api-token-redirect', 'postgres', postgresAvailability(), () => {
  let host: AuthHost;
  beforeAll(async () => {
    host = await startAuthHost({ config: testConfig({ verifyRedirect: 'token' }) });
  });
  afterAll(() => host?.close());

  it('with AUTH_VERIFY_REDIRECT=token, GET /verify hands the unused token to the web app as ?token=…&type=signup (§2)', async () => {
    const email = 'processor@example.com';
    await call('POST', `${host.api}/signup`, { body: { email, password: PASSWORD } });
    const link = directVerifyLink(host, tokenOf((await host.nextEmail(email)).link), 'signup');
    const res = await fetch(link, { redirect: 'manual' });
    const landing = new URL(res.headers.get('location') as string);
    expect(landing.origin).toBe('http://site.test');
    expect(landing.searchParams.get('type')).toBe('signup');
    // The web app's token processor then calls verifyOtp({ type, token_hash }), which signs in.
    const verified = await call('POST', `${host.api}/verify`, {
      body: { type: 'signup', token_hash: landing.searchParams.get('token') },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user.email_confirmed_at).toEqual(expect.any(String));
  });
});
