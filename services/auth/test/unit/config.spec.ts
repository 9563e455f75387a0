import { ConfigError, parseConfig } from '@pt/platform';
import {
  assertProductionReady,
  authEnvSchema,
  DEV_PASSWORD_PEPPER,
  loadAuthConfig,
  toAuthConfig,
  authConfigSchema,
} from '../../src/config';

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

  describe('in production (NODE_ENV=production)', () => {
    const PRODUCTION = {
      NODE_ENV: 'production',
      AUTH_EXTERNAL_URL: 'https://shop.example/auth/v1',
      AUTH_PASSWORD_PEPPER: 'a production secret of our own',
      AUTH_KEY_ENCRYPTION_KEY: 'a key-encryption secret of 32+ chars',
    };
    const variablesOf = (run: () => unknown): string[] => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as Error).message).toMatch(/NODE_ENV=production/);
        return (error as ConfigError).problems.map((p) => p.variable).sort();
      }
      return [];
    };

    it('starts with AUTH_EXTERNAL_URL and a pepper of its own', () => {
      expect(loadAuthConfig(PRODUCTION)).toMatchObject({
        production: true,
        externalUrl: 'https://shop.example/auth/v1',
      });
    });

    it('refuses to start without AUTH_EXTERNAL_URL', () => {
      expect(variablesOf(() => loadAuthConfig({ ...PRODUCTION, AUTH_EXTERNAL_URL: '' }))).toEqual([
        'AUTH_EXTERNAL_URL',
      ]);
    });

    it('refuses to start with the default pepper', () => {
      expect(variablesOf(() => loadAuthConfig({ ...PRODUCTION, AUTH_PASSWORD_PEPPER: undefined }))).toEqual([
        'AUTH_PASSWORD_PEPPER',
      ]);
      expect(
        variablesOf(() => loadAuthConfig({ ...PRODUCTION, AUTH_PASSWORD_PEPPER: DEV_PASSWORD_PEPPER })),
      ).toEqual(['AUTH_PASSWORD_PEPPER']);
    });

    it('refuses to start without AUTH_JWT_PRIVATE_KEY or AUTH_KEY_ENCRYPTION_KEY', () => {
      expect(variablesOf(() => loadAuthConfig({ ...PRODUCTION, AUTH_KEY_ENCRYPTION_KEY: '' }))).toEqual([
        'AUTH_KEY_ENCRYPTION_KEY',
      ]);
      expect(
        loadAuthConfig({ ...PRODUCTION, AUTH_KEY_ENCRYPTION_KEY: '', AUTH_JWT_PRIVATE_KEY: '{"kty":"EC"}' })
          .production,
      ).toBe(true);
    });

    it('names every one, in the boot check of the whole process environment too', () => {
      expect(variablesOf(() => parseConfig(authEnvSchema, { NODE_ENV: 'production' }))).toEqual([
        'AUTH_EXTERNAL_URL',
        'AUTH_KEY_ENCRYPTION_KEY',
        'AUTH_PASSWORD_PEPPER',
      ]);
    });

    it('checks a configuration built elsewhere once production is known', () => {
      const dev = toAuthConfig(parseConfig(authConfigSchema, {}));
      expect(() => assertProductionReady(dev)).not.toThrow();
      expect(variablesOf(() => assertProductionReady({ ...dev, production: true }))).toEqual([
        'AUTH_EXTERNAL_URL',
        'AUTH_KEY_ENCRYPTION_KEY',
        'AUTH_PASSWORD_PEPPER',
      ]);
    });

    it('keeps the development defaults outside production', () => {
      expect(loadAuthConfig({ NODE_ENV: 'development' })).toMatchObject({
        production: false,
        pepper: DEV_PASSWORD_PEPPER,
      });
      expect(loadAuthConfig({ NODE_ENV: 'test' }).externalUrl).toBeUndefined();
    });

    it("AUTH_SITE_URL defaults to the host's own PORT", () => {
      expect(loadAuthConfig({ PORT: '19480' }).siteUrl).toBe('http://localhost:19480');
      expect(loadAuthConfig({}).siteUrl).toBe('http://localhost:8080');
      expect(loadAuthConfig({ PORT: '19480', AUTH_SITE_URL: 'https://shop.example' }).siteUrl).toBe(
        'https://shop.example',
      );
    });
  });
});
