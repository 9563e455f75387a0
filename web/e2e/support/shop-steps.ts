/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { convertCurrency, formatPrice } from '@pt/domain';
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
