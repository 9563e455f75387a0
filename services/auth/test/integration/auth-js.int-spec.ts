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
  eventually,
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

/**
 * The unmodified @supabase/auth-js client, pointed at the gateway of the
 * embedded host (every service in one process), on a fresh Postgres database, with the
 * confirmation email going through alert-notifier's consumer and SMTP into a sink.
 */
describeAdapter('auth-js', 'postgres', postgresAvailability(), () => {
  let pg: TestPostgres;
  let sink: SmtpSink;
  let host: EmbeddedHost;
  let dataDir: string;
  /** The web app this host serves: its own address, the site every mailed link opens. */
  const site = () => `${host.url}/`;
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

  /** The link in the newest mail with this subject: it opens the web app with token and type (§2). */
  const mailedLink = async (email: string, subject = 'Confirm your email'): Promise<URL> => {
    const mail = await sink.waitFor((m) => m.envelope.to.includes(email) && m.subject === subject, 10_000);
    const link = /(https?:\/\/\S+[?&]token=\S+)/.exec(mail.text)?.[1];
    if (!link) throw new Error(`no link in: ${mail.text}`);
    return new URL(link);
  };
  const confirmationLink = (email: string) => mailedLink(email);

  it('signs up, confirms by the emailed link, signs in, reads and updates the user, refreshes and signs out', async () => {
    const auth = newClient();
    const email = 'shopper@example.com';
    const password = 'a long passphrase';

    const signUp = await auth.signUp({
      email,
      password,
      options: { data: { name: 'Sam Shopper' }, emailRedirectTo: site() },
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

    // The mailed link opens the web app's token processor, which confirms with POST /verify.
    const link = await confirmationLink(email);
    expect(`${link.origin}/`).toBe(site());
    expect(link.searchParams.get('type')).toBe('signup');
    const tokenHash = link.searchParams.get('token') as string;
    const verified = await newClient().verifyOtp({ type: 'signup', token_hash: tokenHash });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toEqual(expect.any(String));
    // Single use: the same link a second time is refused.
    const again = await newClient().verifyOtp({ type: 'signup', token_hash: tokenHash });
    expect(again.error?.code).toBe('otp_expired');

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

  it('recovers a password through the mail and changes it (resetPasswordForEmail, verifyOtp, updateUser)', async () => {
    const email = 'forgetful@example.com';
    const password = 'the first passphrase';
    const first = newClient();
    expect((await first.signUp({ email, password })).error).toBeNull();
    const confirm = await confirmationLink(email);
    expect(
      (await first.verifyOtp({ type: 'signup', token_hash: confirm.searchParams.get('token') as string }))
        .error,
    ).toBeNull();
    // Another device stays signed in meanwhile.
    const other = newClient();
    const otherSession = (await other.signInWithPassword({ email, password })).data.session;
    expect(otherSession).not.toBeNull();
    const adminRoute = `${host.url}/api/v1/admin/pricing/status`;
    const bearer = { authorization: `Bearer ${otherSession?.access_token}` };
    // Signed in but not an admin: 403 (anonymous would be 401).
    expect((await fetch(adminRoute, { headers: bearer })).status).toBe(403);

    const auth = newClient();
    const events: string[] = [];
    auth.onAuthStateChange((event) => void events.push(event));
    // Same answer for an address without an account.
    expect(
      (await auth.resetPasswordForEmail('nobody-here@example.com', { redirectTo: site() })).error,
    ).toBeNull();
    expect((await auth.resetPasswordForEmail(email, { redirectTo: site() })).error).toBeNull();
    const link = await mailedLink(email, 'Reset your password');
    expect(`${link.origin}/`).toBe(site());
    expect(link.searchParams.get('type')).toBe('recovery');
    const recovered = await auth.verifyOtp({
      type: 'recovery',
      token_hash: link.searchParams.get('token') as string,
    });
    expect(recovered.error).toBeNull();
    expect(recovered.data.session).not.toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');

    const weak = await auth.updateUser({ password: 'password' });
    expect(weak.error?.code).toBe('weak_password');
    const changed = await auth.updateUser({ password: 'a new strong passphrase' });
    expect(changed.error).toBeNull();
    expect((await newClient().signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    );
    expect(
      (await newClient().signInWithPassword({ email, password: 'a new strong passphrase' })).error,
    ).toBeNull();
    // The change ended every other session: at auth, and within 5 s at the gateway and services.
    expect((await other.getUser()).error).not.toBeNull();
    await eventually(async () => (await fetch(adminRoute, { headers: bearer })).status === 401, {
      timeoutMs: 5_000,
    });
    // The recovery link was single use.
    const reused = await newClient().verifyOtp({
      type: 'recovery',
      token_hash: link.searchParams.get('token') as string,
    });
    expect(reused.error?.code).toBe('otp_expired');
  });

  it('changes the password with the current one as proof (updateUser current_password)', async () => {
    const email = 'proving@example.com';
    const password = 'the first passphrase';
    const auth = newClient();
    expect((await auth.signUp({ email, password })).error).toBeNull();
    const confirm = await confirmationLink(email);
    expect(
      (await auth.verifyOtp({ type: 'signup', token_hash: confirm.searchParams.get('token') as string }))
        .error,
    ).toBeNull();
    const wrong = await auth.updateUser({ password: 'a second passphrase', current_password: 'not it' });
    expect(wrong.error?.code).toBe('reauthentication_not_valid');
    const changed = await auth.updateUser({ password: 'a second passphrase', current_password: password });
    expect(changed.error).toBeNull();
    expect(
      (await newClient().signInWithPassword({ email, password: 'a second passphrase' })).error,
    ).toBeNull();
  });

  it('reports errors with Supabase codes that the web app maps (§8)', async () => {
    const auth = newClient();
    // A registered address is answered like a new one (its owner's mail is
    // covered in account-takeover.int-spec.ts, where the clock can pass the 60 s email window).
    const taken = await auth.signUp({ email: 'shopper@example.com', password: 'yet another one' });
    expect(taken.error).toBeNull();
    expect(taken.data.session).toBeNull();
    expect(taken.data.user?.identities).toHaveLength(1);

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
      options: { redirectTo: site(), skipBrowserRedirect: true },
    });
    expect(data.url).toBe(
      `${host.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(site())}`,
    );
    const res = await fetch(data.url as string, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'provider_disabled' });
  });
});
