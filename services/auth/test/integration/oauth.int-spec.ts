import { describeAdapter, postgresAvailability } from '@pt/testing';
import { call, rawCall, startAuthHost, testConfig, waitFor, type AuthHost } from '../support/auth-host';
import {
  startFakeOAuthProvider,
  type FakeOAuthProvider,
  type FakeProviderKind,
} from '../support/fake-oauth-provider';

const KINDS: FakeProviderKind[] = ['google', 'facebook', 'twitter'];

/** Follows the browser's redirects by hand: /authorize → provider → /callback → site. */
async function signInWith(host: AuthHost, provider: string, redirectTo = 'http://site.test/welcome') {
  const authorize = await fetch(
    `${host.api}/authorize?provider=${provider}&redirect_to=${encodeURIComponent(redirectTo)}`,
    { redirect: 'manual' },
  );
  expect(authorize.status).toBe(302);
  const atProvider = await fetch(authorize.headers.get('location') as string, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callback = await fetch(atProvider.headers.get('location') as string, { redirect: 'manual' });
  expect(callback.status).toBe(303);
  const landing = new URL(callback.headers.get('location') as string);
  return {
    authorizeUrl: new URL(authorize.headers.get('location') as string),
    landing,
    fragment: new URLSearchParams(landing.hash.slice(1)),
  };
}

describeAdapter('auth-oauth', 'postgres', postgresAvailability(), () => {
  const providers = {} as Record<FakeProviderKind, FakeOAuthProvider>;
  let host: AuthHost;

  beforeAll(async () => {
    for (const kind of KINDS) providers[kind] = await startFakeOAuthProvider(kind);
    const env = Object.assign({}, ...KINDS.map((kind) => providers[kind].env)) as Record<string, string>;
    host = await startAuthHost({ config: testConfig({}, env) });
  });
  afterAll(async () => {
    await host?.close();
    for (const kind of KINDS) await providers[kind]?.close();
  });

  it.each(KINDS)(
    'signs in with %s against the configured provider and lands on the site with a session',
    async (kind) => {
      const provider = providers[kind];
      provider.next = {
        account: { id: `${kind}-42`, email: `${kind}.person@example.com`, name: `A ${kind} person` },
      };
      const { authorizeUrl, landing, fragment } = await signInWith(host, kind);

      expect(authorizeUrl.origin).toBe(provider.url);
      expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${host.api}/callback`);
      // PKCE where the provider supports it (Google, Twitter); Facebook uses its client secret only.
      expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe(
        kind === 'facebook' ? null : 'S256',
      );
      const tokenCall = provider.calls.filter((c) => c.endpoint === 'token').at(-1);
      expect(Boolean(tokenCall?.params.code_verifier)).toBe(kind !== 'facebook');

      expect(`${landing.origin}${landing.pathname}`).toBe('http://site.test/welcome');
      expect(fragment.get('token_type')).toBe('bearer');
      const me = await call('GET', `${host.api}/user`, { token: fragment.get('access_token') as string });
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(`${kind}.person@example.com`);
      expect(me.body.email_confirmed_at).toEqual(expect.any(String));
      expect(me.body.app_metadata).toMatchObject({ provider: kind, providers: [kind] });
      expect(me.body.user_metadata).toMatchObject({ name: `A ${kind} person` });
      expect(me.body.identities).toEqual([expect.objectContaining({ provider: kind, id: `${kind}-42` })]);

      // The refresh token of an OAuth session rotates like any other.
      const refreshed = await call('POST', `${host.api}/token?grant_type=refresh_token`, {
        body: { refresh_token: fragment.get('refresh_token') },
      });
      expect(refreshed.status).toBe(200);
    },
  );

  it('signs the same provider account in to the same user the second time', async () => {
    providers.google.next = { account: { id: 'google-same', email: 'same@example.com', name: 'Same' } };
    const first = await signInWith(host, 'google');
    const second = await signInWith(host, 'google');
    const a = await call('GET', `${host.api}/user`, { token: first.fragment.get('access_token') as string });
    const b = await call('GET', `${host.api}/user`, { token: second.fragment.get('access_token') as string });
    expect(b.body.id).toBe(a.body.id);
    await waitFor(() => host.userEvents.some((e) => e.userId === a.body.id && e.change === 'created'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(host.userEvents.filter((e) => e.userId === a.body.id && e.change === 'created')).toHaveLength(1);
  });

  it('links a provider to the password account with the same verified email, confirming it and dropping a password nobody proved', async () => {
    const email = 'prehijack@example.com';
    const signup = await call('POST', `${host.api}/signup`, {
      body: { email, password: 'attacker-set-pass' },
    });
    expect(signup.status).toBe(200);
    providers.twitter.next = { account: { id: 'tw-owner', email, name: 'Owner' } };
    const { fragment } = await signInWith(host, 'twitter');
    const me = await call('GET', `${host.api}/user`, { token: fragment.get('access_token') as string });
    expect(me.body.id).toBe(signup.body.id);
    expect(me.body.app_metadata.providers).toEqual(['email', 'twitter']);
    const withOldPassword = await call('POST', `${host.api}/token?grant_type=password`, {
      body: { email, password: 'attacker-set-pass' },
    });
    expect(withOldPassword.body.error_code).toBe('invalid_credentials');
  });

  it('refuses an account whose email the provider has not verified', async () => {
    providers.google.next = {
      account: { id: 'g-unverified', email: 'unverified@example.com', emailVerified: false },
    };
    const { landing, fragment } = await signInWith(host, 'google');
    expect(landing.origin).toBe('http://site.test');
    expect(fragment.get('access_token')).toBeNull();
    expect(fragment.get('error_code')).toBe('email_not_confirmed');
  });

  it('reports a refused consent back to the site in the fragment', async () => {
    providers.facebook.next = { account: { id: 'fb-x', email: 'x@example.com' }, deny: true };
    const { fragment } = await signInWith(host, 'facebook');
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_code')).toBe('bad_oauth_callback');
    providers.facebook.next = { account: { id: 'fb-x', email: 'x@example.com' } };
  });

  it('rejects a callback with an unknown or replayed state', async () => {
    const first = await fetch(`${host.api}/authorize?provider=google`, { redirect: 'manual' });
    const atProvider = await fetch(first.headers.get('location') as string, { redirect: 'manual' });
    const callbackUrl = atProvider.headers.get('location') as string;
    expect((await fetch(callbackUrl, { redirect: 'manual' })).status).toBe(303);
    const replay = await fetch(callbackUrl, { redirect: 'manual' });
    expect(
      new URLSearchParams(new URL(replay.headers.get('location') as string).hash.slice(1)).get('error_code'),
    ).toBe('bad_oauth_state');
  });

  it('redirects an unexpected failure to the site with error=server_error, not a JSON 500', async () => {
    // A profile Postgres cannot store (NUL in the name) makes the sign-in fail past the provider.
    providers.google.next = {
      account: { id: 'g-broken', email: 'broken@example.com', name: 'Bro\u0000ken' },
    };
    const { landing, fragment } = await signInWith(host, 'google');
    expect(`${landing.origin}${landing.pathname}`).toBe('http://site.test/welcome');
    expect(fragment.get('error')).toBe('server_error');
    expect(fragment.get('access_token')).toBeNull();
  });

  it('never redirects to a site that is not allowed', async () => {
    providers.google.next = { account: { id: 'g-redirect', email: 'redirect@example.com' } };
    const { landing } = await signInWith(host, 'google', 'https://evil.test/steal');
    expect(landing.origin).toBe('http://site.test');
  });

  it('reports providers as enabled in /settings and refuses a disabled or unknown one', async () => {
    const settings = await call('GET', `${host.api}/settings`);
    expect(settings.body.external).toMatchObject({
      email: true,
      google: true,
      facebook: true,
      twitter: true,
    });
    const unknown = await call('GET', `${host.api}/authorize?provider=myspace`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error_code).toBe('validation_failed');
  });
});

/** GoTrue's GET /settings, as auth-js clients read it: which sign-in methods the site offers. */
const settingsWith = (enabled: Partial<Record<FakeProviderKind, boolean>>) => ({
  external: {
    email: true,
    phone: false,
    anonymous_users: false,
    google: false,
    facebook: false,
    twitter: false,
    ...enabled,
  },
  disable_signup: false,
  mailer_autoconfirm: false,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
});

/** How a browser opens a link (Fetch Metadata and Accept of a top-level navigation). */
const NAVIGATION = { 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describeAdapter('auth-oauth-disabled', 'postgres', postgresAvailability(), () => {
  let host: AuthHost;
  beforeAll(async () => {
    host = await startAuthHost();
  });
  afterAll(() => host?.close());

  it('reports no social provider in /settings when none is configured', async () => {
    const settings = await call('GET', `${host.api}/settings`);
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual(settingsWith({}));
  });

  it('answers an API client asking for a provider without a client id with the JSON error', async () => {
    const res = await call('GET', `${host.api}/authorize?provider=google`, {
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('provider_disabled');
  });

  it.each([
    ['a disabled provider', 'google', 'provider_disabled', 'Unsupported provider: provider is not enabled'],
    [
      'an unknown provider',
      'myspace',
      'validation_failed',
      'Unsupported provider: Provider myspace could not be found',
    ],
  ])(
    'sends a browser asking for %s back to the site with the error in the fragment',
    async (_case, provider, code, description) => {
      const redirectTo = 'http://site.test/after';
      const res = await rawCall(
        'GET',
        `${host.api}/authorize?provider=${provider}&redirect_to=${encodeURIComponent(redirectTo)}`,
        { headers: NAVIGATION },
      );
      expect(res.status).toBe(302);
      const landing = new URL(res.headers.location as string);
      expect(`${landing.origin}${landing.pathname}`).toBe(redirectTo);
      const fragment = new URLSearchParams(landing.hash.slice(1));
      expect(Object.fromEntries(fragment)).toEqual({
        error: 'invalid_request',
        error_code: code,
        error_description: description,
      });
    },
  );

  it('never sends the browser to a site that is not allowed with the error', async () => {
    const res = await rawCall(
      'GET',
      `${host.api}/authorize?provider=google&redirect_to=${encodeURIComponent('https://evil.test/x')}`,
      { headers: { accept: 'text/html' } },
    );
    expect(res.status).toBe(302);
    expect(new URL(res.headers.location as string).origin).toBe('http://site.test');
  });
});

describeAdapter('auth-oauth-one-provider', 'postgres', postgresAvailability(), () => {
  let google: FakeOAuthProvider;
  let host: AuthHost;
  beforeAll(async () => {
    google = await startFakeOAuthProvider('google');
    host = await startAuthHost({ config: testConfig({}, google.env) });
  });
  afterAll(async () => {
    await host?.close();
    await google?.close();
  });

  it('reports only the configured provider in /settings and starts only its sign-in', async () => {
    const settings = await call('GET', `${host.api}/settings`);
    expect(settings.body).toEqual(settingsWith({ google: true }));
    const toGoogle = await rawCall('GET', `${host.api}/authorize?provider=google`, { headers: NAVIGATION });
    expect(new URL(toGoogle.headers.location as string).origin).toBe(google.url);
    const toTwitter = await rawCall('GET', `${host.api}/authorize?provider=twitter`, {
      headers: NAVIGATION,
    });
    expect(new URL(toTwitter.headers.location as string).hash).toContain('error_code=provider_disabled');
  });
});
