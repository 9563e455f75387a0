import { ConfigError } from '@pt/platform';
import { DEV_PASSWORD_PEPPER, loadAuthConfig } from '../../src/config';

describe('auth configuration', () => {
  it('has working defaults for development', () => {
    const config = loadAuthConfig({});
    expect(config).toMatchObject({
      siteUrl: 'http://localhost:8080',
      pepper: DEV_PASSWORD_PEPPER,
      refreshReuseIntervalS: 10,
      accessTokenTtlS: 3600,
      adminEmails: [],
      providers: {},
      verifyRedirect: 'session',
    });
  });

  it('enables a provider only when it has a client id, with its well-known endpoints unless overridden', () => {
    const config = loadAuthConfig({
      AUTH_GOOGLE_CLIENT_ID: 'g',
      AUTH_GOOGLE_SECRET: 'gs',
      AUTH_TWITTER_CLIENT_ID: 't',
      AUTH_TWITTER_TOKEN_URL: 'http://127.0.0.1:9/token',
      AUTH_FACEBOOK_SECRET: 'no id, so disabled',
    });
    expect(Object.keys(config.providers).sort()).toEqual(['google', 'twitter']);
    expect(config.providers.google?.authorizeUrl).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(config.providers.twitter?.tokenUrl).toBe('http://127.0.0.1:9/token');
  });

  it('reads ADMIN_EMAILS as a lower-cased comma list', () => {
    expect(loadAuthConfig({ ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ' }).adminEmails).toEqual([
      'boss@example.com',
      'ops@example.com',
    ]);
  });

  it('names each invalid variable', () => {
    expect(() =>
      loadAuthConfig({
        AUTH_PASSWORD_PEPPER: 'short',
        AUTH_GOOGLE_TOKEN_URL: 'ftp://x',
        AUTH_REFRESH_REUSE_INTERVAL_S: '-1',
      }),
    ).toThrow(ConfigError);
    try {
      loadAuthConfig({
        AUTH_PASSWORD_PEPPER: 'short',
        AUTH_GOOGLE_TOKEN_URL: 'ftp://x',
        AUTH_REFRESH_REUSE_INTERVAL_S: '-1',
      });
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.variable).sort()).toEqual([
        'AUTH_GOOGLE_TOKEN_URL',
        'AUTH_PASSWORD_PEPPER',
        'AUTH_REFRESH_REUSE_INTERVAL_S',
      ]);
    }
  });
});
