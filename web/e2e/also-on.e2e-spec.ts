/// <reference lib="dom" />
import { AlsoOnResponseSchema, type AlsoOnResponse } from '@pt/contracts/catalog-api';
import { DemoCatalog, listingAsGiven, type DemoProduct } from '@pt/demo-marketplaces';
import { formatPrice, matchListings } from '@pt/domain';
import { chromiumAvailability } from '@pt/testing';
import type { Page } from 'playwright-core';
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

/** The eBay listing (variant 0) of a cross-listed model whose AliExpress twin the rule matches. */
function crossListedModel(): { ebay: DemoProduct; twin: DemoProduct; sibling: DemoProduct } {
  const products = new DemoCatalog({ seed: DEMO_SEED }).products;
  const at = (variantId: string, marketplace: string) =>
    products.find((p) => p.variantId === variantId && p.marketplace === marketplace);
  for (const ebay of products) {
    if (!ebay.modelId || ebay.marketplace !== 'ebay' || ebay.variationId || !ebay.variantId.endsWith('/0'))
      continue;
    const twin = at(ebay.variantId, 'aliexpress');
    const sibling = at(`${ebay.modelId}/1`, 'aliexpress');
    if (!twin || !sibling || !twin.title.includes(ebay.model)) continue;
    if (matchListings(listingAsGiven(ebay), listingAsGiven(twin)).match) return { ebay, twin, sibling };
  }
  throw new Error('the demo catalog has no cross-listed model the matching rule finds');
}

describeWithBrowser(
  `also on other marketplaces${chromium.available ? '' : ` skipped: ${chromium.reason}`}`,
  () => {
    let h: WebHarness;
    const { ebay, twin, sibling } = crossListedModel();
    const productId = `v1|${ebay.key}|0`;

    beforeAll(async () => {
      h = await startWebHarness({ DEMO_SEED });
    }, HOOK_TIMEOUT_MS);
    afterAll(() => h?.close(), HOOK_TIMEOUT_MS);

    async function answer(region: string): Promise<AlsoOnResponse> {
      const res = await fetch(
        `${h.url}/api/v1/products/${encodeURIComponent(productId)}/also-on?region=${region}`,
      );
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
      }
      await page.context().close();
    });
  },
);
