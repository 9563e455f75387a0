/// <reference lib="dom" />
import { PriceHistoryViewSchema, type PriceHistoryView } from '@pt/contracts';
import type { Page, Response } from 'playwright-core';
import { chromiumAvailability, eventually, gatewayClient } from '@pt/testing';
import {
  ADMIN_EMAIL,
  HOOK_TIMEOUT_MS,
  newPage,
  PASSWORD,
  registerAndConfirm,
  startWebHarness,
  type WebHarness,
} from './support/web-host';

/**
 * The product page's price history (§2 product detail, §9 history window and savings): a step line
 * on a time axis, a tooltip with each point's own time and price, "All", the lowest and highest
 * with their dates, no "$0.00" without history and the price just recorded on the first view.
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));
const isHistory = (r: Response, days?: string) =>
  /\/api\/v1\/products\/[^/]+\/price-history\?/.test(r.url()) &&
  (days === undefined || new URL(r.url()).searchParams.get('days') === days);

interface Dot {
  at: number;
  cx: number;
  cy: number;
}
/** The chart's observation dots, by their instant (data-at) and where they are drawn. */
const dots = (page: Page): Promise<Dot[]> =>
  page.locator('.history-dot[data-at]').evaluateAll((els) =>
    els
      .map((el) => ({
        at: Number(el.getAttribute('data-at')),
        cx: Number(el.getAttribute('cx')),
        cy: Number(el.getAttribute('cy')),
      }))
      .sort((a, b) => a.at - b.at),
  );

/** The table rows (the chart's accessible twin): time text, price text, instant. */
const rows = (page: Page) =>
  page.getByTestId('history-point').evaluateAll((els) =>
    els.map((el) => ({
      at: Number(el.getAttribute('data-at')),
      time: el.querySelectorAll('td')[0]?.textContent ?? '',
      price: el.querySelectorAll('td')[1]?.textContent ?? '',
    })),
  );

/** The statuses of every `days=all` history answer the page gets (the savings figure asks it too). */
function allAnswers(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (r) => {
    if (isHistory(r, 'all')) statuses.push(r.status());
  });
  return statuses;
}

/** "All" shows the whole history: asked with days=all, answered 200, drawn without an error. */
async function expectAllLoads(page: Page, statuses: number[], minDots: number): Promise<void> {
  await page.getByRole('button', { name: 'All', exact: true }).click();
  expect(await page.getByRole('button', { name: 'All', exact: true }).getAttribute('aria-pressed')).toBe(
    'true',
  );
  await page.getByTestId('price-history-chart').waitFor();
  await eventually(async () => ((await dots(page)).length >= minDots ? true : undefined), {
    what: `${minDots} dots in All`,
  });
  expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.every((s) => s === 200)).toBe(true);
}

/** x grows in proportion to time: the ratio of two gaps in pixels is the ratio of the gaps in time. */
function expectPlacedByTime(points: Dot[]): void {
  const [a, b, c] = points.slice(-3) as [Dot, Dot, Dot];
  const timeRatio = (c.at - a.at) / (b.at - a.at);
  const pixelRatio = (c.cx - a.cx) / (b.cx - a.cx);
  // Evenly spaced points would give 2 whatever the times are.
  expect(Math.abs(timeRatio - 2)).toBeGreaterThan(0.5);
  expect(pixelRatio).toBeCloseTo(timeRatio, 1);
}

/** Hovers an observation's dot; the tooltip must name that point's own time and price. */
async function tooltipAt(page: Page, dot: Dot): Promise<string> {
  const surface = page.locator('.history-chart-surface').first();
  await surface.scrollIntoViewIfNeeded();
  const svg = await surface.boundingBox();
  if (!svg) throw new Error('the chart is not drawn');
  // From outside the chart onto the dot, as a pointer would come.
  await page.mouse.move(svg.x + dot.cx, svg.y - 20);
  await page.mouse.move(svg.x + dot.cx, svg.y + dot.cy, { steps: 4 });
  const tip = page.getByTestId('history-tooltip');
  await tip.waitFor();
  return (await tip.textContent()) ?? '';
}

async function openProduct(page: Page, path: string): Promise<void> {
  const answered = page.waitForResponse((r) => isHistory(r, '30'), { timeout: 30_000 });
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
  expect((await answered).status()).toBe(200);
}

describeWithBrowser(
  `product price history${chromium.available ? '' : ` skipped: ${chromium.reason}`}`,
  () => {
    let h: WebHarness;
    beforeAll(async () => {
      // Every visit asks the (demo) marketplace again, so each pinned price is a new observation.
      // These tests place the prices their own visits recorded: no simulated past in the way
      // (demo-offline.e2e-spec covers the demo's backfilled year).
      h = await startWebHarness({ CATALOG_CACHE_TTL_MS: '1', DEMO_HISTORY_BACKFILL: 'off' });
    }, HOOK_TIMEOUT_MS);
    afterAll(async () => {
      await h?.close();
    }, HOOK_TIMEOUT_MS);

    it('records the price it shows, places points by time, tooltips name their own time and price, All loads', async () => {
      // An admin pins the demo listing's price between visits, so each visit records a new price.
      const admin = await newPage(h);
      await registerAndConfirm(h, admin, ADMIN_EMAIL, 'Ada Admin');
      // Node's fetch, which honours the server's keep-alive timeout: the admin's calls come with
      // long idle gaps, and a client that reuses a socket the server has just closed sees a reset.
      const call = gatewayClient(() => h.url);
      const session = await call<{ access_token: string }>('POST', '/auth/v1/token?grant_type=password', {
        email: ADMIN_EMAIL,
        password: PASSWORD,
      });
      const token = session.body.access_token;
      const pin = async (id: string, price: number) => {
        const res = await call(
          'PUT',
          `/api/v1/admin/demo/products/${encodeURIComponent(id)}/price`,
          { price },
          token,
        );
        expect(res.status).toBe(200);
      };

      const page = await newPage(h);
      const allStatuses = allAnswers(page);
      await page.goto('/search?q=headphones&marketplace=ebay');
      const link = page
        .getByRole('list', { name: 'Search results' })
        .getByTestId('product-card')
        .first()
        .getByRole('link');
      await link.waitFor({ timeout: 30_000 });
      const path = (await link.getAttribute('href')) ?? '';
      const id = decodeURIComponent(path.replace(/^\/product\//, ''));

      // The first view shows the price the visit just recorded, as the latest point.
      const visit = async (): Promise<number> => {
        await openProduct(page, path);
        const shown = money(await page.getByTestId('product-price').textContent());
        const latest = await eventually(
          async () => {
            const r = await rows(page);
            const last = r.at(-1);
            return last && money(last.price) === shown ? last : undefined;
          },
          { what: 'the just-recorded price as the latest point', timeoutMs: 20_000 },
        );
        return latest.at;
      };
      const first = await visit();
      await page.getByTestId('verdict').waitFor();
      const base = money(await page.getByTestId('product-price').textContent());
      await pin(id, Math.round(base * 80) / 100);
      const second = await visit();
      // The next observation comes after a gap clearly longer than the first one.
      await eventually(() => (Date.now() - second > 3 * (second - first) ? true : undefined), {
        what: 'a longer gap before the third price',
        timeoutMs: 60_000,
      });
      await pin(id, Math.round(base * 90) / 100);
      await visit();

      await page.getByTestId('price-history-chart').waitFor({ timeout: 30_000 });
      const drawn = await eventually(async () => ((await dots(page)).length >= 3 ? dots(page) : undefined), {
        what: 'three dots',
      });
      expectPlacedByTime(drawn);
      const table = await rows(page);
      expect(drawn.map((d) => d.at)).toEqual(table.map((r) => r.at));

      // The tooltip of the middle point says its own time and price.
      const middle = drawn.at(-2) as Dot;
      const row = table.find((r) => r.at === middle.at);
      const tip = await tooltipAt(page, middle);
      expect(tip).toContain(row?.time);
      expect(tip).toContain(row?.price);

      // Lowest and highest with their dates (a short history: the date and the time).
      const prices = table.map((r) => money(r.price));
      const lowest = (await page.getByTestId('history-lowest').textContent()) ?? '';
      const highest = (await page.getByTestId('history-highest').textContent()) ?? '';
      expect(money(lowest.split(' on ')[0] ?? '')).toBe(Math.min(...prices));
      expect(money(highest.split(' on ')[0] ?? '')).toBe(Math.max(...prices));
      expect(lowest).toMatch(new RegExp(` on .*${new Date().getFullYear()}`));
      expect(highest).toMatch(new RegExp(` on .*${new Date().getFullYear()}`));
      // Two minutes of history do not make a verdict.
      expect(await page.getByTestId('verdict').getAttribute('data-action')).toBe('unknown');
      expect(await page.getByTestId('verdict').textContent()).toBe(
        'Not enough history yet to judge this price.',
      );
      // One potential savings figure, from the history.
      expect(money(await page.getByTestId('potential-savings').textContent())).toBeGreaterThanOrEqual(0);

      await expectAllLoads(page, allStatuses, 3);
      await page.context().close();
      await admin.context().close();
    }, 240_000);

    it('shows no $0.00 and no verdict for a product with no recorded price', async () => {
      const page = await newPage(h);
      // A sample product is not a marketplace observation: it has no history.
      await openProduct(page, '/product/sample-ebay-1');
      const section = page.getByRole('region', { name: 'Price history' });
      await section.getByTestId('history-empty').waitFor();
      expect(await section.textContent()).not.toContain('0.00');
      expect(await page.getByTestId('verdict').textContent()).toBe(
        'Not enough history yet to judge this price.',
      );
      await page.context().close();
    }, 60_000);

    it('draws months of history on a date axis, converted to the region currency (routed answer)', async () => {
      const day = 24 * 60 * 60 * 1000;
      const now = Date.now();
      // Uneven gaps: 1 day, then 60 days, then 5 days.
      const at = [now - 66 * day, now - 65 * day, now - 5 * day, now].map((t) => new Date(t).toISOString());
      const usd = [100, 80, 120, 110];
      const rate = 0.92;
      const fixture = (days: string): PriceHistoryView =>
        PriceHistoryViewSchema.parse({
          productId: 'ebay:sample-ebay-1',
          marketplace: 'ebay',
          listingCurrency: 'USD',
          currency: 'EUR',
          rate,
          days: days === 'all' ? 'all' : Number(days),
          points: at.map((date, i) => ({
            date,
            price: Math.round(usd[i]! * rate * 100) / 100,
            listingPrice: usd[i],
            formattedPrice: `€${(usd[i]! * rate).toFixed(2)}`,
            source: 'global',
          })),
          statistics: {
            count: 4,
            min: 73.6,
            max: 110.4,
            average: 94.3,
            current: 101.2,
            potentialSavings: 27.6,
            trend: 'rising',
            lowest90Days: 73.6,
            average30Days: 105.8,
            available: true,
            lowest: { price: 73.6, date: at[1] },
            highest: { price: 110.4, date: at[2] },
            firstAt: at[0],
            lastAt: at[3],
          },
          verdict: { action: 'wait', reason: 'The price is above its 90-day typical range.' },
        });
      const page = await newPage(h, {
        storage: { selectedRegion: 'de', manualRegion: 'true', regionTimestamp: String(now) },
      });
      const allStatuses = allAnswers(page);
      const asked: string[] = [];
      await page.route('**/api/v1/products/*/price-history?*', (route) => {
        const url = new URL(route.request().url());
        asked.push(url.search);
        return route.fulfill({ json: fixture(url.searchParams.get('days') ?? '30') });
      });
      await openProduct(page, '/product/sample-ebay-1');
      await page.getByTestId('price-history-chart').waitFor({ timeout: 30_000 });
      expect(asked.every((q) => new URLSearchParams(q).get('currency') === 'EUR')).toBe(true);
      await page.getByTestId('history-currency-note').getByText('converted from USD to EUR').waitFor();

      const drawn = await eventually(async () => ((await dots(page)).length === 4 ? dots(page) : undefined), {
        what: 'four dots',
      });
      expectPlacedByTime(drawn.slice(0, 3));
      // Ticks are distinct dates.
      const ticks = await page.locator('.history-x-tick').allTextContents();
      expect(ticks.length).toBeGreaterThan(1);
      expect(new Set(ticks).size).toBe(ticks.length);
      for (const t of ticks) expect(t).not.toMatch(/:/);

      const tip = await tooltipAt(page, drawn[1] as Dot);
      expect(tip).toContain('€73.60');
      expect(tip).toContain(new Date(at[1] as string).getFullYear().toString());
      expect(await page.getByTestId('history-lowest').textContent()).toMatch(/^€73\.60 on /);
      expect(await page.getByTestId('history-highest').textContent()).toMatch(/^€110\.40 on /);
      expect(await page.getByTestId('potential-savings').textContent()).toBe('€27.60');
      await page.getByTestId('verdict').getByText('Wait.').waitFor();
      await expectAllLoads(page, allStatuses, 4);
      expect(asked.some((q) => new URLSearchParams(q).get('days') === 'all')).toBe(true);
      await page.context().close();
    }, 90_000);
  },
);
