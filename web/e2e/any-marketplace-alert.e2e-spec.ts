/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { AlsoOnResponseSchema, type AlsoOnResponse } from '@pt/contracts/catalog-api';
import { formatPrice } from '@pt/domain';
import { chromiumAvailability, eventually, fastPollingEnv, gatewayClient, observedPoints } from '@pt/testing';
import { emailPipelineSettled, passwordToken } from './support/alert-steps';
import { crossListedModels } from './support/cross-listed';
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
 * An any-marketplace alert as a shopper uses it, in two regions (US dollars, the United Kingdom in
 * pounds), on the demo marketplaces: search collapses a cross-listed model into one card; its
 * product page lists the other marketplace with landed totals; the shopper sets a target alert on
 * "Any marketplace"; the admin's demo pin drops the OTHER marketplace's listing under the target,
 * and exactly one email names that marketplace with its landed total; its link opens that
 * listing's product page; a second drop while still under sends nothing (ARCHITECTURE §6, §4).
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;
const DEMO_SEED = 'any-marketplace-alert';
const cents = (n: number) => Math.round(n * 100) / 100;

interface AlertRow {
  productTitle: string;
  scope: string;
  state: string;
  currentPrice: number;
  cheapest?: { marketplace: string; landed: number };
}

describeWithBrowser(
  `any-marketplace alert${chromium.available ? '' : ` skipped: ${chromium.reason}`}`,
  () => {
    let h: WebHarness;
    let admin: Page;
    let adminToken: string;
    const models = crossListedModels(DEMO_SEED, 2);
    const call = gatewayClient(() => h.url);

    beforeAll(async () => {
      h = await startWebHarness({ DEMO_SEED, ...fastPollingEnv(1500) });
      admin = await newPage(h);
      await registerAndConfirm(h, admin, ADMIN_EMAIL, 'Ada Admin');
      adminToken = await passwordToken(call, ADMIN_EMAIL);
    }, HOOK_TIMEOUT_MS);
    afterAll(async () => {
      await h?.close();
    }, HOOK_TIMEOUT_MS);

    async function alsoOn(region: string, id: string): Promise<AlsoOnResponse> {
      const res = await fetch(`${h.url}/api/v1/products/${encodeURIComponent(id)}/also-on?region=${region}`);
      if (res.status !== 200) throw new Error(`also-on answered ${res.status}: ${await res.text()}`);
      return AlsoOnResponseSchema.parse(await res.json());
    }

    it.each([
      // [region, currency, USD → currency at the §9 fallback rate the notifier converts with, model]
      ['us', 'USD', 1, 0],
      ['uk', 'GBP', 0.79, 1],
    ] as const)(
      'region %s (%s): the cheaper marketplace dropping under the target sends one email naming it (§4)',
      async (region, currency, rate, index) => {
        const model = models[index];
        if (!model) throw new Error('too few cross-listed demo models the matching rule finds');
        const { ebay, twin } = model;
        const pin = async (key: string, price: number) =>
          expect(
            (await pageApi(admin, 'PUT', `/api/v1/admin/demo/products/${key}/price`, { price })).status,
          ).toBe(200);
        // eBay the cheaper at first (so search shows it), then only the pins move these prices.
        await pin(ebay.key, 50);
        await pin(twin.key, 55);
        // USD: under it only when AliExpress's item price is 35 or less (its shipping is the demo's).
        const targetUsd = 40 + twin.shippingCost;
        const target = cents(targetUsd * rate);

        const email = uniqueEmail(`any-${region}`);
        const page = await newPage(h, {
          storage: { selectedRegion: region, manualRegion: 'true', regionTimestamp: String(Date.now()) },
        });
        await registerAndConfirm(h, page, email, 'Max Multi');

        // Search collapses the two listings into one card, which opens the eBay listing.
        await page.goto(`/search?${new URLSearchParams({ q: `${ebay.brand} ${ebay.model}` })}`);
        const card = page
          .getByRole('list', { name: 'Search results' })
          .getByTestId('product-card')
          .filter({ has: page.getByTestId('matched-offers') })
          .filter({ has: page.getByRole('link', { name: ebay.title, exact: true }) });
        await card.waitFor({ timeout: 30_000 });
        expect(await card.getByTestId('matched-offers').textContent()).toMatch(/on 2 marketplaces$/);
        await card.getByRole('link', { name: ebay.title, exact: true }).click();

        // Its page lists both marketplaces' landed totals, in the region's currency.
        const productId = `v1|${ebay.key}|0`;
        const row = page.getByTestId('also-on').getByTestId('also-on-row').filter({ hasText: twin.title });
        await row.waitFor({ timeout: 30_000 });
        expect(await row.getAttribute('data-marketplace')).toBe('aliexpress');
        const expected = await alsoOn(region, productId);
        expect(expected.currency).toBe(currency);
        const other = expected.listings.find((l) => l.title === twin.title);
        expect(await row.getByTestId('also-on-landed').textContent()).toBe(
          formatPrice(other!.landed, currency),
        );
        expect(await page.getByTestId('also-on-own-landed').textContent()).toBe(
          formatPrice(expected.landed, currency),
        );

        // An alert on any marketplace at the target.
        await choose(page, 'Watch', 'Any marketplace');
        await page.getByLabel(`Target price (${currency})`).fill(target.toFixed(2));
        await page.getByRole('button', { name: 'Set alert' }).click();
        await toast(page, 'Price alert set').waitFor();
        await page.getByTestId('alert-scope-state').waitFor();
        const alertNow = async () => {
          const res = await pageApi(page, 'GET', '/api/v1/alerts');
          return ((res.body as { alerts?: AlertRow[] }).alerts ?? []).find(
            (a) => a.productTitle === ebay.title,
          );
        };
        expect(await alertNow()).toMatchObject({ scope: 'any_marketplace', state: 'armed' });
        const priceDrops = () => outboxFor(h, email).filter((m) => m.subject.startsWith('Price drop'));

        // Pricing must hold the twin at its price before the pin: on a busy machine the first poll
        // could otherwise see the pin before the search's older observation arrives, make it the
        // twin's first price, and announce no change (a first price is not a drop, §4).
        const twinHistory = `/api/v1/products/${encodeURIComponent(`aliexpress_${twin.key}`)}/price-history`;
        // Observed points only: the demo's simulated year is there from the start.
        await eventually(async () => observedPoints((await call('GET', twinHistory)).body.points) >= 1, {
          what: 'pricing to record the AliExpress twin before the pin',
          timeoutMs: 60_000,
        });

        // The OTHER marketplace drops under the target: one email names it and its landed total.
        await pin(twin.key, 35);
        const mail = await eventually(() => priceDrops()[0], {
          what: 'the price-drop email',
          timeoutMs: 90_000,
        }).catch(async (error: Error) => {
          throw new Error(`${error.message}; the alert: ${JSON.stringify(await alertNow())}`);
        });
        const why = /cheapest on AliExpress: landed (\S+) \(/.exec(mail.text);
        if (!why) throw new Error(`no marketplace in the email:\n${mail.text}`);
        const landed = Number(why[1]!.replace(/[^0-9.]/g, ''));
        expect(landed).toBeLessThanOrEqual(target);
        expect(landed).toBeCloseTo((35 + twin.shippingCost) * rate, 0);
        expect(mail.html).toContain('cheapest on AliExpress');

        // A second drop while still under the target sends nothing.
        await pin(twin.key, 33);
        await eventually(
          async () => {
            const alert = await alertNow();
            return alert && Math.abs(alert.currentPrice - cents(33 * rate)) <= 0.02 ? alert : undefined;
          },
          { what: 'the alert saw the second drop', timeoutMs: 90_000 },
        );
        await emailPipelineSettled(call, adminToken);
        expect(priceDrops()).toHaveLength(1);

        // The email's link opens that listing's product page.
        const link = /See the product: (\S+)/.exec(mail.text)?.[1];
        if (!link) throw new Error(`no product link in the email:\n${mail.text}`);
        expect(decodeURIComponent(new URL(link).pathname)).toBe(`/product/aliexpress_${twin.key}`);
        await page.goto(link);
        await page.getByRole('heading', { name: twin.title }).first().waitFor({ timeout: 30_000 });
        expect(await page.getByText('Product not found').count()).toBe(0);

        // The alerts page shows the scope and the cheapest marketplace.
        await page.goto('/wishlist/alerts');
        await expect(page.getByTestId('alert-scope').first().textContent()).resolves.toContain(
          'Any marketplace (2 listings): cheapest on AliExpress',
        );
        await page.context().close();
      },
      300_000,
    );
  },
);
