/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { chromiumAvailability, eventually, gatewayClient, type GatewayCall } from '@pt/testing';
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
import { chooseOption, chooseRegion, demoEbayListings, pinDemoPrice, usdShownIn } from './support/shop-steps';
import { toast } from './support/page-api';

/**
 * Signed-in alerts of the kinds beyond a target (ARCHITECTURE §6 once per crossing), as a
 * shopper meets them: set on the product page in the shopper's region, the admin pin moves the
 * demo price across, and the email, the private feed and the alerts page each say which kind fired
 * and why, in the alert's currency.
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

/** Two crossings through catalog, pricing and the notifier, and their mails, on a shared machine. */
const JOURNEY_TIMEOUT_MS = 180_000;

const REGIONS = [
  { region: /United States/, currency: 'USD' },
  { region: /Deutschland/, currency: 'EUR' },
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const xmlText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

describeWithBrowser(`alert kinds${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  let h: WebHarness;
  let admin: Page;
  let listings: Array<{ id: string; title: string }>;
  let call: GatewayCall;
  let adminToken: string;
  beforeAll(async () => {
    // Every product read asks the (demo) marketplace again, so a pinned price is seen at once.
    h = await startWebHarness({ CATALOG_CACHE_TTL_MS: '1', CATALOG_PRODUCT_LRU_SIZE: '0' });
    admin = await newPage(h);
    await registerAndConfirm(h, admin, ADMIN_EMAIL, 'Ada Admin');
    listings = await demoEbayListings(admin, 2 * REGIONS.length);
    call = gatewayClient(() => h.url);
    adminToken = await passwordToken(call, ADMIN_EMAIL);
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await h?.close();
  }, HOOK_TIMEOUT_MS);

  /** The price-drop email about a listing, once it has reached the outbox. */
  const emailAbout = (email: string, title: string) =>
    eventually(
      () => outboxFor(h, email).find((m) => m.subject.startsWith('Price drop:') && m.subject.includes(title)),
      { what: `the price-drop email about ${title}`, timeoutMs: 60_000 },
    );

  it.each(REGIONS.map((r, i) => [r.currency, r, i] as const))(
    'signed in, in %s: a 25%% drop and a lowest-in-30-days alert each fire once; email, feed and alerts page say the kind and why (ARCHITECTURE §6)',
    async (_name, { region, currency }, index) => {
      const drop = listings[2 * index]!;
      const lowest = listings[2 * index + 1]!;
      await pinDemoPrice(admin, drop.id, 80);
      await pinDemoPrice(admin, lowest.id, 80);
      const email = uniqueEmail(`kinds-${currency.toLowerCase()}`);
      const page = await newPage(h);
      await registerAndConfirm(h, page, email, 'Kim Kinds');
      await chooseRegion(page, region);

      // A percentage below today's price, set on the product page.
      await page.goto(`/product/${encodeURIComponent(drop.id)}`);
      await page.getByLabel(`Target price (${currency})`).waitFor({ timeout: 20_000 });
      await chooseOption(page, 'Alert me when', 'A percentage below today’s price');
      await page.getByLabel('Percent below (1–90)').fill('25');
      await page.getByRole('button', { name: 'Set alert' }).click();
      await toast(page, 'Price alert set').waitFor();
      const setFrom = `${usdShownIn(80, currency)} (the price when you set this alert)`;
      await page.getByTestId('alert-state').getByText(`Watching: 25% below ${setFrom}.`).waitFor();

      // The lowest price in 30 days, on another listing.
      await page.goto(`/product/${encodeURIComponent(lowest.id)}`);
      await page.getByLabel(`Target price (${currency})`).waitFor({ timeout: 20_000 });
      await chooseOption(page, 'Alert me when', 'Lowest price in a period');
      await chooseOption(page, 'Period', '30 days');
      await page.getByRole('button', { name: 'Set alert' }).click();
      await toast(page, 'Price alert set').waitFor();
      await page.getByTestId('alert-state').getByText('Watching: Lowest price in 30 days.').waitFor();

      // The admin pin moves both prices across: 50 is 37.5% off 80; 5 is below anything the
      // demo listing's month of history holds.
      await pinDemoPrice(admin, drop.id, 50);
      await pinDemoPrice(admin, lowest.id, 5);

      const dropNow = usdShownIn(50, currency);
      const dropWhy = `25% below ${setFrom}: ${dropNow}`;
      const dropMail = await emailAbout(email, drop.title);
      expect(dropMail.subject).toBe(`Price drop: ${drop.title} is now ${dropNow}`);
      expect(dropMail.text).toContain(`Alert: percentage drop. Why: ${dropWhy}`);

      const lowNow = usdShownIn(5, currency);
      const lowWhy = new RegExp(
        `lowest in 30 days: ${escapeRegExp(lowNow)}, previous low [^ ]+ on \\d{1,2} [A-Z][a-z]{2}( \\d{4})?`,
      );
      const lowMail = await emailAbout(email, lowest.title);
      expect(lowMail.subject).toBe(`Price drop: ${lowest.title} is now ${lowNow}`);
      expect(lowMail.text).toContain('Alert: lowest price in 30 days. Why: ');
      expect(lowMail.text).toMatch(lowWhy);

      // The alerts page: each row says its kind and why it last fired.
      await page.goto('/wishlist/alerts');
      const rows = page.getByTestId('alert-row');
      const dropRow = rows.filter({ hasText: drop.title });
      await dropRow.getByTestId('alert-kind').getByText(`25% below ${setFrom}`).waitFor({ timeout: 20_000 });
      await dropRow
        .getByTestId('alert-last-fired')
        .getByText(`Last alert: ${dropWhy}`)
        .waitFor({ timeout: 20_000 });
      const lowRow = rows.filter({ hasText: lowest.title });
      await lowRow.getByTestId('alert-kind').getByText('Lowest price in 30 days').waitFor();
      expect(await lowRow.getByTestId('alert-last-fired').textContent()).toMatch(lowWhy);

      // The private feed: one entry per crossing, with the same why.
      const section = page.getByTestId('private-feed');
      await section.getByRole('button', { name: 'Turn on feed' }).click();
      await toast(page, 'Private feed turned on').waitFor();
      const xml = await (await fetch(await section.getByLabel('Feed link').inputValue())).text();
      expect(xml).toContain(
        `The price dropped from ${usdShownIn(80, currency)} to ${dropNow}: ${xmlText(dropWhy)}.`,
      );
      expect(xml).toMatch(lowWhy);
      expect(xml.split(`<title>${xmlText(drop.title)}:`)).toHaveLength(2);
      expect(xml.split(`<title>${xmlText(lowest.title)}:`)).toHaveLength(2);

      // Once per crossing: with nothing left to send, still one email per alert.
      await emailPipelineSettled(call, adminToken);
      expect(outboxFor(h, email).filter((m) => m.subject.startsWith('Price drop:'))).toHaveLength(2);
      await page.context().close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
