/// <reference lib="dom" />
import {
  ProductListResponseSchema,
  SearchResponseSchema,
  type CatalogProduct,
} from '@pt/contracts/catalog-api';
import { listingIdOf } from '@pt/domain';
import { chromiumAvailability, describeAdapter, eventually, postgresAvailability } from '@pt/testing';
import type { Page } from 'playwright-core';
import { newPage, postgresWebHarness } from './support/web-host';

const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

/**
 * Deals from the listing's own history, as a shopper meets them: the Deals page ranks listings by
 * how far their landed price is below their own 90-day median and says so on each card; its
 * filters live in the URL; another region sees its own eBay site's deals; and a seller's "sale"
 * from a price the listing never charged is not a deal, and is called out on search and on the
 * product page. History is seeded as snapshots (the embedded host runs on the test's Postgres).
 */
describeAdapter('database', 'postgres', postgresAvailability(), () => {
  describeWithBrowser(
    `deals from our own history${chromium.available ? '' : ` skipped: ${chromium.reason}`}`,
    () => {
      // The rule from seeded snapshots alone: no simulated year for the demo listings.
      const harness = postgresWebHarness();

      /** Two months at `usual` (one snapshot a day), then today's price an hour ago. */
      async function history(p: CatalogProduct, usual: number) {
        await harness.pg().db.query(
          `INSERT INTO pricing.global_price_history (product_id, marketplace, price, currency, observed_at, source)
         SELECT $1, $2, $3::numeric, $4, now() - make_interval(days => d), 'poll' FROM generate_series(1, 60) AS d
         UNION ALL SELECT $1, $2, $5::numeric, $4, now() - interval '1 hour', 'poll'`,
          [listingIdOf(p.marketplace!, p.id), p.marketplace, usual, p.currency, p.price],
        );
      }

      const api = async (path: string) => {
        const res = await fetch(`${harness.h().url}${path}`);
        if (!res.ok) throw new Error(`${path} answered ${res.status}`);
        return res.json();
      };
      const dealCard = (page: Page, p: CatalogProduct) =>
        page
          .getByRole('list', { name: 'Deals' })
          .getByTestId('product-card')
          .filter({ has: page.getByRole('link', { name: p.title, exact: true }) });
      const dealTitles = (page: Page) =>
        page
          .getByRole('list', { name: 'Deals' })
          .getByTestId('product-card')
          .getByRole('heading')
          .allTextContents();

      it('ranks listings by their drop below their own median, filters in the URL, per region, without fake sales', async () => {
        const { products } = SearchResponseSchema.parse(
          await api('/api/v1/search?q=headphones&marketplace=ebay&region=us'),
        );
        const titles = new Map<string, number>();
        for (const p of products) titles.set(p.title, (titles.get(p.title) ?? 0) + 1);
        const [big, small] = products.filter((p) => p.marketplace === 'ebay' && titles.get(p.title) === 1);
        if (!big || !small) throw new Error('the demo lists too few headphones');
        // The marketplace's biggest "sale" before any history: the top listed discount on Deals.
        const before = ProductListResponseSchema.parse(
          await api('/api/v1/deals?region=us&marketplace=aliexpress&limit=24'),
        );
        const fake = before.products.find((p) => !p.historyDeal && (p.originalPrice ?? 0) > p.price * 1.1);
        if (!fake) throw new Error('the demo lists no discounted AliExpress listing');

        const usual = { big: Math.round(big.price * 150) / 100, small: Math.round(small.price * 108) / 100 };
        await history(big, usual.big); // a third below its median
        await history(small, usual.small); // ~7% below
        await history(fake, fake.price); // never charged its "was" price

        // The shopper has opened these listings before (the catalog keeps their product data).
        const page = await newPage(harness.h());
        for (const p of [big, small, fake]) {
          await page.goto(`/product/${encodeURIComponent(p.id)}`);
          await page.getByTestId('product-price').waitFor();
        }
        // The fake sale is called out beside the price on its page.
        await page.getByTestId('list-price-never-seen').waitFor();

        await page.goto('/deals');
        await dealCard(page, big).waitFor({ timeout: 30_000 });
        const bigLine = await dealCard(page, big).getByTestId('history-deal').textContent();
        expect(bigLine).toMatch(/^\d+% below its 90-day median of \S+ with shipping$/);
        // The page's figure is the landed one: shipping added to the price and to the median.
        const shown = ProductListResponseSchema.parse(await api('/api/v1/deals?region=us&limit=24'));
        const bigDeal = shown.products.find((p) => p.id === big.id);
        const shipping = bigDeal?.shippingCost ?? 0;
        const landedDrop = Math.floor(((usual.big - (bigDeal?.price ?? 0)) / (usual.big + shipping)) * 100);
        expect(bigDeal?.historyDeal?.dropPercent).toBe(landedDrop);
        expect(Number(bigLine?.split('%')[0])).toBe(landedDrop);
        const smallLine = await dealCard(page, small).getByTestId('history-deal').textContent();
        expect(Number(smallLine?.split('%')[0])).toBeLessThan(10);
        const order = await dealTitles(page);
        expect(order.indexOf(big.title)).toBe(0);
        expect(order.indexOf(small.title)).toBe(1);
        expect(order).not.toContain(fake.title);

        // A minimum drop, chosen on the page, goes into the URL and narrows the list.
        await page.getByRole('combobox', { name: 'Below usual price by' }).click();
        await page.getByRole('option', { name: '20% or more' }).click();
        await eventually(() => new URL(page.url()).searchParams.get('minDrop') === '20' || undefined, {
          what: 'minDrop in the URL',
        });
        // The list loads again for the new filter: the big drop stays first, the small one goes.
        const narrowed = await eventually(
          async () => {
            const shown = await dealTitles(page);
            return shown[0] === big.title && !shown.includes(small.title) ? shown : undefined;
          },
          { what: 'the deals of 20% or more' },
        );
        expect(narrowed).not.toContain(fake.title);

        // The URL alone brings the same page back (a shared link), and another marketplace has none of them.
        await page.goto('/deals?minDrop=20&marketplace=aliexpress');
        await page
          .getByRole('list', { name: 'Deals' })
          .or(page.getByText('No listing we track'))
          .first()
          .waitFor();
        expect(await dealTitles(page)).not.toContain(big.title);
        expect(await page.getByRole('combobox', { name: 'Marketplace' }).textContent()).toContain(
          'AliExpress',
        );

        // The United Kingdom shops eBay's UK site: a US listing's drop is not its deal.
        await page.goto('/deals');
        await dealCard(page, big).waitFor();
        await page.getByTestId('region-trigger').click();
        await page.getByRole('menuitemradio', { name: /United Kingdom/ }).click();
        await dealCard(page, big).waitFor({ state: 'detached', timeout: 30_000 });

        // Search says the same of the fake sale as its product page.
        await page.goto(`/search?q=${encodeURIComponent(fake.title)}&marketplace=aliexpress`);
        const fakeCard = page
          .getByRole('list', { name: 'Search results' })
          .getByTestId('product-card')
          .filter({ has: page.getByRole('link', { name: fake.title, exact: true }) })
          .first();
        await fakeCard.getByTestId('list-price-never-seen').waitFor({ timeout: 30_000 });
        await page.context().close();
      });
    },
  );
});
