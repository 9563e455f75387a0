/// <reference lib="dom" />
import type { Page, Response, Route } from 'playwright-core';
import { SearchResponseSchema } from '@pt/contracts';
import { chromiumAvailability, eventually } from '@pt/testing';
import { HOOK_TIMEOUT_MS, newPage, startWebHarness, type WebHarness } from './support/web-host';

/**
 * A demo that looks real offline (`npm start`, no credentials, no network): the demo marketplaces'
 * own pictures load on the cards and the product page, a failing marketplace picture gives way to
 * the §8 image placeholder inside its frame, and a demo product shows a simulated year of price
 * history (daily, 6-hourly for the last 30 days), labelled as demo data. The host is fresh: its
 * first search answer already carries a good-price badge for each demo card (ARCHITECTURE §6 "Price
 * verdict and good price badge"; the badges request fills the cards' simulated year first), so the
 * badge test runs first.
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;
const DAY = 24 * 60 * 60 * 1000;

/** Only the app and the loopback demo servers answer; anything else counts as the outside world. */
async function offline(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.context().route('**/*', (route: Route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') return route.continue();
    outside.push(url.href);
    return route.abort('internetdisconnected');
  });
  return outside;
}

/** naturalWidth of an <img>, once it finished loading (0 = broken). */
async function loadedWidth(page: Page, selector: string): Promise<{ src: string; width: number }> {
  return eventually(
    () =>
      page
        .locator(selector)
        .first()
        .evaluate((img: HTMLImageElement) =>
          img.complete ? { src: img.currentSrc || img.src, width: img.naturalWidth } : undefined,
        ),
    { what: `${selector} to finish loading`, timeoutMs: 20_000 },
  );
}

/** The history points' times (the 1y tab's table), once more than 400 of them are shown. */
function yearOfPoints(page: Page): Promise<number[]> {
  return eventually(
    async () => {
      const at = await page
        .getByTestId('history-point')
        .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-at'))));
      return at.length > 400 ? at : undefined;
    },
    { what: 'a year of history points', timeoutMs: 30_000 },
  );
}

describeWithBrowser(`demo offline${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  let h: WebHarness;

  beforeAll(async () => {
    h = await startWebHarness();
  }, HOOK_TIMEOUT_MS);
  afterAll(() => h?.close(), HOOK_TIMEOUT_MS);

  it('the first search’s demo cards each show a badge; a product page shows a year, its badge, a verdict and the demo note', async () => {
    const page = await newPage(h);
    const searches: Response[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/search') searches.push(r);
    });
    await page.goto('/search?q=headphones');
    const results = page.getByRole('list', { name: 'Search results' });
    const cards = results.getByTestId('product-card');
    await cards.first().getByRole('link').waitFor({ timeout: 60_000 });

    // The first search answer of this host, not a later one, carries a badge for every card.
    const first = await eventually(async () => searches[0], { what: 'the first search answer' });
    const answer = SearchResponseSchema.parse(await first.json());
    expect(answer.products.length).toBeGreaterThanOrEqual(10);
    expect(answer.products.filter((p) => !p.priceBadge).map((p) => p.id)).toEqual([]);

    const shown = await cards.count();
    expect(shown).toBe(answer.products.length);
    expect(await results.getByTestId('price-badge').count()).toBe(shown);
    const levels = await results
      .getByTestId('price-badge')
      .evaluateAll((badges) => badges.map((b) => b.getAttribute('data-level')));
    expect(levels.filter((l) => !['low', 'typical', 'high'].includes(l ?? ''))).toEqual([]);

    // A product page: the year of history (table and statistics), its badge, a verdict, the note.
    const path = (await cards.first().getByRole('link').first().getAttribute('href')) ?? '';
    await page.goto(path);
    await page.getByTestId('product-price').waitFor({ timeout: 30_000 });
    const beside = page.locator('p', { has: page.getByTestId('product-price') }).getByTestId('price-badge');
    await beside.waitFor({ timeout: 15_000 });
    expect(['low', 'typical', 'high']).toContain(await beside.getAttribute('data-level'));
    await page.getByRole('button', { name: '1y' }).click();
    const points = await yearOfPoints(page);
    expect(points[0]).toBeLessThan(Date.now() - 360 * DAY);
    expect(await page.getByTestId('history-lowest').textContent()).toMatch(/\d/);
    await page.getByTestId('verdict').waitFor();
    expect(await page.getByTestId('verdict').getAttribute('data-action')).not.toBe('unknown');
    await page.getByTestId('demo-history-note').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('demo-history-note').textContent()).toContain('Demo data');

    // Pro Mode's dense table and its product page carry the same badges.
    await page.goto('/pro/search?q=headphones');
    const table = page.getByRole('table', { name: 'Search results' });
    const rows = table.locator('tbody tr');
    await rows.first().waitFor({ timeout: 30_000 });
    await eventually(async () => ((await table.getByTestId('price-badge').count()) > 0 ? true : undefined), {
      what: 'the Pro table’s badges',
    });
    expect(await table.getByTestId('price-badge').count()).toBe(await rows.count());
    await rows.first().getByRole('link').click();
    await page.getByRole('heading', { name: 'Price statistics' }).waitFor();
    expect(['low', 'typical', 'high']).toContain(
      await page.getByTestId('price-badge').first().getAttribute('data-level'),
    );
    await page.context().close();
  });

  it('cards and the product page show the demo marketplaces’ own pictures; the page shows a year of demo history, labelled', async () => {
    const page = await newPage(h);
    const outside = await offline(page);
    await page.goto('/search?q=headphones&marketplace=ebay');
    const card = page.getByRole('list', { name: 'Search results' }).getByTestId('product-card').first();
    await card.getByRole('link').waitFor({ timeout: 30_000 });
    const cardImage = await loadedWidth(
      page,
      '[data-testid="product-card"] [data-testid="product-image"] img',
    );
    expect(cardImage.src).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/\d+\/0\.svg$/);
    expect(cardImage.width).toBeGreaterThan(0);

    const path = (await card.getByRole('link').getAttribute('href')) ?? '';
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    const mainImage = await loadedWidth(page, '.gallery [data-testid="product-image"] img');
    expect(mainImage.src).toMatch(/\/images\/\d+\/0\.svg$/);
    expect(mainImage.width).toBeGreaterThan(0);

    // The year: the 1y tab's chart and its table reach back about a year, 6-hourly at the end.
    await page.getByRole('button', { name: '1y' }).click();
    const points = await yearOfPoints(page);
    const now = Date.now();
    expect(points[0]).toBeLessThan(now - 360 * DAY);
    expect(points[0]).toBeGreaterThan(now - 366 * DAY);
    const lastMonth = points.filter((t) => t > now - 29 * DAY);
    expect(lastMonth.length).toBeGreaterThan(100);
    expect(await page.getByTestId('history-lowest').textContent()).toMatch(/\d/);
    await page.getByTestId('demo-history-note').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('demo-history-note').textContent()).toContain('Demo data');
    await page.getByTestId('verdict').waitFor();
    expect(await page.getByTestId('verdict').getAttribute('data-action')).not.toBe('unknown');
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['United Kingdom', 'GBP', '£'],
    ['Deutschland', 'EUR', '€'],
  ])(
    'ARCHITECTURE §6 one history per listing: a shopper in %s reads each card’s badge and its range in %s, and the product page’s too',
    async (region, currency, symbol) => {
      const page = await newPage(h);
      const searches: Response[] = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname === '/api/v1/search') searches.push(r);
      });
      await page.goto('/');
      await page.getByTestId('region-trigger').click();
      await page.getByRole('menuitemradio', { name: new RegExp(region) }).click();
      await page.goto('/search?q=speaker');
      const results = page.getByRole('list', { name: 'Search results' });
      const cards = results.getByTestId('product-card');
      await cards.first().getByRole('link').waitFor({ timeout: 60_000 });

      // The marketplaces quote these listings in the region's currency, converted from their own.
      const answer = SearchResponseSchema.parse(
        await (await eventually(async () => searches.at(-1), { what: 'the search answer' })).json(),
      );
      expect(answer.products.length).toBeGreaterThanOrEqual(10);
      expect(answer.products.filter((p) => p.currency !== currency).map((p) => p.id)).toEqual([]);
      // Every listing of the demo marketplaces has a year behind it; the static samples have none.
      const live = answer.products.filter((p) => p.marketplace === 'ebay' || p.marketplace === 'aliexpress');
      expect(live.length).toBeGreaterThanOrEqual(10);
      expect(live.filter((p) => p.priceBadge?.currency !== currency).map((p) => p.id)).toEqual([]);
      expect(await results.getByTestId('price-badge').count()).toBe(
        answer.products.filter((p) => p.priceBadge).length,
      );
      const ranges = await results
        .getByTestId('price-badge')
        .evaluateAll((badges) => badges.map((b) => b.getAttribute('title') ?? ''));
      expect(ranges.filter((r) => !r.includes(symbol))).toEqual([]);

      const path = (await cards.first().getByRole('link').first().getAttribute('href')) ?? '';
      await page.goto(path);
      const price = page.getByTestId('product-price');
      await price.waitFor({ timeout: 30_000 });
      expect(await price.textContent()).toContain(symbol);
      const beside = page.locator('p', { has: price }).getByTestId('price-badge');
      await beside.waitFor({ timeout: 15_000 });
      expect(['low', 'typical', 'high']).toContain(await beside.getAttribute('data-level'));
      expect(await beside.getAttribute('title')).toContain(symbol);
      await page.context().close();
    },
  );

  it('a marketplace picture that fails falls back to the §8 placeholder inside its fixed frame', async () => {
    const page = await newPage(h);
    await offline(page);
    // The real marketplace's CDN is down: every product picture fails.
    await page.route(/\/images\/\d+\/\d\.svg$/, (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/search?q=headphones&marketplace=ebay');
    const frame = page.locator('[data-testid="product-card"] [data-testid="product-image"]').first();
    await frame.waitFor({ timeout: 30_000 });
    await eventually(
      async () => ((await frame.getAttribute('data-fallback')) === 'true' ? true : undefined),
      {
        what: 'the placeholder',
        timeoutMs: 20_000,
      },
    );
    const image = await loadedWidth(page, '[data-testid="product-card"] [data-fallback="true"] img');
    expect(new URL(image.src).pathname).toBe('/placeholder.svg');
    expect(image.width).toBeGreaterThan(0);
    // The frame holds its ratio and nothing (alt text included) spills out of it.
    const box = await frame.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const img = el.querySelector('img')!.getBoundingClientRect();
      return { w: r.width, h: r.height, imgRight: img.right - r.right, imgBottom: img.bottom - r.bottom };
    });
    expect(box.w).toBeGreaterThan(0);
    expect(box.h).toBeGreaterThan(0);
    expect(box.imgRight).toBeLessThanOrEqual(0.5);
    expect(box.imgBottom).toBeLessThanOrEqual(0.5);
    await page.context().close();
  });
});
