import { appBaseUrl, toNotifierConfig } from '../../src/config';
import { AppLinks } from '../../src/services/app-links';

/** The base of every mailed link, for an environment as a host gives it (and what the host adds later). */
const baseFor = (env: Record<string, string>, later: Record<string, string> = {}) =>
  appBaseUrl(toNotifierConfig(env), { ...env, ...later });

describe(appBaseUrl.name, () => {
  it('follows the PORT the host answers on, as AUTH_SITE_URL does (not a fixed 8080)', () => {
    expect(baseFor({ PORT: '9321' })).toBe('http://localhost:9321');
    expect(baseFor({})).toBe('http://localhost:8080');
  });

  it('takes the URL the embedded host sets once it listens on a port chosen at start (PORT=0)', () => {
    expect(baseFor({ PORT: '0' })).toBe('http://localhost:8080');
    expect(baseFor({ PORT: '0' }, { APP_URL: 'http://localhost:40123' })).toBe('http://localhost:40123');
  });

  it('keeps an APP_URL the operator set (trailing slash dropped); an empty one counts as unset', () => {
    expect(baseFor({ APP_URL: 'https://shop.example/', PORT: '9321' })).toBe('https://shop.example');
    expect(baseFor({ APP_URL: '', PORT: '9321' })).toBe('http://localhost:9321');
  });
});

describe(AppLinks.name, () => {
  const links = new AppLinks(() => 'http://app.test');

  it("links the product page by the id the app's /product/:id route opens, not the bare listing id", () => {
    // The alert stores eBay's listing id "280000000783"; the catalog finds it as "v1|…|0" only.
    expect(links.productPage('ebay', '280000000783')).toBe('http://app.test/product/v1%7C280000000783%7C0');
    expect(links.productPage('ebay', 'v1|280000000783|7')).toBe(
      'http://app.test/product/v1%7C280000000783%7C7',
    );
    expect(links.productPage('aliexpress', '1005006123456789')).toBe(
      'http://app.test/product/aliexpress_1005006123456789',
    );
  });

  it('sends "manage your alerts" to the alerts screen and unsubscribes through a page of the app', () => {
    expect(links.manageAlerts()).toBe('http://app.test/wishlist/alerts');
    expect(links.emailSettings()).toBe('http://app.test/settings');
    expect(links.unsubscribePage('a.b+c')).toBe('http://app.test/unsubscribe?token=a.b%2Bc');
    expect(links.oneClickUnsubscribe('a.b+c')).toBe(
      'http://app.test/api/v1/alerts/unsubscribe?token=a.b%2Bc',
    );
  });
});
