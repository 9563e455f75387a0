import { PROVIDER_SPECS } from '../../src/services/oauth-providers';

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

  it('uses PKCE with Google and Twitter, and HTTP Basic client auth with Twitter', () => {
    expect(PROVIDER_SPECS.google).toMatchObject({ pkce: true, clientAuth: 'body' });
    expect(PROVIDER_SPECS.facebook).toMatchObject({ pkce: false, clientAuth: 'body' });
    expect(PROVIDER_SPECS.twitter).toMatchObject({ pkce: true, clientAuth: 'basic' });
  });
});
