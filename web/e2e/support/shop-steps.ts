/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { convertCurrency, formatPrice } from '@pt/domain';
import { eventually } from '@pt/testing';
import { pageApi } from './page-api';

/** Demo eBay listings (never the static samples), by a search through the catalog. */
export async function demoEbayListings(
  page: Page,
  atLeast: number,
): Promise<Array<{ id: string; title: string }>> {
  const res = await pageApi(
    page,
    'GET',
    '/api/v1/search?q=headphones&marketplace=ebay&region=us&pageSize=20',
  );
  const products =
    (res.body as { products?: Array<{ id: string; title: string; marketplace?: string }> }).products ?? [];
  const found = products.filter((p) => p.marketplace === 'ebay' && !p.id.startsWith('sample-'));
  if (found.length < atLeast) throw new Error(`too few demo eBay listings: ${JSON.stringify(res)}`);
  return found.map(({ id, title }) => ({ id, title }));
}

/** The admin pin of a demo listing's price (USD), through the page of a signed-in admin. */
export async function pinDemoPrice(admin: Page, productId: string, price: number): Promise<void> {
  const res = await pageApi(
    admin,
    'PUT',
    `/api/v1/admin/demo/products/${encodeURIComponent(productId)}/price`,
    {
      price,
    },
  );
  if (res.status !== 200) throw new Error(`pin of ${productId} at ${price}: ${JSON.stringify(res)}`);
}

/** The region menu of the header, as a visitor uses it. */
export async function chooseRegion(page: Page, name: RegExp): Promise<void> {
  await page.getByTestId('region-trigger').click();
  await page.getByRole('menuitemradio', { name }).click();
}

/** A combobox option, chosen as a person does (open, then click the option). */
export async function chooseOption(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A USD amount as shown in `currency` at the built-in rates ("€9.20"). */
export function usdShownIn(amount: number, currency: string): string {
  const converted = convertCurrency(amount, 'USD', currency);
  if (!converted.ok) throw new Error(converted.error);
  return formatPrice(converted.value.convertedAmount, currency);
}

/** Records the browser's notifications as "title: body" in window.__shown (a headless one shows none). */
export async function recordNotifications(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { __shown: string[] }).__shown = shown;
    class RecordedNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      constructor(title: string, options?: { body?: string }) {
        shown.push(`${title}: ${options?.body ?? ''}`);
      }
    }
    (window as unknown as { Notification: unknown }).Notification = RecordedNotification;
  });
}

export const recordedNotifications = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __shown: string[] }).__shown);

/** Every stored local alert's last check, as one string: it changes when a check completes. */
const lastChecks = (page: Page): Promise<string> =>
  page.evaluate(() =>
    (JSON.parse(localStorage.getItem('price_alerts') ?? '[]') as Array<{ checkedAt?: string }>)
      .map((a) => a.checkedAt ?? '')
      .join(','),
  );

/**
 * Moves the page's clock (installed with `page.clock.install()`) past the local alert watch's 30 s,
 * one check at a time, until `done` holds. After each jump it waits for that check to complete (the
 * alerts' `checkedAt` moves) before it looks or jumps again: a jump while a check is in flight would
 * run out the timer of the toast that check is about to show. The watcher loads lazily and a check
 * that fails records nothing, so a jump that starts no completed check is repeated after a while.
 */
export async function advanceWatchUntil(
  page: Page,
  what: string,
  done: () => Promise<boolean>,
): Promise<void> {
  await eventually(
    async () => {
      if (await done()) return true;
      const before = await lastChecks(page);
      await page.clock.fastForward(31_000);
      await eventually(async () => (await lastChecks(page)) !== before, {
        what: 'a check',
        timeoutMs: 5_000,
        everyMs: 100,
      }).catch(() => undefined);
      return undefined;
    },
    { what, timeoutMs: 30_000, everyMs: 0 },
  );
}

/** Moves the watch on until it has notified (a browser notification recorded), returning them. */
export async function advanceWatchUntilNotified(page: Page, what: string): Promise<string[]> {
  await advanceWatchUntil(page, what, async () => (await recordedNotifications(page)).length > 0);
  return recordedNotifications(page);
}
