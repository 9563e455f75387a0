import type { ProviderConfig } from '../../src/config';
import { authorizationUrl, PROVIDER_SPECS } from '../../src/services/oauth-providers';

describe('provider profiles', () => {
  it.each([
    [
      'google',
      { sub: 'g1', email: 'a@x.com', email_verified: true, name: 'A', picture: 'p' },
      { providerId: 'g1', email: 'a@x.com', emailVerified: true, name: 'A', avatarUrl: 'p' },
    ],
    [
      'google',
      { sub: 'g2', email: 'b@x.com', email_verified: false },
      { providerId: 'g2', email: 'b@x.com', emailVerified: false },
    ],
    [
      'facebook',
      { id: 123, name: 'F', email: 'f@x.com', picture: { data: { url: 'u' } } },
      { providerId: '123', email: 'f@x.com', emailVerified: true, name: 'F', avatarUrl: 'u' },
    ],
    ['facebook', { id: '9', name: 'No Mail' }, { providerId: '9', email: undefined, emailVerified: false }],
    [
      'twitter',
      { data: { id: 't1', name: 'T', username: 'tee', confirmed_email: 't@x.com' } },
      { providerId: 't1', email: 't@x.com', emailVerified: true, name: 'T' },
    ],
    [
      'twitter',
      { data: { id: 't2', username: 'anon' } },
      { providerId: 't2', email: undefined, emailVerified: false, name: 'anon' },
    ],
  ] as const)('%s: %j', (provider, body, expected) => {
    expect(PROVIDER_SPECS[provider].toProfile(body)).toMatchObject(expected);
  });

  it('uses PKCE with Google and Twitter, and HTTP Basic client auth with Google and Twitter', () => {
    expect(PROVIDER_SPECS.google).toMatchObject({ pkce: true, clientAuth: 'basic' });
    expect(PROVIDER_SPECS.facebook).toMatchObject({ pkce: false, clientAuth: 'body' });
    expect(PROVIDER_SPECS.twitter).toMatchObject({ pkce: true, clientAuth: 'basic' });
  });

  it('sends the browser to the configured authorize URL, with the S256 PKCE challenge of RFC 7636 appendix B', () => {
    const provider = {
      name: 'google',
      clientId: 'client-1',
      clientSecret: 'secret',
      authorizeUrl: 'http://127.0.0.1:9/authorize',
      tokenUrl: 'http://127.0.0.1:9/token',
      userinfoUrl: 'http://127.0.0.1:9/userinfo',
    } satisfies ProviderConfig;
    const params = { state: 's1', redirectUri: 'http://auth.test/callback' };
    const url = new URL(
      authorizationUrl(provider, PROVIDER_SPECS.google, {
        ...params,
        codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:9/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: 'http://auth.test/callback',
      state: 's1',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    });
    const withoutPkce = new URL(
      authorizationUrl(provider, PROVIDER_SPECS.facebook, { ...params, codeVerifier: null }),
    );
    expect(withoutPkce.searchParams.has('code_challenge')).toBe(false);
    expect(withoutPkce.searchParams.get('scope')).toBe('email public_profile');
  });
});
