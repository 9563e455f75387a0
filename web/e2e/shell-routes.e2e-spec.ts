/// <reference lib="dom" />
import { chromiumAvailability } from '@pt/testing';
import { newPage, startWebHarness, type WebHarness, HOOK_TIMEOUT_MS } from './support/web-host';

const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

describeWithBrowser(`app shell routes${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  let h: WebHarness;
  beforeAll(async () => {
    h = await startWebHarness();
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await h?.close();
  }, HOOK_TIMEOUT_MS);

  // Every route of ROUTE_HEADINGS renders its page: checked on the same visit as its axe scans
  // (accessibility.e2e-spec.ts), which costs a page load per route instead of two.

  it.each([
    ['/marketplace', '/marketplace/amazon'],
    ['/pro-search', '/pro/search'],
    ['/category', '/categories'],
  ])('%s redirects with replace to %s (§2)', async (from, to) => {
    const page = await newPage(h);
    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'Privacy policy' }).waitFor();
    await page.goto(from);
    await page.waitForURL((url) => url.pathname === to);
    // replace: going back skips the redirecting entry and lands on the page before it.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/privacy');
    await page.context().close();
  });

  it('admin routes ask anonymous users to sign in (§2 /admin/*)', async () => {
    const page = await newPage(h);
    await page.goto('/admin/pricing');
    await page.getByText('Sign in with an administrator account to continue.').waitFor();
    await page.context().close();
  });

  it('shows the landing page at /beta with its parts (§2 beta landing page)', async () => {
    const page = await newPage(h);
    await page.goto('/beta');
    for (const title of ['Lightning Fast', 'Trusted & Secure', 'Smart Savings', 'Limited Beta Access'])
      await page.getByRole('heading', { name: title }).waitFor();
    // Inside the app's layout the page is one page: one header with one "Sign In", one main.
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign In' }).count()).toBe(1);
    expect(await page.locator('header').count()).toBe(1);
    expect(await page.locator('main').count()).toBe(1);
    await page
      .getByText(/save up to 40%/i)
      .first()
      .waitFor();
    await page
      .getByText(/millions of products/i)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Get Beta Access Free' }).click();
    await page.getByRole('dialog', { name: 'Create an account' }).waitFor();
    await page.context().close();
  });

  it('stores the cookie choice and does not ask again', async () => {
    const page = await newPage(h, { consent: false });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('pt_cookie_consent'))).toBe('accepted');
    await page.reload();
    await page.getByRole('heading', { name: 'Compare prices across marketplaces' }).waitFor();
    expect(await banner.count()).toBe(0);
    await page.context().close();
  });

  it('serves a web app manifest and registers the service worker on load (§4)', async () => {
    const page = await newPage(h);
    await page.goto('/');
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { name: string };
    expect(manifest.name).toBe('Price Tracker');
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.scope;
    });
    expect(scope).toBe(`${h.url}/`);
    await page.context().close();
  });
});
