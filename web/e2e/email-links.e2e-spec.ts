/// <reference lib="dom" />
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DemoCatalog } from '@pt/demo-marketplaces';
import {
  chromiumAvailability,
  eventually,
  fastPollingEnv,
  gatewayClient,
  outboxMail,
  quietEbayListings,
  signedIn,
  type GatewayCall,
  observedPoints,
} from '@pt/testing';
import { emailPipelineSettled, passwordToken } from './support/alert-steps';
import {
  ADMIN_EMAIL,
  HOOK_TIMEOUT_MS,
  newPage,
  outboxFor,
  registerAndConfirm,
  startWebHarness,
  uniqueEmail,
  type WebHarness,
} from './support/web-host';
import { toast } from './support/page-api';

/**
 * A price-drop email as the shopper gets it, in the embedded host (file outbox, demo marketplaces):
 * every link opens the right screen of the app on the host that sent it, and the Settings email
 * switch is the one the notifier obeys (spec §3 `notifications`, §4 price alerts).
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

const DEMO_SEED = 'email-links-e2e';
const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));
const cents = (n: number) => Math.round(n * 100) / 100;

interface AlertRow {
  id: string;
  productTitle: string;
  isActive: boolean;
  state: string;
  currentPrice: number;
}

describeWithBrowser(
  `price-drop email links and the email switch${chromium.available ? '' : ` skipped: ${chromium.reason}`}`,
  () => {
    let h: WebHarness;
    let call: GatewayCall;
    let admin: string;
    // Listings only an admin's pin moves, so the only crossings are the test's.
    const listings = quietEbayListings(new DemoCatalog({ seed: DEMO_SEED }));
    const nextListing = () => {
      const next = listings.next();
      if (next.done) throw new Error('no quiet demo eBay listing left');
      return next.value;
    };

    beforeAll(async () => {
      h = await startWebHarness({ DEMO_SEED, ...fastPollingEnv(1500) });
      call = gatewayClient(() => h.url);
      admin = await signedIn(call, outboxMail(path.join(h.dataDir, 'outbox')), ADMIN_EMAIL);
    }, HOOK_TIMEOUT_MS);
    afterAll(async () => {
      await h?.close();
    }, HOOK_TIMEOUT_MS);

    const tokenOf = (email: string) => passwordToken(call, email);
    const alertsOf = async (token: string) =>
      (await call<{ alerts: AlertRow[] }>('GET', '/api/v1/alerts', undefined, token)).body.alerts;
    const pin = async (key: string, price: number) =>
      expect((await call('PUT', `/api/v1/admin/demo/products/${key}/price`, { price }, admin)).status).toBe(
        200,
      );
    const priceDrops = (email: string) =>
      outboxFor(h, email).filter((m) => m.subject.startsWith('Price drop'));

    /** Opens the listing's product page as the shopper would and sets an alert 10% under its price. */
    async function setAlert(page: Page, listing: { key: string; title: string }): Promise<number> {
      await page.goto(`/product/${encodeURIComponent(`v1|${listing.key}|0`)}`);
      await page.getByRole('heading', { level: 1, name: listing.title }).waitFor({ timeout: 30_000 });
      const price = money(await page.getByTestId('product-price').textContent());
      expect(price).toBeGreaterThan(0);
      await page.getByLabel(/Target price/).fill(String(cents(price * 0.9)));
      await page.getByRole('button', { name: 'Set alert' }).click();
      await toast(page, 'Price alert set').waitFor();
      // Pricing holds the listing's current price before the pin (the alert's lookup observed it).
      const history = `/api/v1/products/${encodeURIComponent(listing.key)}/price-history?marketplace=ebay`;
      await eventually(async () => observedPoints((await call('GET', history)).body.points) >= 1, {
        what: 'the first price of the listing',
        timeoutMs: 30_000,
      });
      return price;
    }

    /** Waits until the notifier evaluated the pinned price: the alert shows it (met or armed). */
    const evaluated = (token: string, title: string, price: number, state: string) =>
      eventually(
        async () =>
          (await alertsOf(token)).find(
            (a) => a.productTitle === title && a.currentPrice === price && a.state === state,
          ),
        { what: `the alert ${state} at ${price}`, timeoutMs: 60_000 },
      );

    it('every link of a price-drop email opens the right screen on this host (§4 alerts)', async () => {
      const listing = nextListing();
      const email = uniqueEmail('links');
      const page = await newPage(h);
      await registerAndConfirm(h, page, email);
      const price = await setAlert(page, listing);
      const pinned = cents(price * 0.5);
      await pin(listing.key, pinned);

      const mail = await eventually(() => priceDrops(email)[0], {
        what: 'the price-drop email',
        timeoutMs: 60_000,
      });
      const link = (label: string) => {
        const url = new RegExp(`^${label}: (\\S+)$`, 'm').exec(mail.text)?.[1];
        if (!url) throw new Error(`no "${label}" link in:\n${mail.text}`);
        // The host that sent it (its port, chosen at start), not a fixed localhost:8080.
        expect(new URL(url).origin).toBe(new URL(h.url).origin);
        return url;
      };

      // See the product: the product the alert was set from, with its price, not "Product not found".
      await page.goto(link('See the product'));
      await page.getByRole('heading', { level: 1, name: listing.title }).waitFor({ timeout: 30_000 });
      expect(money(await page.getByTestId('product-price').textContent())).toBeGreaterThan(0);
      expect(await page.getByRole('heading', { name: 'Product not found' }).count()).toBe(0);

      // Manage your alerts: the alerts screen, listing this alert.
      await page.goto(link('Manage your alerts'));
      await page
        .getByTestId('alert-row')
        .getByRole('link', { name: listing.title })
        .waitFor({ timeout: 20_000 });

      // Stop all price emails: Settings.
      await page.goto(link('Stop all price emails'));
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();

      // Stop alerts for this product: a page of the app that names the alert and asks first.
      const token = await tokenOf(email);
      await page.goto(link('Stop alerts for this product'));
      await page.getByRole('heading', { level: 1, name: 'Stop price alerts?' }).waitFor();
      await page.getByText(listing.title).first().waitFor();
      expect((await alertsOf(token)).find((a) => a.productTitle === listing.title)?.isActive).toBe(true);
      await page.getByRole('button', { name: 'Turn off this alert' }).click();
      await page.getByRole('heading', { level: 1, name: 'Price alert turned off' }).waitFor();
      expect(await page.getByRole('status').textContent()).toContain(listing.title);
      expect((await alertsOf(token)).find((a) => a.productTitle === listing.title)?.isActive).toBe(false);

      // The RFC 8058 header still names the one-click API; opened in a browser it lands on the app page.
      const header = /<(\S+)>/.exec(
        mail.headers?.['List-Unsubscribe'] ?? mail.headers?.['list-unsubscribe'] ?? '',
      )?.[1];
      expect(header).toMatch(new RegExp(`^${h.url}/api/v1/alerts/unsubscribe\\?token=`));
      await page.goto(header!);
      expect(new URL(page.url()).pathname).toBe('/unsubscribe');
      await page.getByRole('heading', { level: 1, name: 'Price alert already off' }).waitFor();
      await page.context().close();
    });

    it('the Settings email switch is the notifier’s: off → no email, on → the next crossing mails (§3)', async () => {
      const listing = nextListing();
      const email = uniqueEmail('switch');
      const page = await newPage(h, { theme: 'light' });
      await registerAndConfirm(h, page, email);
      const token = await tokenOf(email);

      // Settings shows the theme in use; switching emails off leaves it alone.
      await page.goto('/settings');
      const theme = page.getByRole('combobox', { name: 'Theme', exact: true });
      expect(await theme.textContent()).toBe('Light');
      const emails = page.getByRole('switch', { name: 'Email notifications (price-drop alerts)' });
      /** The switch once it shows the notifier's answer (disabled until then). */
      const emailsShow = (checked: boolean) =>
        eventually(
          async () =>
            (await emails.isEnabled()) && (await emails.getAttribute('aria-checked')) === String(checked),
          { what: `the email switch ${checked ? 'on' : 'off'}`, timeoutMs: 20_000 },
        );
      await emailsShow(true);
      await emails.click();
      await toast(page, 'Price-drop emails off').waitFor();
      expect((await call('GET', '/api/v1/alerts/preferences', undefined, token)).body).toEqual({
        notifications: false,
        // The switch changes only itself: delivery, hour and zone keep their defaults.
        delivery: 'instant',
        digestHour: 8,
        timeZone: 'UTC',
      });
      expect(await page.evaluate(() => document.documentElement.className)).toBe('light');
      expect(await theme.textContent()).toBe('Light');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await emailsShow(false);

      // Off: the crossing is recorded (the alert is met) and nothing is mailed or left to mail.
      const price = await setAlert(page, listing);
      const first = cents(price * 0.5);
      await pin(listing.key, first);
      await evaluated(token, listing.title, first, 'met');
      await emailPipelineSettled(call, admin, (n) => n.skipped === 1);
      expect(priceDrops(email)).toHaveLength(0);

      // On again: the next crossing mails.
      await page.goto('/settings');
      await emailsShow(false);
      await emails.click();
      await toast(page, 'Price-drop emails on').waitFor();
      await pin(listing.key, price);
      await evaluated(token, listing.title, price, 'armed');
      const second = cents(price * 0.4);
      await pin(listing.key, second);
      const mail = await eventually(() => priceDrops(email)[0], {
        what: 'the price-drop email',
        timeoutMs: 60_000,
      });
      expect(mail.text).toContain(`→ $${second.toFixed(2)}`);
      expect(priceDrops(email)).toHaveLength(1);
      expect(await page.evaluate(() => document.documentElement.className)).toBe('light');
      await page.context().close();
    });
  },
);
