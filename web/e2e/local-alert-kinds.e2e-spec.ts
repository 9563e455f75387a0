/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { chromiumAvailability, eventually } from '@pt/testing';
import {
  ADMIN_EMAIL,
  HOOK_TIMEOUT_MS,
  newContext,
  newPage,
  registerAndConfirm,
  startWebHarness,
  uniqueEmail,
  type WebHarness,
} from './support/web-host';
import {
  advanceWatchUntil,
  advanceWatchUntilNotified,
  chooseOption,
  chooseRegion,
  demoEbayListings,
  pinDemoPrice,
  recordedNotifications,
  recordNotifications,
  usdShownIn,
} from './support/shop-steps';
import { pageApi, toast } from './support/page-api';

/**
 * Anonymous alerts of every kind (§3 `price_alerts`, §4, ARCHITECTURE §6): a signed-out shopper
 * sets a percent-drop alert from the product page, the admin pin drops the demo price, and the
 * in-browser watcher notifies once, saying which kind fired and why, in the shopper's region.
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

interface StoredAlert {
  kind?: string;
  percent?: number;
  basePrice?: number;
  currency: string;
  armed?: boolean;
  checkedAt?: string;
}

const storedAlert = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('price_alerts') ?? '[]') as StoredAlert[])[0]);

/** The lowest price the listing's public history (USD) holds over the watcher's 31-day read. */
async function historyLow(page: Page, id: string): Promise<number> {
  const res = await pageApi(
    page,
    'GET',
    `/api/v1/products/${encodeURIComponent(id)}/price-history?days=31&currency=USD`,
  );
  const points = (res.body as { points?: Array<{ price: number }> } | null)?.points ?? [];
  if (points.length === 0) throw new Error(`no history of ${id}: ${JSON.stringify(res)}`);
  return Math.min(...points.map((p) => p.price));
}

const REGIONS = [
  { region: /United States/, currency: 'USD' },
  { region: /United Kingdom/, currency: 'GBP' },
] as const;

describeWithBrowser(`local alert kinds${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  let h: WebHarness;
  let admin: Page;
  let listings: Array<{ id: string; title: string }>;
  beforeAll(async () => {
    // Every product read asks the (demo) marketplace again, so a pinned price is seen at once.
    h = await startWebHarness({ CATALOG_CACHE_TTL_MS: '1', CATALOG_PRODUCT_LRU_SIZE: '0' });
    admin = await newPage(h);
    await registerAndConfirm(h, admin, ADMIN_EMAIL, 'Ada Admin');
    listings = await demoEbayListings(admin, REGIONS.length + 1);
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await h?.close();
  }, HOOK_TIMEOUT_MS);

  it.each(REGIONS.map((r, i) => [r.currency, r, i] as const))(
    '§3 signed out in %s: a 25%% drop alert notifies once, saying its kind and why (ARCHITECTURE §6)',
    async (_name, { region, currency }, index) => {
      const listing = listings[index]!;
      await pinDemoPrice(admin, listing.id, 80);
      const context = await newContext(h);
      await recordNotifications(context);
      const page = await context.newPage();
      // The watch runs every 30 s; the test moves the page's clock instead of waiting.
      await page.clock.install();
      await page.goto(`/product/${encodeURIComponent(listing.id)}`);
      await page.getByTestId('alert-local-note').waitFor({ timeout: 30_000 });
      await chooseRegion(page, region);
      // The listing is shown (and its alert set) in the region's currency.
      await page.getByLabel(`Target price (${currency})`).waitFor({ timeout: 20_000 });

      await chooseOption(page, 'Alert me when', 'A percentage below today’s price');
      await page.getByLabel('Percent below (1–90)').fill('25');
      await page.getByRole('button', { name: 'Set alert' }).click();
      await toast(page, 'Price alert set').waitFor();
      const base = usdShownIn(80, currency);
      const setFrom = `${base} (the price when you set this alert)`;
      await page.getByTestId('alert-state').getByText(`Watching: 25% below ${setFrom}.`).waitFor();
      expect(await storedAlert(page)).toMatchObject({
        kind: 'percent_drop',
        percent: 25,
        currency,
        armed: true,
      });

      await pinDemoPrice(admin, listing.id, 50);
      await page.goto('/');
      const now = usdShownIn(50, currency);
      const body = `${listing.title} is now ${now}: 25% below ${setFrom}: ${now}.`;
      const shown = await advanceWatchUntilNotified(page, 'the watcher to report the crossing');
      expect(shown).toEqual([`Price alert met: ${body}`]);
      await toast(page, body).waitFor();
      expect(await toast(page, 'Price alert met').isVisible()).toBe(true);
      const first = await eventually(async () => (await storedAlert(page))?.checkedAt, {
        what: 'a checked alert',
      });

      // The next check sees the same price: the crossing has been told already.
      await advanceWatchUntil(
        page,
        'a second check',
        async () => (await storedAlert(page))?.checkedAt !== first,
      );
      expect(await recordedNotifications(page)).toHaveLength(1);
      expect(await storedAlert(page)).toMatchObject({ kind: 'percent_drop', armed: false });

      // The product page says when it last fired and why, as it does for a signed-in alert.
      await page.goto(`/product/${encodeURIComponent(listing.id)}`);
      await page
        .getByTestId('alert-last-fired')
        .getByText(`Last alert: 25% below ${setFrom}: ${now}`)
        .waitFor({ timeout: 20_000 });
      await page.getByTestId('alert-state').getByText(`Alert met: 25% below ${setFrom}.`).waitFor();
      await context.close();
    },
  );

  it('§3 signed out: a lowest-in-30-days alert fires from the public history’s low; signing in takes it into the account with its kind and period', async () => {
    const listing = listings[REGIONS.length]!;
    await pinDemoPrice(admin, listing.id, 80);
    const context = await newContext(h);
    await recordNotifications(context);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`/product/${encodeURIComponent(listing.id)}`);
    await page.getByTestId('alert-local-note').waitFor({ timeout: 30_000 });
    await chooseOption(page, 'Alert me when', 'Lowest price in a period');
    await chooseOption(page, 'Period', '30 days');
    await page.getByRole('button', { name: 'Set alert' }).click();
    await toast(page, 'Price alert set').waitFor();
    await page.getByTestId('alert-state').getByText('Watching: Lowest price in 30 days.').waitFor();

    // A new low: below anything the listing's public history holds (the demo's simulated month of
    // some listings dips under $5), in whole dollars.
    const low = await historyLow(page, listing.id);
    const pinned = Math.max(1, Math.floor(low / 2));
    await pinDemoPrice(admin, listing.id, pinned);
    await page.goto('/');
    const shown = await advanceWatchUntilNotified(page, 'the watcher to report the new low');
    const now = `$${pinned}.00`;
    await toast(page, `${listing.title} is now ${now}: lowest in 30 days: ${now}, previous low`).waitFor();
    expect(shown).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Price alert met: .* is now \\${now}: lowest in 30 days: \\${now}, previous low \\$[\\d,.]+ on \\d{1,2} [A-Z][a-z]{2}\\.$`,
        ),
      ),
    ]);

    await registerAndConfirm(h, page, uniqueEmail('local-kinds'), 'Lou Local');
    const imported = await eventually(
      async () => {
        const res = await pageApi(page, 'GET', '/api/v1/alerts');
        return (res.body as { alerts?: unknown[] } | null)?.alerts?.[0];
      },
      { what: 'the imported alert' },
    );
    expect(imported).toMatchObject({ kind: 'lowest_in_days', days: 30, currency: 'USD' });
    await context.close();
  });
});
