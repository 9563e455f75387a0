/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { chromiumAvailability, eventually } from '@pt/testing';
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
import { choose, pageApi as api, toast } from './support/page-api';

/**
 * The daily digest as a shopper uses it: on Settings they pick "Daily digest" at an hour, an
 * alert fires (the admin pins the demo price) and no instant email comes; the digest hour comes —
 * here by the shopper's own clock: they travel to a zone where it has already struck and set the
 * hour from a browser there — and one digest email lists the drop with its product link.
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

async function demoEbayListing(page: Page): Promise<{ id: string; title: string }> {
  const res = await api(page, 'GET', '/api/v1/search?q=headphones&marketplace=ebay&region=us&pageSize=20');
  const products =
    (res.body as { products?: Array<{ id: string; title: string; marketplace?: string }> }).products ?? [];
  const found = products.find((p) => p.marketplace === 'ebay' && !p.id.startsWith('sample-'));
  if (!found) throw new Error(`no demo eBay listing: ${JSON.stringify(res)}`);
  return found;
}

describeWithBrowser(`daily digest${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  let h: WebHarness;
  let admin: Page;
  beforeAll(async () => {
    h = await startWebHarness({
      CATALOG_CACHE_TTL_MS: '1',
      CATALOG_PRODUCT_LRU_SIZE: '0',
      // The digest tick: once a second, so the hour that has come is noticed at once.
      ALERT_DIGEST_TICK_MS: '1000',
    });
    admin = await newPage(h);
    await registerAndConfirm(h, admin, ADMIN_EMAIL, 'Ada Admin');
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await h?.close();
  }, HOOK_TIMEOUT_MS);

  it('a shopper on the daily digest gets no instant email, then one digest listing the drop', async () => {
    const listing = await demoEbayListing(admin);
    const pin = async (price: number) =>
      expect(
        (
          await api(admin, 'PUT', `/api/v1/admin/demo/products/${encodeURIComponent(listing.id)}/price`, {
            price,
          })
        ).status,
      ).toBe(200);
    await pin(50);

    // At home in Pago Pago (UTC−11): the digest at midnight, i.e. the next local day's.
    const email = uniqueEmail('digest');
    const page = await newPage(h, { timezoneId: 'Pacific/Pago_Pago' });
    await registerAndConfirm(h, page, email, 'Dee Digest');
    await page.goto('/settings');
    await choose(page, 'How price-drop emails arrive', 'Daily digest');
    await toast(page, 'Daily digest at 08:00').waitFor();
    await choose(page, 'Daily digest at', '00:00');
    await toast(page, 'Daily digest at 00:00').waitFor();
    await page.getByText('One email a day at 00:00 (Pacific/Pago_Pago)').waitFor();

    await page.goto(`/product/${encodeURIComponent(listing.id)}`);
    await page.getByLabel('Target price (USD)').fill('40');
    await page.getByRole('button', { name: 'Set alert' }).click();
    await toast(page, 'Price alert set').waitFor();

    // The admin pins the price under the target: the alert fires, and no instant email goes out.
    await pin(30);
    await eventually(
      async () => {
        const res = await api(page, 'GET', '/api/v1/alerts');
        const alerts = (res.body as { alerts?: Array<{ state: string }> }).alerts ?? [];
        return alerts.some((a) => a.state !== 'armed') ? true : undefined;
      },
      { what: 'the alert fired', timeoutMs: 60_000 },
    );
    expect(outboxFor(h, email).filter((m) => m.subject.startsWith('Price drop'))).toEqual([]);

    // Kiritimati (UTC+14) is a day ahead: from a browser there, 01:00 has already struck today.
    const session = await page.evaluate(() => localStorage.getItem('pt_auth_session') ?? '');
    const abroad = await newPage(h, {
      timezoneId: 'Pacific/Kiritimati',
      storage: { pt_auth_session: session },
    });
    await abroad.goto('/settings');
    await choose(abroad, 'Daily digest at', '01:00');
    await toast(abroad, 'Daily digest at 01:00').waitFor();
    await abroad.getByText('One email a day at 01:00 (Pacific/Kiritimati)').waitFor();

    const digest = await eventually(
      () => outboxFor(h, email).find((m) => m.subject === '1 price drop today'),
      {
        what: 'the digest email',
        timeoutMs: 30_000,
      },
    );
    // Item price, then the landed total (the demo knows every listing's shipping), then the target.
    expect(digest.text).toContain(`1. ${listing.title}\n   Price: $50.00 → $30.00\n`);
    expect(digest.text).toMatch(
      /\n {3}Price: \$50\.00 → \$30\.00\n {3}Landed price: \$30\.00 \+ [^\n]+ = \$[\d.]+\n {3}Your target: \$40\.00 · /,
    );
    expect(digest.text).toContain(`/product/${encodeURIComponent(listing.id)}\n`);
    expect(digest.text).toMatch(/Stop alerts for this product: http\S+\/unsubscribe\?token=\S+\n/);
    expect(digest.html).toContain('Price: $50.00 → $30.00');

    // The product link opens the product page.
    const link = /See the product: (\S+)/.exec(digest.text)?.[1] ?? '';
    await abroad.goto(link);
    await abroad.getByRole('heading', { name: listing.title }).first().waitFor();
    // One digest, and still no instant email.
    expect(
      outboxFor(h, email)
        .map((m) => m.subject)
        .filter((s) => /price drop/i.test(s)),
    ).toEqual(['1 price drop today']);
    await page.context().close();
    await abroad.context().close();
  }, 180_000);
});
