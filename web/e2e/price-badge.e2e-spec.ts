/// <reference lib="dom" />
import { SearchResponseSchema, type CatalogProduct } from '@pt/contracts/catalog-api';
import { listingIdOf } from '@pt/domain';
import { chromiumAvailability, describeAdapter, postgresAvailability } from '@pt/testing';
import type { Page } from 'playwright-core';
import { newPage, postgresWebHarness } from './support/web-host';

const DAY = 86_400_000;
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

/**
 * ARCHITECTURE §6 "Price verdict and good price badge", in the browser: a result card and the
 * product page show the badge of a listing whose own history says something (seeded as snapshots,
 * which the rollup trigger turns into the statistics search answers read), and nothing for a
 * listing with too little history. The embedded host runs on a Postgres database of the test's,
 * so the test can write history with SQL.
 */
describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describeWithBrowser(`good-price badge${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
    // The rule from seeded snapshots alone: no simulated year for the demo listings.
    const harness = postgresWebHarness();

    async function snapshots(p: CatalogProduct, points: Array<[daysAgo: number, price: number]>) {
      for (const [d, price] of points)
        await harness.pg().db.query(
          `INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
           VALUES ($1, $2, $3, $4, $5, 'poll')`,
          [
            listingIdOf(p.marketplace!, p.id),
            p.marketplace,
            price,
            p.currency,
            new Date(Date.now() - d * DAY),
          ],
        );
    }

    const card = (page: Page, p: CatalogProduct) =>
      page
        .getByRole('list', { name: 'Search results' })
        .getByTestId('product-card')
        .filter({ has: page.getByRole('link', { name: p.title, exact: true }) });

    it('shows the badge on the result card and beside the product price, and none for a short history', async () => {
      const res = await fetch(`${harness.h().url}/api/v1/search?q=headphones&marketplace=ebay&region=us`);
      const { products } = SearchResponseSchema.parse(await res.json());
      const titles = new Map<string, number>();
      for (const p of products) titles.set(p.title, (titles.get(p.title) ?? 0) + 1);
      const [known, recent] = products.filter((p) => p.marketplace === 'ebay' && titles.get(p.title) === 1);
      if (!known || !recent) throw new Error('the demo lists too few headphones');
      // Two months well above today's price: nothing lower in 60 days.
      const high = Math.round(known.price * 150) / 100;
      await snapshots(known, [
        [60, high],
        [30, Math.round(known.price * 160) / 100],
        [10, high],
      ]);
      // Three prices over two days: below the verdict's 7-day minimum.
      await snapshots(recent, [
        [2, recent.price],
        [1, recent.price],
      ]);

      const page = await newPage(harness.h());
      await page.goto('/search?q=headphones&marketplace=ebay');
      const knownBadge = card(page, known).getByTestId('price-badge');
      await knownBadge.waitFor();
      expect(await knownBadge.textContent()).toMatch(/^Lowest in 60 days: 90-day range /);
      expect(await knownBadge.getAttribute('data-level')).toBe('low');
      await card(page, recent).waitFor();
      expect(await card(page, recent).getByTestId('price-badge').count()).toBe(0);

      await page.goto(`/product/${encodeURIComponent(known.id)}`);
      await page.getByTestId('product-price').waitFor();
      const beside = page.locator('p', { has: page.getByTestId('product-price') }).getByTestId('price-badge');
      await beside.waitFor();
      expect(await beside.textContent()).toMatch(/^Lowest in 60 days/);

      await page.goto(`/product/${encodeURIComponent(recent.id)}`);
      await page.getByTestId('product-price').waitFor();
      expect(await page.getByTestId('price-badge').count()).toBe(0);
      await page.context().close();
    });
  });
});
