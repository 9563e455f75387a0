/// <reference lib="dom" />
import { AxeBuilder } from '@axe-core/playwright';
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
import { pageApi as api, toast } from './support/page-api';

/**
 * The private feed as a shopper uses it: an alert fires and a wishlist item without an alert gets
 * cheaper, they turn the feed on from the alerts page, a feed reader (no cookies, no session) reads
 * both drops from the link the page shows, and after "Turn off" the same link answers 404.
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

/** Two demo eBay listings (never static samples), by a search through the catalog. */
async function demoEbayListings(page: Page): Promise<Array<{ id: string; title: string }>> {
  const res = await api(page, 'GET', '/api/v1/search?q=headphones&marketplace=ebay&region=us&pageSize=20');
  const products =
    (res.body as { products?: Array<{ id: string; title: string; marketplace?: string }> }).products ?? [];
  const found = products.filter((p) => p.marketplace === 'ebay' && !p.id.startsWith('sample-'));
  if (found.length < 2) throw new Error(`not two demo eBay listings: ${JSON.stringify(res)}`);
  return found.slice(0, 2);
}

const xmlText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

describeWithBrowser(`private feed${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  let h: WebHarness;
  let admin: Page;
  beforeAll(async () => {
    // Every product read asks the (demo) marketplace again, so a pinned price is seen at once.
    h = await startWebHarness({ CATALOG_CACHE_TTL_MS: '1', CATALOG_PRODUCT_LRU_SIZE: '0' });
    admin = await newPage(h);
    await registerAndConfirm(h, admin, ADMIN_EMAIL, 'Ada Admin');
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await h?.close();
  }, HOOK_TIMEOUT_MS);

  it('a fired alert and a wishlist drop are in the feed the page links to, read without a session; Turn off makes that link 404', async () => {
    const [listing, saved] = await demoEbayListings(admin);
    const pinOf = (id: string) => async (price: number) =>
      expect(
        (await api(admin, 'PUT', `/api/v1/admin/demo/products/${encodeURIComponent(id)}/price`, { price }))
          .status,
      ).toBe(200);
    const pin = pinOf(listing!.id);
    const pinSaved = pinOf(saved!.id);
    await pin(50);
    await pinSaved(60);

    const email = uniqueEmail('feed');
    const page = await newPage(h);
    await registerAndConfirm(h, page, email, 'Fern Feed');
    await page.goto(`/product/${encodeURIComponent(listing!.id)}`);
    await page.getByLabel('Target price (USD)').fill('40');
    await page.getByRole('button', { name: 'Set alert' }).click();
    await toast(page, 'Price alert set').waitFor();

    // The admin pins the price under the target; the price-drop email says the alert fired.
    await pin(30);
    await eventually(() => outboxFor(h, email).find((m) => m.subject.startsWith('Price drop')), {
      what: 'the price-drop email',
      timeoutMs: 60_000,
    });

    // A second listing goes on the wishlist without an alert, and gets cheaper; the shopper sees it.
    await page.goto(`/product/${encodeURIComponent(saved!.id)}`);
    await page.getByRole('button', { name: 'Add to wishlist', exact: true }).click();
    await toast(page, 'Added to wishlist').waitFor();
    await pinSaved(45);
    await page.reload();
    await page.getByText('$45.00').first().waitFor();

    await page.goto('/wishlist/alerts');
    const section = page.getByTestId('private-feed');
    await section.getByRole('button', { name: 'Turn on feed' }).click();
    await toast(page, 'Private feed turned on').waitFor();
    const url = await section.getByLabel('Feed link').inputValue();
    expect(url).toMatch(/^https?:\/\/[^/]+\/api\/v1\/feeds\/[A-Za-z0-9_-]{43}\.xml$/);
    // The section with its link, Copy, New link and Turn off passes axe like every other screen.
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="private-feed"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // A feed reader: Node's fetch, no cookie jar, no Authorization header.
    const read = await fetch(url);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    // The notifier's caching and indexing headers survive the gateway (which says no-store by default).
    expect(read.headers.get('cache-control')).toBe('private, max-age=300');
    expect(read.headers.get('x-robots-tag')).toBe('noindex');
    const xml = await read.text();
    expect(xml).toContain(`<title>${xmlText(listing!.title)}: $50.00 → $30.00</title>`);
    const wishlistDrop = `<title>${xmlText(saved!.title)}: $60.00 → $45.00</title>`;
    // The drop crosses catalog, pricing, the wishlist and the notifier: the reader may poll again.
    const withDrop = await eventually(
      async () => {
        const text = await (await fetch(url)).text();
        return text.includes(wishlistDrop) ? text : undefined;
      },
      { what: 'the wishlist drop in the feed', timeoutMs: 30_000 },
    );
    expect(withDrop).toContain('The price of an item on your wishlist dropped from $60.00 to $45.00.');
    expect(xml).toContain(`/product/${encodeURIComponent(listing!.id)}"`);
    expect(xml).not.toContain(email);

    await section.getByRole('button', { name: 'Turn off' }).click();
    await toast(page, 'Private feed turned off').waitFor();
    await section.getByRole('button', { name: 'Turn on feed' }).waitFor();
    const gone = await fetch(url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    await page.context().close();
  });
});
