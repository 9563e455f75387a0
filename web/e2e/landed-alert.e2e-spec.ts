/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { DemoCatalog } from '@pt/demo-marketplaces';
import { chromiumAvailability, eventually, fastPollingEnv, quietEbayListings } from '@pt/testing';
import { choose, pageApi, toast } from './support/page-api';
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

/**
 * Landed-price alerts as a shopper uses them, in two regions (US dollars, and Germany in euros): on
 * a product page they set an alert on the "Price with shipping"; the admin pins the demo price so
 * the item price alone falls under the target while item + shipping stays above it (no email),
 * then so the landed total crosses it; one email says the landed total, item + shipping, and the
 * alert's basis, in both its parts, and the alerts page shows the basis.
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

const cents = (n: number) => Math.round(n * 100) / 100;
const amount = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

interface AlertRow {
  productTitle: string;
  basis: string;
  state: string;
  currentPrice: number;
  currency: string;
}

const DEMO_SEED = 'landed-alert';
/**
 * Demo eBay listings only an admin's pin moves (so the only crossings are the test's) that charge
 * enough for shipping to stand between the item price and the landed price.
 */
function listingsWithShipping() {
  const found = [];
  for (const p of quietEbayListings(new DemoCatalog({ seed: DEMO_SEED }))) {
    if (p.shippingCost >= 1) found.push(p);
    if (found.length === 2) return found;
  }
  throw new Error('too few quiet demo eBay listings with shipping');
}

describeWithBrowser(`landed-price alerts${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  let h: WebHarness;
  let admin: Page;
  const listings = listingsWithShipping();
  beforeAll(async () => {
    h = await startWebHarness({ DEMO_SEED, ...fastPollingEnv(1500) });
    admin = await newPage(h);
    await registerAndConfirm(h, admin, ADMIN_EMAIL, 'Ada Admin');
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await h?.close();
  }, HOOK_TIMEOUT_MS);

  it.each([
    // [region, currency, its symbol, USD → currency at the fallback rate the notifier converts with]
    ['us', 'USD', '$', 1, 0],
    ['de', 'EUR', '€', 0.92, 1],
  ] as const)(
    'region %s (%s): the email of a landed-price alert shows item + shipping = landed total',
    async (region, currency, symbol, rate, index) => {
      const listing = listings[index];
      const shipping = listing.shippingCost;
      const productId = `v1|${listing.key}|0`;
      const pin = async (price: number) =>
        expect(
          (
            await pageApi(admin, 'PUT', `/api/v1/admin/demo/products/${listing.key}/price`, {
              price,
            })
          ).status,
        ).toBe(200);
      await pin(50);

      const email = uniqueEmail(`landed-${region}`);
      const page = await newPage(h, {
        storage: { selectedRegion: region, manualRegion: 'true', regionTimestamp: String(Date.now()) },
      });
      await registerAndConfirm(h, page, email, 'Lana Landed');
      await page.goto(`/product/${encodeURIComponent(productId)}`);
      await page.getByRole('heading', { name: listing.title }).first().waitFor({ timeout: 30_000 });
      // Target: 40 USD in the region's currency, typed as the shopper would.
      const target = cents(40 * rate);
      await choose(page, 'Compare', 'Price with shipping');
      await page.getByLabel(`Target price (${currency})`).fill(target.toFixed(2));
      await page.getByRole('button', { name: 'Set alert' }).click();
      await toast(page, 'Price alert set').waitFor();
      await page.getByTestId('alert-basis-state').waitFor();

      const alertNow = async () => {
        const res = await pageApi(page, 'GET', '/api/v1/alerts');
        return ((res.body as { alerts?: AlertRow[] }).alerts ?? []).find(
          (a) => a.productTitle === listing.title,
        );
      };
      expect(await alertNow()).toMatchObject({ basis: 'landed', state: 'armed', currency });
      const priceDrops = () => outboxFor(h, email).filter((m) => m.subject.startsWith('Price drop'));

      // Item under the target, item + shipping still above it: the alert keeps watching.
      const itemOnly = cents(40 - shipping / 2);
      await pin(itemOnly);
      await eventually(
        async () => {
          const alert = await alertNow();
          return alert && Math.abs(alert.currentPrice - cents(itemOnly * rate)) <= 0.02 ? alert : undefined;
        },
        { what: 'the alert saw the item-only drop', timeoutMs: 60_000 },
      );
      expect((await alertNow())?.state).toBe('armed');
      expect(priceDrops()).toEqual([]);

      // Item + shipping 38 USD: the landed total crosses the target, and one email says so.
      const item = cents(38 - shipping);
      await pin(item);
      const mail = await eventually(() => priceDrops()[0], {
        what: 'the price-drop email',
        timeoutMs: 60_000,
      }).catch(async (error: Error) => {
        throw new Error(`${error.message}; the alert: ${JSON.stringify(await alertNow())}`);
      });
      const landed = /Landed price: (\S+) \+ (\S+) shipping = (\S+)/.exec(mail.text);
      if (!landed) throw new Error(`no landed price in the email:\n${mail.text}`);
      const [line, itemText, shippingText, totalText] = landed;
      for (const text of [itemText, shippingText, totalText]) expect(text.startsWith(symbol)).toBe(true);
      expect(cents(amount(itemText) + amount(shippingText))).toBe(amount(totalText));
      expect(amount(totalText)).toBeLessThanOrEqual(target);
      expect(amount(totalText)).toBeCloseTo(38 * rate, 1);
      if (currency === 'USD')
        expect(line).toBe(`Landed price: $${item.toFixed(2)} + $${shipping.toFixed(2)} shipping = $38.00`);
      const why = `landed ${totalText} (${itemText} + ${shippingText} shipping) is at or below your target ${symbol}${target.toFixed(2)}`;
      expect(mail.text).toContain(why);
      expect(mail.text).toContain('Alert on: price with shipping');
      expect(mail.subject).toContain(`is now ${totalText} with shipping`);
      for (const words of [line, why, 'Alert on: price with shipping']) expect(mail.html).toContain(words);

      // The alerts page shows the basis, and the crossing sent one email.
      await page.goto('/wishlist/alerts');
      await expect(page.getByTestId('alert-basis').first().textContent()).resolves.toContain(
        'Price with shipping',
      );
      expect(priceDrops()).toHaveLength(1);
      await page.context().close();
    },
    240_000,
  );
});
