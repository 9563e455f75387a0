/// <reference lib="dom" />
import { AxeBuilder } from '@axe-core/playwright';
import { AlsoOnResponseSchema, SearchResponseSchema, type AlsoOnResponse } from '@pt/contracts/catalog-api';
import { formatPrice, landedTotal } from '@pt/domain';
import { chromiumAvailability } from '@pt/testing';
import type { Page } from 'playwright-core';
import { crossListedModel } from './support/cross-listed';
import { HOOK_TIMEOUT_MS, newPage, startWebHarness, type WebHarness } from './support/web-host';

/**
 * "Also on other marketplaces" on the product page, against the embedded host's demo marketplaces:
 * the eBay listing of a cross-listed demo model lists its AliExpress twin (the same variant; the
 * demo catalog's ground truth) with its landed total, cheapest first, in the shopper's currency in
 * two regions.
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;
const DEMO_SEED = 'also-on-journey';

describeWithBrowser(
  `also on other marketplaces${chromium.available ? '' : ` skipped: ${chromium.reason}`}`,
  () => {
    let h: WebHarness;
    const { ebay, twin, sibling } = crossListedModel(DEMO_SEED);
    const productId = `v1|${ebay.key}|0`;

    beforeAll(async () => {
      h = await startWebHarness({ DEMO_SEED });
    }, HOOK_TIMEOUT_MS);
    afterAll(() => h?.close(), HOOK_TIMEOUT_MS);

    async function answer(region: string, id = productId): Promise<AlsoOnResponse> {
      const res = await fetch(`${h.url}/api/v1/products/${encodeURIComponent(id)}/also-on?region=${region}`);
      if (res.status !== 200) throw new Error(`also-on answered ${res.status}: ${await res.text()}`);
      return AlsoOnResponseSchema.parse(await res.json());
    }

    /** The section's rows as the shopper reads them: title and landed total, top to bottom. */
    async function rows(page: Page): Promise<Array<{ title: string; landed: string }>> {
      const section = page.getByTestId('also-on');
      await section.getByTestId('also-on-row').first().waitFor({ timeout: 30_000 });
      return section.getByTestId('also-on-row').evaluateAll((items) =>
        items.map((li) => ({
          title: li.querySelector('a')?.textContent ?? '',
          landed: li.querySelector('[data-testid="also-on-landed"]')?.textContent ?? '',
        })),
      );
    }

    it("lists the AliExpress twin of an eBay listing with its landed total, cheapest first, in the shopper's currency (US, then the United Kingdom)", async () => {
      const page = await newPage(h);
      await page.goto(`/product/${encodeURIComponent(productId)}`);
      await page.getByTestId('product-price').waitFor();

      for (const region of [
        { id: 'us', name: /United States/, currency: 'USD' },
        { id: 'uk', name: /United Kingdom/, currency: 'GBP' },
      ]) {
        if (region.id !== 'us') {
          await page.getByTestId('region-trigger').click();
          await page.getByRole('menuitemradio', { name: region.name }).click();
        }
        const expected = await answer(region.id);
        expect(expected.currency).toBe(region.currency);
        // Each landed total is the catalog's, in the region's currency, cheapest first.
        await page
          .getByTestId('also-on-landed')
          .first()
          .filter({ hasText: formatPrice(expected.listings[0]!.landed, region.currency) })
          .waitFor({ timeout: 30_000 });
        const shownNow = await rows(page);
        expect(shownNow).toEqual(
          expected.listings.map((l) => ({ title: l.title, landed: formatPrice(l.landed, region.currency) })),
        );
        expect(shownNow.map((r) => r.title)).toContain(twin.title);
        expect(shownNow.map((r) => r.title)).not.toContain(sibling.title);
        const landed = expected.listings.map((l) => l.landed);
        expect(landed).toEqual([...landed].sort((a, b) => a - b));
        expect(await page.getByTestId('also-on-own-landed').textContent()).toBe(
          formatPrice(expected.landed, region.currency),
        );
        const axe = await new AxeBuilder({ page })
          .include('[data-testid="also-on"]')
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        expect(
          axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
        // Each row's sparkline (the demo host simulates a past for every listing) and its badge.
        expect(expected.listings.every((l) => l.sparkline.length >= 2)).toBe(true);
        const section = page.getByTestId('also-on');
        expect(await section.getByTestId('sparkline').count()).toBe(
          expected.listings.filter((l) => l.sparkline.length >= 2).length,
        );
        expect(await section.getByTestId('price-badge').count()).toBe(
          expected.listings.filter((l) => l.priceBadge).length,
        );
      }
      await page.context().close();
    });

    it('search collapses the matched product into one card "from $X on 2 marketplaces"; its page lists the other marketplace with landed totals', async () => {
      const q = `${ebay.brand} ${ebay.model}`;
      const res = await fetch(
        `${h.url}/api/v1/search?${new URLSearchParams({ q, region: 'us', page: '1', pageSize: '20' })}`,
      );
      const { products } = SearchResponseSchema.parse(await res.json());
      const pair = products.filter((p) => p.title === ebay.title || p.title === twin.title);
      expect(pair.map((p) => p.marketplace).sort()).toEqual(['aliexpress', 'ebay']);
      const [cheapest, other] = [...pair].sort((a, b) => landedTotal(a, 'USD') - landedTotal(b, 'USD'));

      const page = await newPage(h);
      await page.goto(`/search?${new URLSearchParams({ q })}`);
      const results = page.getByRole('list', { name: 'Search results' });
      const card = results
        .getByTestId('product-card')
        .filter({ has: page.getByTestId('matched-offers') })
        .filter({
          has: page.getByRole('link', { name: cheapest!.title, exact: true }),
        });
      await card.waitFor({ timeout: 30_000 });
      expect(await card.getByTestId('matched-offers').textContent()).toBe(
        `from ${formatPrice(landedTotal(cheapest!, 'USD'), 'USD')} on 2 marketplaces`,
      );
      // The other marketplace's listing is inside that card, not a card of its own.
      expect(await results.getByRole('link', { name: other!.title, exact: true }).count()).toBe(0);

      await card.getByRole('link', { name: cheapest!.title, exact: true }).click();
      const row = page.getByTestId('also-on').getByTestId('also-on-row').filter({ hasText: other!.title });
      await row.waitFor({ timeout: 30_000 });
      expect(await row.getAttribute('data-marketplace')).toBe(other!.marketplace);
      const expected = await answer('us', cheapest!.id);
      const otherRow = expected.listings.find((l) => l.productId === other!.id);
      expect(await row.getByTestId('also-on-landed').textContent()).toBe(
        formatPrice(otherRow!.landed, 'USD'),
      );
      expect(await page.getByTestId('also-on-own-landed').textContent()).toBe(
        formatPrice(expected.landed, 'USD'),
      );
      await page.context().close();
    });
  },
);
