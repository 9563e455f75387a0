import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GoTrueClient, isAuthApiError } from '@supabase/auth-js';
import { embeddedEnvSchema, startEmbedded, type EmbeddedHost } from '@pt/all-in-one';
import { SessionSchema, UserSchema } from '@pt/contracts';
import { parseConfig } from '@pt/platform';
import {
  createTestPostgres,
  describeAdapter,
  postgresAvailability,
  startSmtpSink,
  type SmtpSink,
  type TestPostgres,
} from '@pt/testing';

/** auth-js keeps its session in a storage; Node has no localStorage, so a Map stands in. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const SITE = 'http://localhost:8080/';

/**
 * Issue 6 "done when": the unmodified @supabase/auth-js client, pointed at the gateway of the
 * embedded host (every service in one process), on a fresh Postgres database, with the
 * confirmation email going through alert-notifier's consumer and SMTP into a sink.
 */
describeAdapter('auth-js', 'postgres', postgresAvailability(), () => {
  let pg: TestPostgres;
  let sink: SmtpSink;
  let host: EmbeddedHost;
  let dataDir: string;
  const newClient = () =>
    new GoTrueClient({
      url: `${host.url}/auth/v1`,
      storage: memoryStorage(),
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    });

  beforeAll(async () => {
    pg = await createTestPostgres();
    sink = await startSmtpSink();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-js-'));
    host = await startEmbedded(
      parseConfig(embeddedEnvSchema, {
        DATABASE_URL: pg.url,
        DATA_DIR: dataDir,
        SMTP_URL: sink.url,
        PORT: '0',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
      }),
    );
  });
  afterAll(async () => {
    await host?.close();
    await sink?.close();
    await pg?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const confirmationLink = async (email: string): Promise<string> => {
    const mail = await sink.waitFor(
      (m) => m.envelope.to.includes(email) && m.subject === 'Confirm your email',
      10_000,
    );
    const link = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text)?.[1];
    if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
    return link;
  };

  it('signs up, confirms by the emailed link, signs in, reads and updates the user, refreshes and signs out', async () => {
    const auth = newClient();
    const email = 'shopper@example.com';
    const password = 'a long passphrase';

    const signUp = await auth.signUp({
      email,
      password,
      options: { data: { name: 'Sam Shopper' }, emailRedirectTo: SITE },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({
      email,
      email_confirmed_at: null,
      user_metadata: { name: 'Sam Shopper' },
    });

    // §4: an unconfirmed user cannot sign in.
    const early = await auth.signInWithPassword({ email, password });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(isAuthApiError(early.error)).toBe(true);

    const link = await confirmationLink(email);
    const verified = await fetch(link, { redirect: 'manual' });
    expect(verified.status).toBe(303);
    const landing = new URL(verified.headers.get('location') as string);
    expect(`${landing.origin}/`).toBe(SITE);
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('access_token')).toEqual(expect.any(String));
    // Single use: the same link a second time is refused.
    const again = new URL((await fetch(link, { redirect: 'manual' })).headers.get('location') as string);
    expect(new URLSearchParams(again.hash.slice(1)).get('error_code')).toBe('otp_expired');

    const signIn = await auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(signIn.data.user?.email_confirmed_at).toEqual(expect.any(String));

    const got = await auth.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user).toMatchObject({
      id: signIn.data.user?.id,
      email,
      aud: 'authenticated',
      role: 'user',
    });
    // What the server returns satisfies the shared contracts the web app reads it with (§3).
    expect(UserSchema.parse(got.data.user)).toMatchObject({
      email,
      role: 'user',
      user_metadata: { name: 'Sam Shopper' },
    });
    expect(SessionSchema.safeParse(signIn.data.session).success).toBe(true);

    const updated = await auth.updateUser({ data: { name: 'Samantha' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ name: 'Samantha' });

    // auth-js verifies the asymmetric access token itself, with the JWKS this API publishes.
    const claimsResult = await auth.getClaims();
    expect(claimsResult.error).toBeNull();
    expect(claimsResult.data?.claims).toMatchObject({ sub: signIn.data.user?.id, email });
    expect(claimsResult.data?.header.alg).toBe('ES256');

    const before = (await auth.getSession()).data.session;
    const refreshed = await auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(before?.refresh_token);
    expect(refreshed.data.user?.user_metadata).toMatchObject({ name: 'Samantha' });

    // A service behind the gateway sees the verified user; the token carries the new name.
    const accessToken = refreshed.data.session?.access_token as string;
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      sub: signIn.data.user?.id,
      email,
      role: 'user',
      aud: 'authenticated',
      user_metadata: { name: 'Samantha' },
    });

    const signOut = await auth.signOut();
    expect(signOut.error).toBeNull();
    expect((await auth.getSession()).data.session).toBeNull();
    // The signed-out session's access token no longer reads the user.
    const stale = await newClient().getUser(accessToken);
    expect(stale.error?.name).toBe('AuthSessionMissingError');
    // Nor does its refresh token buy a new one.
    const staleRefresh = await newClient().refreshSession({
      refresh_token: refreshed.data.session?.refresh_token as string,
    });
    expect(staleRefresh.error?.code).toBe('refresh_token_not_found');
  });

  it('rate-limits a second confirmation email to the same address within 60 s, saying "rate limit"', async () => {
    const auth = newClient();
    const email = 'impatient@example.com';
    expect((await auth.signUp({ email, password: 'another passphrase' })).error).toBeNull();
    await confirmationLink(email);
    const first = await auth.resend({ type: 'signup', email });
    const second = await auth.resend({ type: 'signup', email });
    // The sign-up's email went out moments ago: both resends fall within its 60 s.
    for (const result of [first, second]) {
      expect(result.error?.code).toBe('over_email_send_rate_limit');
      expect(result.error?.status).toBe(429);
      expect(result.error?.message).toContain('rate limit');
    }
    expect(sink.messages().filter((m) => m.envelope.to.includes(email))).toHaveLength(1);
  });

  it('reports errors with Supabase codes that the web app maps (§8)', async () => {
    const auth = newClient();
    const taken = await auth.signUp({ email: 'shopper@example.com', password: 'yet another one' });
    expect(taken.error?.code).toBe('user_already_exists');
    expect(taken.error?.message).toContain('already registered');

    const weak = await auth.signUp({ email: 'weak@example.com', password: 'password' });
    expect(weak.error?.name).toBe('AuthWeakPasswordError');
    expect(weak.error).toMatchObject({ code: 'weak_password', status: 422, reasons: ['pwned'] });

    const wrong = await auth.signInWithPassword({
      email: 'shopper@example.com',
      password: 'not the password',
    });
    expect(wrong.error?.code).toBe('invalid_credentials');
  });

  it('gives the OAuth URL of a configured provider (here: none is configured, so it is refused at /authorize)', async () => {
    const { data } = await newClient().signInWithOAuth({
      provider: 'google',
      options: { redirectTo: SITE, skipBrowserRedirect: true },
    });
    expect(data.url).toBe(
      `${host.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(SITE)}`,
    );
    const res = await fetch(data.url as string, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'provider_disabled' });
  });
});
