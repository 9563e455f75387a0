/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { DemoCatalog } from '@pt/demo-marketplaces';
import {
  chromiumAvailability,
  eventually,
  fastPollingEnv,
  gatewayClient,
  observedPoints,
  postgresAvailability,
  quietEbayListings,
  redisAvailability,
  signedIn,
  type GatewayCall,
  type MailReader,
} from '@pt/testing';
import { emailPipelineSettled } from './support/alert-steps';
import { distributedJourneyHost, embeddedJourneyHost, type JourneyHost } from './support/journey-host';
import { HOOK_TIMEOUT_MS, PASSWORD } from './support/web-host';

/**
 * A back-in-stock alert as a shopper lives it, in both run modes with the demo
 * marketplaces: set from the product page; an admin makes the demo listing unavailable, pricing's
 * poll finds it gone and the alert arms; the admin makes it available, the next poll sees it again,
 * and the shopper gets exactly one email saying it is back in stock and at what price, whose link
 * opens the product; the alerts page and the private feed say why it fired (§4 price alerts).
 */
const chromium = chromiumAvailability();
const infra = [postgresAvailability(), redisAvailability()].find((a) => !a.available);

const DEMO_SEED = 'back-in-stock-e2e';
const POLL_MS = 1500;
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

interface AlertRow {
  productTitle: string;
  kind: string;
  state: string;
}

function journey(name: string, start: (adminEmail: string) => Promise<JourneyHost>) {
  describe(name, () => {
    let host: JourneyHost;
    let call: GatewayCall;
    const run = randomBytes(3).toString('hex');
    const adminEmail = `admin-${run}@journey.test`;
    const shopperEmail = `shopper-${run}@journey.test`;
    const [listing] = quietEbayListings(new DemoCatalog({ seed: DEMO_SEED }));

    beforeAll(async () => {
      host = await start(adminEmail);
      call = gatewayClient(() => host.url);
    }, HOOK_TIMEOUT_MS + 60_000);
    afterAll(async () => {
      await host?.close();
    }, HOOK_TIMEOUT_MS);

    /** The confirmation mail's text, however the host delivers mail. */
    const mail: MailReader = (email) =>
      eventually(() => host.mailsTo(email)[0]?.text, { what: `the mail to ${email}`, timeoutMs: 60_000 });
    const backInStock = () => host.mailsTo(shopperEmail).filter((m) => m.subject.startsWith('Back in stock'));

    it('fires once when the listing is back, with its price, in the email, on the alerts page and in the feed (§4)', async () => {
      if (!listing) throw new Error('no quiet demo eBay listing');
      // The admin (ADMIN_EMAILS) and the shopper sign up by mail; the shopper signs in in the browser.
      const admin = await signedIn(call, mail, adminEmail);
      const token = await signedIn(call, mail, shopperEmail, { password: PASSWORD });
      const context = await host.browser.newContext({ baseURL: host.url });
      await context.addInitScript(() => localStorage.setItem('pt_cookie_consent', 'essential'));
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign in to your account' });
      await dialog.getByLabel('Email').fill(shopperEmail);
      await dialog.getByLabel('Password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
      await toast(page, 'Signed in successfully!').waitFor();

      const alert = async () => {
        const answer = await call<{ alerts: AlertRow[] }>('GET', '/api/v1/alerts', undefined, token);
        if (answer.status !== 200)
          throw new Error(`GET /api/v1/alerts answered ${answer.status} ${JSON.stringify(answer.body)}`);
        return answer.body.alerts.find((a) => a.productTitle === listing.title);
      };
      const alertIn = (state: string) =>
        eventually(async () => ((await alert())?.state === state ? true : undefined), {
          what: `the back-in-stock alert ${state}`,
          // A poll, the recorder, two relays and the notifier, on a loaded machine in the
          // distributed mode: tens of seconds.
          timeoutMs: 120_000,
          // As a person's page would: the gateway's per-user limit holds in the distributed mode.
          everyMs: 500,
        });
      const setAvailable = async (available: boolean) =>
        expect(
          (await call('PUT', `/api/v1/admin/demo/products/${listing.key}/availability`, { available }, admin))
            .status,
        ).toBe(200);

      // The shopper sets a back-in-stock alert from the product page: no target to give.
      await page.goto(`/product/${encodeURIComponent(`v1|${listing.key}|0`)}`);
      await page.getByRole('heading', { level: 1, name: listing.title }).waitFor({ timeout: 30_000 });
      const price = money(await page.getByTestId('product-price').textContent());
      expect(price).toBeGreaterThan(0);
      await page.getByRole('combobox', { name: 'Alert me when' }).click();
      await page.getByRole('option', { name: 'Back in stock', exact: true }).click();
      expect(await page.getByLabel(/Target price/).count()).toBe(0);
      await page.getByRole('button', { name: 'Set alert' }).click();
      await toast(page, 'Price alert set').waitFor();
      // On sale now: it waits for the listing to go out of stock first.
      expect(await alert()).toMatchObject({ kind: 'back_in_stock', state: 'met' });
      await page.getByTestId('alert-state').getByText('on sale now').waitFor();
      // Pricing holds the listing (the alert's lookup observed it) before it can find it gone.
      const history = `/api/v1/products/${encodeURIComponent(listing.key)}/price-history?marketplace=ebay`;
      await eventually(async () => observedPoints((await call('GET', history)).body.points) >= 1, {
        what: 'the first price of the listing',
        timeoutMs: 30_000,
        everyMs: 500,
      });

      // The admin takes the listing off sale; the poll finds it gone and the alert arms.
      await setAvailable(false);
      await alertIn('armed');
      await emailPipelineSettled(call, admin);
      expect(backInStock()).toHaveLength(0);
      // Gone from the marketplace: the alert stays, and its row says so.
      await page.goto('/wishlist/alerts');
      const goneRow = page.getByTestId('alert-row').filter({ hasText: listing.title });
      await goneRow
        .getByTestId('alert-unavailable')
        .getByText(/^Not on sale since .+: this alert stays/)
        .waitFor({
          timeout: 20_000,
        });

      // Back on sale: the next poll sees it, and one email says so.
      await setAvailable(true);
      const email = await eventually(() => backInStock()[0], {
        what: 'the back-in-stock email',
        timeoutMs: 120_000,
      });
      const priceText = `$${price.toFixed(2)}`;
      expect(email.subject).toContain(`at ${priceText}`);
      expect(email.text).toContain(`${listing.title} is back in stock at ${priceText}.`);
      const why = new RegExp(`back in stock at \\${priceText} \\(unavailable since [^)]+\\)`);
      expect(email.text).toMatch(new RegExp(`Alert: back in stock\\. Why: ${why.source}`));
      expect(email.html).toContain('Alert: back in stock.');
      await alertIn('met');
      await emailPipelineSettled(call, admin);
      expect(backInStock()).toHaveLength(1);

      // The alerts page says which kind fired and why, and no longer that it is off sale.
      await page.goto('/wishlist/alerts');
      const row = page.getByTestId('alert-row').filter({ hasText: listing.title });
      await row.waitFor({ timeout: 20_000 });
      await row.getByTestId('alert-kind').getByText('Back in stock').waitFor();
      expect(await row.getByTestId('alert-unavailable').count()).toBe(0);
      expect(await row.getByTestId('alert-last-fired').textContent()).toMatch(
        new RegExp(`Last alert: ${why.source}`),
      );

      // The private feed, turned on from the same page and read as a feed reader does, says it too.
      const feed = page.getByTestId('private-feed');
      await feed.getByRole('button', { name: 'Turn on feed' }).click();
      await toast(page, 'Private feed turned on').waitFor();
      const xml = await (await fetch(await feed.getByLabel('Feed link').inputValue())).text();
      expect(xml).toMatch(new RegExp(`Your back-in-stock alert fired: ${why.source}\\.`));
      expect(xml.match(/<entry>/g)).toHaveLength(1);

      // The email's product link opens this listing on this host.
      const link = /^See the product: (\S+)$/m.exec(email.text)?.[1];
      expect(new URL(link ?? '').origin).toBe(new URL(host.url).origin);
      await page.goto(link!);
      await page.getByRole('heading', { level: 1, name: listing.title }).waitFor({ timeout: 30_000 });
      await context.close();
    }, 300_000);
  });
}

// A vanished listing is looked at again after a poll interval, not a day: its return is seen.
const env = {
  DEMO_SEED,
  DEMO_HISTORY_BACKFILL: 'off',
  ...fastPollingEnv(POLL_MS),
  PRICING_GONE_RECHECK_MS: String(POLL_MS),
};
const describeWithBrowser = chromium.available ? describe : describe.skip;
describeWithBrowser(`back-in-stock alert${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  journey('embedded (npm start)', (admin) => embeddedJourneyHost({ ...env, ADMIN_EMAILS: admin }));
  if (infra) it.skip(`distributed (npm run start:distributed) skipped: ${infra.reason}`, () => undefined);
  else
    journey('distributed (npm run start:distributed)', (admin) =>
      distributedJourneyHost({ ...env, ADMIN_EMAILS: admin }),
    );
});
