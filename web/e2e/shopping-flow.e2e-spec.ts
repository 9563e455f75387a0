/// <reference lib="dom" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { chromiumAvailability, eventually } from '@pt/testing';
import { newPage, startWebHarness, type WebHarness, HOOK_TIMEOUT_MS } from './support/web-host';

/**
 * Issue 15, the shopper's path through the embedded host (demo marketplaces): search → filters →
 * product → history chart with points → alert → wishlist → compare two → keyboard reorder → move.
 * Messages are the §8 wishlist messages (libs/domain WISHLIST_MESSAGES).
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

/** Screenshots are test artifacts (not committed): E2E_ARTIFACTS_DIR or a temp folder. */
const ARTIFACTS = process.env.E2E_ARTIFACTS_DIR ?? path.join(os.tmpdir(), 'pt-e2e-artifacts', 'shopping');

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const cards = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByTestId('product-card');
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

async function wishlistOrder(page: Page): Promise<string[]> {
  return page.getByTestId('wishlist-item').getByRole('heading').allTextContents();
}

describeWithBrowser(`shopping screens${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  let h: WebHarness;
  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    h = await startWebHarness();
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await h?.close();
  }, HOOK_TIMEOUT_MS);

  it('search → filters → product with history → alert → wishlist → compare → keyboard reorder → move', async () => {
    const page = await newPage(h, { theme: 'dark' });

    // Search, with every filter in the URL (§2: shareable, Back works).
    await page.goto('/search?q=headphones');
    await cards(page).first().waitFor({ timeout: 30_000 });
    expect(await cards(page).count()).toBeGreaterThan(1);
    await page.getByLabel('Sort by').selectOption('price_asc');
    await eventually(() => new URL(page.url()).searchParams.get('sort') === 'price_asc' || undefined, {
      what: 'sort in the URL',
    });
    await page.getByRole('checkbox', { name: 'eBay' }).check();
    await eventually(() => new URL(page.url()).searchParams.get('marketplace') === 'ebay' || undefined, {
      what: 'marketplace in the URL',
    });
    await eventually(
      async () => {
        const badges = await cards(page).locator('.badge').allTextContents();
        return badges.length > 0 && badges.every((b) => b === 'eBay') ? badges : undefined;
      },
      { what: 'only eBay results' },
    );
    const prices = await cards(page).getByTestId('price').allTextContents();
    const numbers = prices.map((p) => Number(p.replace(/[^0-9.]/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    await page.goBack();
    await eventually(
      () => (new URL(page.url()).searchParams.get('marketplace') === null ? true : undefined),
      {
        what: 'Back drops the marketplace filter',
      },
    );
    expect(await page.getByRole('checkbox', { name: 'eBay' }).isChecked()).toBe(false);
    await page.screenshot({ path: path.join(ARTIFACTS, 'search-dark.png'), fullPage: true });

    // The first two results: one goes to compare from the card, the other is opened.
    const secondTitle = (await cards(page).nth(1).getByRole('heading').textContent()) ?? '';
    await cards(page)
      .nth(1)
      .getByRole('button', { name: /^Compare/ })
      .click();
    await toast(page, 'Added to compare').waitFor();
    await cards(page)
      .nth(1)
      .getByRole('button', { name: /^Add to wishlist/ })
      .click();
    await toast(page, 'Added to wishlist').waitFor();
    const firstTitle = (await cards(page).first().getByRole('heading').textContent()) ?? '';
    await cards(page).first().getByRole('link').click();

    // Product detail: the viewing itself records a price point, so the chart has points.
    await page.getByRole('heading', { level: 1, name: firstTitle }).waitFor({ timeout: 30_000 });
    const chart = page.getByTestId('price-history-chart');
    await chart.waitFor({ timeout: 30_000 }).catch(async () => {
      await page.getByRole('button', { name: '7d' }).click();
      await chart.waitFor({ timeout: 30_000 });
    });
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThanOrEqual(1);
    // Each recorded price is drawn as a dot on the line.
    await page.locator('.recharts-dot').first().waitFor({ state: 'attached' });
    expect(await page.locator('.recharts-dot').count()).toBe(Number(await chart.getAttribute('data-points')));
    expect(await page.getByTestId('history-point').count()).toBeGreaterThanOrEqual(1);
    await page.getByTestId('verdict').waitFor();
    await page.getByTestId('last-updated').waitFor();
    await page.getByRole('button', { name: '90d' }).click();
    expect(await page.getByRole('button', { name: '90d' }).getAttribute('aria-pressed')).toBe('true');

    // Alert with the default target (90% of the price, §4).
    const priceText = (await page.getByTestId('product-price').textContent()) ?? '';
    const target = Number(await page.getByLabel(/Target price/).inputValue());
    expect(target).toBeCloseTo(Number(priceText.replace(/[^0-9.]/g, '')) * 0.9, 1);
    await page.getByRole('button', { name: 'Set alert' }).click();
    await page
      .getByTestId('alert-state')
      .getByText(/Watching for/)
      .waitFor();
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('price_alerts') ?? '[]') as unknown[],
    );
    expect(stored).toHaveLength(1);

    // Wishlist: added once; a second add is refused with the §8 message.
    await page.getByRole('button', { name: 'Add to wishlist', exact: true }).click();
    await toast(page, 'Added to wishlist').waitFor();
    await page.getByRole('button', { name: 'Add to wishlist', exact: true }).click();
    await toast(page, 'Item is already in your wishlist').waitFor();
    await page.getByRole('button', { name: 'Add to compare' }).click();
    await toast(page, 'Added to compare').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'product-dark.png'), fullPage: true });

    // Compare: the two products side by side, one marked best value.
    await page.goto('/compare');
    await page.getByTestId('compare-table').waitFor();
    expect(await page.getByTestId('compare-column').count()).toBe(2);
    expect(await page.getByTestId('best-value').count()).toBe(1);
    await page.getByRole('rowheader', { name: 'Landed total' }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'compare-dark.png'), fullPage: true });

    // Wishlist: reorder with the keyboard only (dnd-kit keyboard sensor).
    await page.goto('/wishlist');
    await page.getByTestId('wishlist-item').nth(1).waitFor();
    expect(await wishlistOrder(page)).toEqual([secondTitle, firstTitle]);
    await page.getByRole('button', { name: `Reorder ${secondTitle}` }).focus();
    // dnd-kit marks the picked-up handle pressed and announces each move in its live region; each
    // key waits for the effect of the previous one.
    const live = page.locator('[id^="DndLiveRegion"]');
    const handle = page.getByRole('button', { name: `Reorder ${secondTitle}` });
    await page.keyboard.press('Space');
    await eventually(
      async () => ((await handle.getAttribute('aria-pressed')) === 'true' ? true : undefined),
      {
        what: 'the item picked up',
      },
    );
    await page.keyboard.press('ArrowDown');
    await eventually(
      async () => {
        const m = /item (\S+) was moved over droppable area (\S+?)\.?$/.exec(
          ((await live.textContent()) ?? '').trim(),
        );
        return m && m[1] !== m[2] ? true : undefined;
      },
      { what: 'the item moved over the next one' },
    );
    await page.keyboard.press('Space');
    await live.getByText(/was dropped/).waitFor({ state: 'attached' });
    await eventually(async () => ((await wishlistOrder(page))[0] === firstTitle ? true : undefined), {
      what: 'the keyboard reorder',
    });
    await page.reload();
    await page.getByTestId('wishlist-item').nth(1).waitFor();
    expect(await wishlistOrder(page)).toEqual([firstTitle, secondTitle]);
    await page.screenshot({ path: path.join(ARTIFACTS, 'wishlist-dark.png'), fullPage: true });

    // Several lists: create, move an item, the default cannot be deleted (§8).
    await page.getByLabel('New wishlist name').fill('Gifts');
    await page.getByRole('button', { name: 'Create wishlist' }).click();
    await toast(page, 'Created wishlist "Gifts"').waitFor();
    await page.getByTestId('wishlist-item').first().getByRole('combobox').selectOption({ label: 'Gifts' });
    await toast(page, 'Item moved').waitFor();
    expect(await wishlistOrder(page)).toEqual([secondTitle]);
    await page.getByRole('button', { name: 'Delete list' }).click();
    await toast(page, 'Cannot delete the default wishlist').waitFor();
    await page.getByRole('button', { name: /^Gifts/ }).click();
    expect(await wishlistOrder(page)).toEqual([firstTitle]);

    // Alerts page: the alert set on the product, edit its target, pause it, delete it.
    await page.getByRole('link', { name: 'Price alerts' }).click();
    const row = page.getByTestId('alert-row');
    await row.getByRole('link', { name: firstTitle }).waitFor();
    await row.getByLabel('Target').fill('1');
    await row.getByRole('button', { name: 'Save target' }).click();
    await toast(page, 'Price alert updated').waitFor();
    await row.getByRole('switch').click();
    await row.getByText('Paused').waitFor();
    const alerts = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('price_alerts') ?? '[]') as Array<{
          targetPrice: number;
          isActive: boolean;
        }>,
    );
    expect(alerts).toEqual([expect.objectContaining({ targetPrice: 1, isActive: false })]);
    await row.getByRole('button', { name: /^Delete/ }).click();
    await page.getByText('No price alerts yet').waitFor();
    await page.context().close();
  }, 300_000);

  it('an unknown product shows the not-found page', async () => {
    const page = await newPage(h);
    await page.goto('/product/sample-nope-999');
    await page.getByRole('heading', { level: 1, name: 'Product not found' }).waitFor({ timeout: 30_000 });
    await page.context().close();
  }, 60_000);

  const SCREENS = [
    ['/search?q=lamp', 'search'],
    ['/product/sample-ebay-1', 'product'],
    ['/compare', 'compare'],
    ['/wishlist', 'wishlist'],
    ['/wishlist/alerts', 'alerts'],
    ['/categories', 'categories'],
    ['/category/electronics', 'category'],
    ['/deals', 'deals'],
    ['/trending', 'trending'],
    ['/new-arrivals', 'new-arrivals'],
    ['/marketplace/ebay', 'marketplace'],
  ] as const;
  const CASES = (['light', 'dark'] as const).flatMap((theme) =>
    SCREENS.map(([p, n]) => [theme, p, n] as const),
  );

  it.each(CASES)(
    '%s theme: %s has no serious or critical axe violations',
    async (theme, route, name) => {
      // Filled screens, not just empty states: one product in the wishlist and in compare.
      const item = {
        id: 'sample-ebay-1',
        title: 'Sample product',
        price: 100,
        currency: 'USD',
        images: [],
        rating: 4.5,
        features: [],
        specifications: {},
        shippingCost: 5,
      };
      const page = await newPage(h, {
        theme,
        storage: { pt_compare_list: JSON.stringify([item, { ...item, id: 'sample-ebay-2', price: 90 }]) },
      });
      await page.goto(route);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page
        .locator('[aria-busy="true"]')
        .first()
        .waitFor({ state: 'detached', timeout: 30_000 })
        .catch(() => undefined);
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${theme}.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    },
    90_000,
  );
});
