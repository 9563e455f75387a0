/// <reference lib="dom" />
import type { Page, Request } from 'playwright-core';
import { ProductSchema } from '@pt/contracts';
import { chromiumAvailability } from '@pt/testing';
import { setSetting } from './support/admin-settings';
import {
  ADMIN_EMAIL,
  HOOK_TIMEOUT_MS,
  newPage,
  registerAndConfirm,
  startWebHarness,
  type WebHarness,
} from './support/web-host';

/**
 * What a shopper reads on the home, search and compare screens when things go well and when they
 * do not: no service health on the home page, outages and rate limits in the spec's words (§8)
 * with when to retry, a new results page that starts at its top, best value across currencies.
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

const SEARCH_API = '**/api/v1/search?*';
const results = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
const errorAlert = (page: Page) => page.getByRole('alert').filter({ hasText: 'Something went wrong' });

describeWithBrowser(`shopper screens${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  let h: WebHarness;
  let admin: Page | undefined;
  beforeAll(async () => {
    h = await startWebHarness();
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    if (admin) await setSetting(admin, 'maintenance_mode', false);
    await h?.close();
  }, HOOK_TIMEOUT_MS);

  it('the home page is for shoppers: no service health, the samples inspire an empty search instead', async () => {
    const page = await newPage(h);
    const requested: string[] = [];
    page.on('request', (r: Request) => requested.push(new URL(r.url()).pathname));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Compare prices across marketplaces' }).waitFor();
    // The live sections have loaded: the home page is done asking the API.
    await page
      .getByRole('list', { name: 'Deals' })
      .getByRole('listitem')
      .first()
      .waitFor({ timeout: 30_000 });
    const text = (await page.getByRole('main').textContent()) ?? '';
    for (const health of ['Checking service', 'Service online', 'Service unavailable'])
      expect(text).not.toContain(health);
    expect(requested).not.toContain('/healthz');
    expect(await page.getByRole('list', { name: 'Sample products' }).count()).toBe(0);

    // Before a first search, the search page offers the 9 samples (§3) as ideas.
    await page.goto('/search');
    await page.getByRole('heading', { name: 'Ideas to start with' }).waitFor();
    expect(await page.getByRole('list', { name: 'Sample products' }).getByRole('listitem').count()).toBe(9);
    await page.context().close();
  });

  it('a search the API cannot answer says the service is unavailable (not "Failed to fetch") and retries', async () => {
    const page = await newPage(h);
    await page.route(SEARCH_API, (route) => route.abort('connectionrefused'));
    await page.goto('/search?q=headphones');
    const alert = errorAlert(page);
    await alert.getByText('The service is unavailable right now. Please try again in a moment.').waitFor({
      timeout: 20_000,
    });
    expect(await alert.textContent()).not.toContain('Failed to fetch');
    await page.unroute(SEARCH_API);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await results(page).first().waitFor({ timeout: 30_000 });
    await page.context().close();
  });

  it('a rate-limited search says §8 text and when to retry, from Retry-After', async () => {
    const page = await newPage(h);
    await page.route(SEARCH_API, (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '30', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          error: { code: 'rate_limited', message: 'Too many requests. Please wait before trying again.' },
        }),
      }),
    );
    await page.goto('/search?q=lamp');
    await errorAlert(page)
      .getByText('Too many requests. Please wait before trying again. Try again in 30 seconds.')
      .waitFor({ timeout: 20_000 });
    await page.context().close();
  });

  it('with one marketplace ticked, only the other choosable one is "not searched"', async () => {
    const page = await newPage(h);
    await page.goto('/search?q=headphones&marketplace=ebay');
    await results(page).first().waitFor({ timeout: 30_000 });
    const status = page.getByRole('status', { name: 'Marketplace status' });
    await status.getByText('AliExpress was not searched.').waitFor();
    const said = (await status.textContent()) ?? '';
    expect(said).not.toContain('Amazon');
    expect(said).not.toContain('Walmart');
    await page.context().close();
  });

  it('"Next page" starts the new page at the results heading, with focus on it', async () => {
    const page = await newPage(h);
    await page.goto('/search?q=headphones');
    await results(page).first().waitFor({ timeout: 30_000 });
    const next = page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: 'Next page' });
    await next.scrollIntoViewIfNeeded();
    await next.click();
    await page
      .getByTestId('result-count')
      .getByText(/page 2 of/)
      .waitFor({ timeout: 30_000 });
    // The new page's first result is on screen, not above the window (where the old page's bottom was).
    const viewport = await page.evaluate(() => window.innerHeight);
    const first = await results(page).first().boundingBox();
    expect(first?.y).toBeGreaterThanOrEqual(0);
    expect(first?.y).toBeLessThan(viewport);
    const heading = await page.evaluate(() => {
      const el = document.getElementById('search-results-heading');
      return { focused: document.activeElement === el, top: el?.getBoundingClientRect().top ?? Number.NaN };
    });
    expect(heading.focused).toBe(true);
    expect(heading.top).toBeGreaterThanOrEqual(0);
    expect(heading.top).toBeLessThan(viewport / 4);
    await page.context().close();
  });

  it('compare picks the best value by landed cost in the shopper currency (Brasil)', async () => {
    // §9 rates: BRL 100 ≈ USD 19.88, so the BRL listing is the better buy; a raw sum says USD 50.
    const brl = ProductSchema.parse({
      id: 'sample-brl-lamp',
      title: 'Luminária de mesa',
      price: 90,
      shippingCost: 10,
      currency: 'BRL',
      marketplace: 'aliexpress',
    });
    const usd = ProductSchema.parse({
      id: 'sample-usd-lamp',
      title: 'Desk lamp',
      price: 45,
      shippingCost: 5,
      currency: 'USD',
      marketplace: 'ebay',
    });
    const page = await newPage(h, {
      storage: {
        selectedRegion: 'br',
        manualRegion: 'true',
        regionTimestamp: String(Date.now()),
        pt_compare_list: JSON.stringify([usd, brl]),
      },
    });
    await page.goto('/compare');
    const best = page.getByTestId('compare-column').filter({ has: page.getByTestId('best-value') });
    await best.waitFor();
    expect(await best.getByRole('link').textContent()).toBe(brl.title);
    // The landed totals the page shows are in reais, and the winner's is the lower one.
    const landed = page.getByRole('row', { name: /^Landed total/ }).getByRole('cell');
    const totals = (await landed.allTextContents()).map((t) => Number(t.replace(/[^0-9.]/g, '')));
    expect(await landed.first().textContent()).toMatch(/BRL|R\$/);
    expect(totals[1]).toBeLessThan(totals[0]!);
    await page.context().close();
  });

  it('during maintenance a shopper gets the maintenance screen and an admin the app with a banner', async () => {
    admin = await newPage(h);
    await registerAndConfirm(h, admin, ADMIN_EMAIL, 'Ada Admin');
    const visitor = await newPage(h);
    await visitor.goto('/');
    await visitor.getByRole('heading', { name: 'Compare prices across marketplaces' }).waitFor();

    await setSetting(admin, 'maintenance_mode', true);
    await visitor.getByRole('heading', { name: "We'll be right back" }).waitFor({ timeout: 10_000 });
    const banner = admin.getByTestId('maintenance-banner');
    await banner.getByText('Maintenance mode is on.').waitFor({ timeout: 10_000 });
    // A fresh page load of the admin learns it too (the stream's first event), in the full app.
    await admin.goto('/deals');
    await admin.getByRole('navigation', { name: 'Main' }).waitFor();
    await banner.getByText('Maintenance mode is on.').waitFor({ timeout: 10_000 });
    expect(await visitor.getByTestId('maintenance-banner').count()).toBe(0);

    await setSetting(admin, 'maintenance_mode', false);
    await banner.waitFor({ state: 'detached', timeout: 10_000 });
    await visitor
      .getByRole('heading', { name: 'Compare prices across marketplaces' })
      .waitFor({ timeout: 10_000 });
    await visitor.context().close();
  });
});
