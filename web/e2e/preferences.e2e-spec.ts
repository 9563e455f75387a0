/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { convertCurrency, formatPrice } from '@pt/domain';
import { chromiumAvailability } from '@pt/testing';
import { newPage, startWebHarness, type WebHarness, HOOK_TIMEOUT_MS } from './support/web-host';

const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

/** The first sample (429.99 USD) in a currency, by the shared rules (§9 fallback rates, formatting). */
function sampleIn(currency: string): string {
  const converted = convertCurrency(429.99, 'USD', currency);
  if (!converted.ok) throw new Error(converted.error);
  return formatPrice(converted.value.convertedAmount, currency);
}

// The sample list of the search page before a first search (the home page's sections load live
// products at their own pace).
const firstPrice = (page: Page) =>
  page.getByRole('list', { name: 'Sample products' }).getByTestId('price').first().textContent();
const proSwitch = (page: Page) => page.getByRole('banner').getByRole('switch', { name: 'Pro Mode' });

async function chooseRegion(page: Page, name: RegExp) {
  await page.getByTestId('region-trigger').click();
  await page.getByRole('menuitemradio', { name }).click();
}

describeWithBrowser(
  `region, theme and Pro Mode${chromium.available ? '' : ` skipped: ${chromium.reason}`}`,
  () => {
    let h: WebHarness;
    beforeAll(async () => {
      h = await startWebHarness();
    }, HOOK_TIMEOUT_MS);
    afterAll(async () => {
      await h?.close();
    }, HOOK_TIMEOUT_MS);

    it('formats prices per region and keeps a manual choice (§3, §4, §9)', async () => {
      const page = await newPage(h);
      await page.goto('/search');
      await page.getByRole('heading', { name: 'Ideas to start with' }).waitFor();
      // Starts from us (nothing stored; a loopback address has no country).
      expect(await firstPrice(page)).toBe('$429.99');
      await chooseRegion(page, /United Kingdom/);
      await page.waitForFunction(() =>
        document
          .querySelector('[aria-label="Sample products"] [data-testid="price"]')
          ?.textContent?.startsWith('£'),
      );
      expect(await firstPrice(page)).toBe(sampleIn('GBP'));
      expect(sampleIn('GBP')).toBe('£339.69');
      const stored = await page.evaluate(() => ({
        region: localStorage.getItem('selectedRegion'),
        manual: localStorage.getItem('manualRegion'),
        at: Number(localStorage.getItem('regionTimestamp')),
      }));
      expect(stored.region).toBe('uk');
      expect(stored.manual).toBe('true');
      expect(Date.now() - stored.at).toBeLessThan(60_000);

      await chooseRegion(page, /Deutschland/);
      await page.waitForFunction(() =>
        document
          .querySelector('[aria-label="Sample products"] [data-testid="price"]')
          ?.textContent?.startsWith('€'),
      );
      expect(await firstPrice(page)).toBe(sampleIn('EUR'));
      await chooseRegion(page, /日本/);
      await page.waitForFunction(() =>
        document
          .querySelector('[aria-label="Sample products"] [data-testid="price"]')
          ?.textContent?.startsWith('JPY'),
      );
      expect(await firstPrice(page)).toBe(sampleIn('JPY'));

      await page.reload();
      await page.getByRole('heading', { name: 'Ideas to start with' }).waitFor();
      expect(await firstPrice(page)).toBe(sampleIn('JPY'));
      await page.context().close();
    });

    it('lists the 12 regions with flags and native names', async () => {
      const page = await newPage(h);
      await page.goto('/');
      await page.getByTestId('region-trigger').click();
      const items = page.getByRole('menuitemradio');
      await items.first().waitFor();
      expect(await items.count()).toBe(12);
      for (const name of ['Brasil', 'Deutschland', '대한민국', 'United States'])
        await items.filter({ hasText: name }).waitFor();
      await page.context().close();
    });

    it('defaults to dark, persists the chosen theme and follows the OS in system mode (§4)', async () => {
      const page = await newPage(h);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto('/');
      await page.getByRole('heading', { name: 'Compare prices across marketplaces' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.className)).toBe('dark');

      await page.getByRole('button', { name: 'Theme: Dark' }).click();
      await page.getByRole('menuitemradio', { name: 'Light' }).click();
      await page.waitForFunction(() => document.documentElement.classList.contains('light'));
      expect(await page.evaluate(() => localStorage.getItem('vite-ui-theme'))).toBe('light');
      await page.reload();
      await page.getByRole('heading', { name: 'Compare prices across marketplaces' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.className)).toBe('light');

      await page.getByRole('button', { name: 'Theme: Light' }).click();
      await page.getByRole('menuitemradio', { name: 'System' }).click();
      await page.waitForFunction(() => localStorage.getItem('vite-ui-theme') === 'system');
      expect(await page.evaluate(() => document.documentElement.className)).toBe('light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
      await page.context().close();
    });

    it('follows the five Pro Mode navigation rules (§2) and persists the mode', async () => {
      const page = await newPage(h);
      await page.goto('/');
      await page.getByRole('heading', { name: 'Compare prices across marketplaces' }).waitFor();

      // Enabling through the plain toggle goes to /pro/search.
      await proSwitch(page).click();
      await page.waitForURL((url) => url.pathname === '/pro/search');
      expect(await page.evaluate(() => localStorage.getItem('pt_pro_mode'))).toBe('true');
      await page.reload();
      expect(await proSwitch(page).getAttribute('aria-checked')).toBe('true');

      // Leaving without a product goes to /.
      await proSwitch(page).click();
      await page.waitForURL((url) => url.pathname === '/');

      // Entering for a product goes to /pro/product/{id}.
      await page.goto('/product/sample-ebay-1');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await proSwitch(page).click();
      await page.waitForURL((url) => url.pathname === '/pro/product/sample-ebay-1');

      // Leaving for a product goes to /product/{id}.
      await proSwitch(page).click();
      await page.waitForURL((url) => url.pathname === '/product/sample-ebay-1');

      // A toggle without redirect only flips the state.
      await page.goto('/settings');
      const inSettings = page.getByRole('main').getByRole('switch', { name: 'Pro Mode (no redirect)' });
      await inSettings.click();
      await page.waitForFunction(() => localStorage.getItem('pt_pro_mode') === 'true');
      expect(new URL(page.url()).pathname).toBe('/settings');
      expect(await proSwitch(page).getAttribute('aria-checked')).toBe('true');
      await page.context().close();
    });

    it('opens a Pro search result with the keyboard', async () => {
      const page = await newPage(h);
      await page.goto('/pro/search?q=phone');
      const rows = page.getByRole('table', { name: 'Search results' }).getByRole('row');
      await rows.nth(1).waitFor({ timeout: 30_000 });
      await page.keyboard.press('j');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname.startsWith('/pro/product/'));
      await page.getByRole('heading', { name: 'Price statistics' }).waitFor();
      await page.context().close();
    });
  },
);
