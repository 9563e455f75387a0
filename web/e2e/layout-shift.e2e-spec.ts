/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { SearchResponseSchema } from '@pt/contracts/catalog-api';
import { chromiumAvailability } from '@pt/testing';
import { HOOK_TIMEOUT_MS, startWebHarness, type WebHarness } from './support/web-host';

/**
 * Layout stability on a phone (issue "the shop window", fast on a phone: CLS ≤ 0.05): home, a search
 * and a demo product page at Lighthouse's mobile viewport (412×823, DPR 1.75), a first visit (the
 * cookie banner shows), with every API answer held back so the skeletons paint before the data
 * replaces them. The sum of every layout shift without recent input (stricter than Lighthouse's
 * largest session window) stays ≤ 0.05; a failure names the elements that moved.
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

const CLS_BUDGET = 0.05;
// Long enough for the first paint to show loading states, on a loaded machine too.
const API_DELAY_MS = 700;

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

/** Starts collecting layout shifts before the page's first script runs. */
async function observeShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; at: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    const describe = (node: Node | null): string => {
      if (!(node instanceof Element)) return node ? node.nodeName : '(gone)';
      const cls =
        typeof node.className === 'string' && node.className ? `.${node.className.split(' ').join('.')}` : '';
      const text = (node.textContent ?? '').trim().slice(0, 40);
      return `${node.tagName.toLowerCase()}${cls} "${text}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        if (shift.hadRecentInput) continue;
        shifts.push({
          value: shift.value,
          at: Math.round(shift.startTime),
          sources: (shift.sources ?? []).map(
            (s) =>
              `${describe(s.node)} ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The shifts of a first visit to a path, once the page has settled (no request for a while), and
 * the API paths it asked for.
 */
async function visit(
  h: WebHarness,
  path: string,
  ready: (page: Page) => Promise<void>,
): Promise<{ shifts: Shift[]; api: string[] }> {
  const context = await h.browser.newContext({
    baseURL: h.url,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const api: string[] = [];
  try {
    await context.route('**/api/**', async (route) => {
      api.push(new URL(route.request().url()).pathname);
      await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
      await route.fallback();
    });
    const page = await context.newPage();
    await observeShifts(page);
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState('networkidle');
    // A shift is reported on the frame after it happens: two frames later every one is in.
    const shifts = await page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return (window as unknown as { __shifts: Shift[] }).__shifts;
    });
    return { shifts, api };
  } finally {
    await context.close();
  }
}

function total(shifts: Shift[]): number {
  return shifts.reduce((sum, s) => sum + s.value, 0);
}

function explain(shifts: Shift[]): string {
  return shifts.map((s) => `${s.value.toFixed(4)} @${s.at} ms: ${s.sources.join(' | ')}`).join('\n');
}

describeWithBrowser(
  `layout shift on a phone${chromium.available ? '' : ` skipped: ${chromium.reason}`}`,
  () => {
    let h: WebHarness;
    let productPath: string;

    beforeAll(async () => {
      h = await startWebHarness();
      const res = await fetch(`${h.url}/api/v1/search?q=headphones`);
      const body = SearchResponseSchema.parse(await res.json());
      const first = body.products[0];
      if (!first) throw new Error('the demo catalog found no headphones');
      productPath = `/product/${encodeURIComponent(first.id)}`;
    }, HOOK_TIMEOUT_MS);

    afterAll(async () => {
      await h?.close();
    }, HOOK_TIMEOUT_MS);

    const cases: [name: string, path: () => string, ready: (page: Page) => Promise<void>][] = [
      [
        'home',
        () => '/',
        (page) => page.getByRole('heading', { name: 'Compare prices across marketplaces' }).waitFor(),
      ],
      [
        'search',
        () => '/search?q=headphones',
        (page) => page.getByRole('heading', { name: 'Results for “headphones”' }).waitFor(),
      ],
      ['product', () => productPath, (page) => page.getByRole('heading', { level: 1 }).waitFor()],
    ];

    it.each(cases)(
      '%s: the layout shifts add up to at most 0.05 while its data loads',
      async (name, path, ready) => {
        const { shifts } = await visit(h, path(), ready);
        const sum = total(shifts);
        if (sum > CLS_BUDGET)
          throw new Error(`${name}: layout shift ${sum.toFixed(4)} > ${CLS_BUDGET}\n${explain(shifts)}`);
        expect(sum).toBeLessThanOrEqual(CLS_BUDGET);
      },
      120_000,
    );
  },
);
