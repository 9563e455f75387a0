/// <reference lib="dom" />
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { chromiumAvailability } from '@pt/testing';
import {
  HOOK_TIMEOUT_MS,
  newPage,
  PASSWORD,
  registerAndConfirm,
  startWebHarness,
  uniqueEmail,
  type WebHarness,
} from './support/web-host';
import { toast } from './support/page-api';

/**
 * A shared wishlist as people pass it on: the owner shares a list, a signed-out browser opens the
 * link (and a link previewer reads its Open Graph tags without JavaScript), another shopper signs
 * in from the shared page and copies the list, and after the owner stops sharing the link is the
 * app's not-found page, with a 404 from the server.
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

/** Two demo eBay listings (never static samples), by a search through the catalog. */
async function demoEbayListings(page: Page): Promise<Array<{ id: string; title: string }>> {
  const products = await page.evaluate(async () => {
    const res = await fetch('/api/v1/search?q=headphones&marketplace=ebay&region=us&pageSize=20');
    const body = (await res.json()) as {
      products?: Array<{ id: string; title: string; marketplace?: string }>;
    };
    return body.products ?? [];
  });
  const found = products.filter((p) => p.marketplace === 'ebay' && !p.id.startsWith('sample-'));
  if (found.length < 2) throw new Error(`not two demo eBay listings: ${JSON.stringify(products)}`);
  return found.slice(0, 2);
}

/** The page as a link previewer gets it: plain HTML, no JavaScript run. */
const previewOf = async (url: string) => {
  const res = await fetch(url, { headers: { accept: 'text/html' } });
  return { status: res.status, html: await res.text() };
};

const LIST_NAME = `Sam's "gifts" <script>`;
const ESCAPED_NAME = 'Sam&#39;s &quot;gifts&quot; &lt;script&gt;';

describeWithBrowser(`shared wishlist${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  let h: WebHarness;
  beforeAll(async () => {
    h = await startWebHarness();
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await h?.close();
  }, HOOK_TIMEOUT_MS);

  it('§3 shareToken: a shared list opens signed out, previews with its name and count, copies into another account, and 404s once revoked', async () => {
    // A signs up, puts two listings on a list with a hostile name and shares it.
    const owner = await newPage(h);
    await registerAndConfirm(h, owner, uniqueEmail('share-owner'), 'Avery Owner');
    const listings = await demoEbayListings(owner);
    for (const listing of listings) {
      await owner.goto(`/product/${encodeURIComponent(listing.id)}`);
      await owner.getByRole('button', { name: 'Add to wishlist', exact: true }).click();
      await toast(owner, 'Added to wishlist').waitFor();
    }
    await owner.goto('/wishlist');
    await owner.getByTestId('wishlist-item').nth(1).waitFor();
    await owner.getByRole('button', { name: 'Rename' }).click();
    await owner.getByLabel('Wishlist name', { exact: true }).fill(LIST_NAME);
    await owner.getByRole('button', { name: 'Save name' }).click();
    await owner.getByRole('heading', { name: LIST_NAME }).waitFor();
    const share = owner.getByTestId('share-list');
    await share.getByRole('button', { name: 'Share' }).click();
    const link = await share.getByLabel('Share link').inputValue();
    expect(link).toMatch(new RegExp(`^${h.url.replace(/[.]/g, '\\.')}/shared/[A-Za-z0-9_-]{43}$`));
    // The link is shown once, but the list says it is shared after a reload too.
    await owner.reload();
    await share.getByText('Shared by link').waitFor();

    // A link previewer (no JavaScript) reads the name, escaped, and the item count.
    const preview = await previewOf(link);
    expect(preview.status).toBe(200);
    expect(preview.html).toContain(`<meta property="og:title" content="${ESCAPED_NAME}" />`);
    expect(preview.html).toContain('<meta property="og:description" content="2 items" />');
    expect(preview.html).not.toContain('<script>"');

    // A fresh browser, signed out, sees the name and the items, read-only.
    const visitor = await newPage(h);
    await visitor.goto(link);
    await visitor.getByRole('heading', { level: 1, name: LIST_NAME }).waitFor();
    await visitor.getByTestId('shared-item').nth(1).waitFor();
    const titles = await visitor.getByTestId('shared-item').getByRole('heading').allTextContents();
    expect(titles).toEqual(listings.map((l) => l.title));
    const axe = await new AxeBuilder({ page: visitor })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    expect(await visitor.getByRole('button', { name: 'Rename' }).count()).toBe(0);
    expect(await visitor.getByRole('button', { name: /Remove/ }).count()).toBe(0);

    // B has an account; from the signed-out page, Copy asks B to sign in and then copies.
    const bEmail = uniqueEmail('share-copier');
    const bOwnBrowser = await newPage(h);
    await registerAndConfirm(h, bOwnBrowser, bEmail, 'Blake Copier');
    await bOwnBrowser.context().close();
    await visitor.getByRole('button', { name: 'Copy to my wishlists' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Sign in to your account' });
    await dialog.getByLabel('Email').fill(bEmail);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await visitor.getByRole('status').filter({ hasText: 'Copied to your wishlists' }).waitFor();
    await visitor.getByRole('link', { name: 'Open your wishlists' }).click();
    await visitor.locator('#list-title').filter({ hasText: LIST_NAME }).waitFor();
    await visitor.getByTestId('wishlist-item').nth(1).waitFor();
    expect(await visitor.getByTestId('wishlist-item').getByRole('heading').allTextContents()).toEqual(
      listings.map((l) => l.title),
    );

    // A stops sharing: the link is the app's not-found page, and the server says 404.
    await share.getByRole('button', { name: 'Stop sharing' }).click();
    await toast(owner, 'is no longer shared').waitFor();
    const stranger = await newPage(h);
    await stranger.goto(link);
    await stranger.getByRole('heading', { name: 'Page not found' }).waitFor();
    const gone = await previewOf(link);
    expect(gone.status).toBe(404);
    expect(gone.html).not.toContain('og:title');
    for (const page of [owner, visitor, stranger]) await page.context().close();
  });
});
