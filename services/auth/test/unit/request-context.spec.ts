import type { Request } from 'express';
import { externalBaseUrl, type ExternalUrlConfig } from '../../src/http/request-context';

/** A request as the auth service sees it behind the gateway. */
const request = (headers: Record<string, string>, protocol = 'http'): Request =>
  ({
    protocol,
    header: (name: string) => headers[name.toLowerCase()],
  }) as unknown as Request;

const dev: ExternalUrlConfig = {
  siteUrl: 'https://shop.example/app',
  redirectAllowList: ['http://app.test:5173', 'not a url'],
  production: false,
};
const production: ExternalUrlConfig = { ...dev, production: true };

describe('externalBaseUrl (links in emails, OAuth redirect_uri)', () => {
  it.each([
    [
      'the site origin',
      { 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' },
      'https://shop.example',
    ],
    ['an allow-listed origin', { host: 'app.test:5173' }, 'http://app.test:5173'],
    ['localhost on any port', { host: 'localhost:8080' }, 'http://localhost:8080'],
    ['127.0.0.1 on any port', { 'x-forwarded-host': '127.0.0.1:41234' }, 'http://127.0.0.1:41234'],
    ['an attacker Host', { host: 'attacker.example' }, 'https://shop.example'],
    [
      'an attacker X-Forwarded-Host',
      { host: 'localhost:8080', 'x-forwarded-host': 'attacker.example' },
      'https://shop.example',
    ],
    ['the site host over the wrong scheme', { host: 'shop.example' }, 'https://shop.example'],
    ['an allow-listed host on another port', { host: 'app.test:5174' }, 'https://shop.example'],
    ['user info smuggled into the host', { host: 'attacker.example@localhost:8080' }, 'https://shop.example'],
    ['a path smuggled into the host', { host: 'localhost:8080/@attacker.example' }, 'https://shop.example'],
    [
      'a proto that is not http(s)',
      { host: 'localhost:8080', 'x-forwarded-proto': 'javascript' },
      'http://localhost:8080',
    ],
    ['no host at all', {}, 'https://shop.example'],
  ])('outside production, %s → %s', (_name, headers, origin) => {
    expect(externalBaseUrl(request(headers), dev)).toBe(`${origin}/auth/v1`);
  });

  it('in production, loopback origins are not allowed either', () => {
    expect(externalBaseUrl(request({ host: 'localhost:8080' }), production)).toBe(
      'https://shop.example/auth/v1',
    );
    expect(externalBaseUrl(request({ host: 'app.test:5173' }), production)).toBe(
      'http://app.test:5173/auth/v1',
    );
  });

  it('AUTH_EXTERNAL_URL wins over any header', () => {
    const configured = { ...production, externalUrl: 'https://api.shop.example/auth/v1' };
    expect(externalBaseUrl(request({ host: 'attacker.example' }), configured)).toBe(
      'https://api.shop.example/auth/v1',
    );
    expect(externalBaseUrl(request({ host: 'shop.example' }, 'https'), configured)).toBe(
      'https://api.shop.example/auth/v1',
    );
  });
});
