/// <reference lib="dom" />
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { SearchResponseSchema } from '@pt/contracts/catalog-api';
import { chromiumAvailability, eventually } from '@pt/testing';
import { ROUTE_HEADINGS } from './support/routes';
import {
  clearLayoutScreenshots,
  LAYOUT_SCREEN_NAMES,
  LAYOUT_SCREENS,
  LAYOUT_VIEWPORTS,
  overflowAt360,
  SCREENSHOT_DIR,
  screenshotScreen,
  type LayoutViewport,
} from './support/screens';
import { defaultLookControls } from './support/control-style';
import {
  ADMIN_EMAIL,
  HOOK_TIMEOUT_MS,
  newContext,
  registerAndConfirm,
  startWebHarness,
  type WebHarness,
} from './support/web-host';

/**
 * The shop window's layout budget, on every route at 1280×800 and 390×844 in both themes: the
 * header is one row (≤ 72 px on a desktop: a 44 px control row plus padding, where a second row
 * would make it ≥ 90; ≤ 64 px on a phone), nothing scrolls sideways (at 360 px too), every image
 * in view has loaded with no network beyond the app's own host (the demo marketplaces serve their
 * pictures themselves), and no control keeps the browser's default look. One browser and one page
 * for the anonymous routes; it also writes the screenshots of the shop's screens.
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

const HEADER_BUDGET_PX: Record<LayoutViewport['name'], number> = { '1280': 72, '390': 64 };
const THEMES = ['light', 'dark'] as const;

// The search screen is checked with results on it; the alerts page lives under /wishlist.
const ROUTES: (readonly [path: string, heading: string])[] = [
  ...ROUTE_HEADINGS.map(([path, heading]) =>
    path === '/search'
      ? (['/search?q=headphones', 'Results for “headphones”'] as const)
      : ([path, heading] as const),
  ),
  ['/wishlist/alerts', 'Price alerts'],
];

/** This machine: the app and the demo marketplaces, which serve their own pictures. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost']);

/**
 * A context whose pages reach only this machine (the app's host and the demo marketplaces' own
 * HTTP): any other address fails like an offline one.
 */
async function offlineContext(h: WebHarness): Promise<BrowserContext> {
  const context = await newContext(h, { theme: 'system' });
  await context.route(
    (url) => !LOOPBACK.has(url.hostname) && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => route.abort('internetdisconnected'),
  );
  return context;
}

/**
 * The images in the viewport (rendered, not hidden) that did not load, or product pictures shown
 * as the placeholder: each is given up to 10 s to answer (a lazy image starts when the new
 * viewport brings it into view).
 */
function brokenImagesInView(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const images = Array.from(document.images).filter((img) => {
      const box = img.getBoundingClientRect();
      return (
        box.width > 1 &&
        box.height > 1 &&
        box.bottom > 0 &&
        box.top < window.innerHeight &&
        getComputedStyle(img).visibility !== 'hidden'
      );
    });
    await Promise.all(
      images
        .filter((img) => !img.complete)
        .map(
          (img) =>
            new Promise<void>((done) => {
              img.addEventListener('load', () => done(), { once: true });
              img.addEventListener('error', () => done(), { once: true });
              setTimeout(done, 10_000);
            }),
        ),
    );
    // Every demo product and sample has its own picture: a placeholder in view means one failed.
    const fellBack = images
      .filter((img) => img.closest('[data-testid="product-image"]')?.getAttribute('data-fallback') === 'true')
      .map((img) => `product picture fell back to the placeholder (alt "${img.alt}")`);
    return images
      .filter((img) => !img.complete || img.naturalWidth === 0)
      .map((img) => `image ${img.currentSrc || img.src} (alt "${img.alt}") not loaded`)
      .concat(fellBack);
  });
}

/** What breaks the budget on the page as it is now, one line each (empty: within budget). */
async function layoutProblems(page: Page, viewport: LayoutViewport): Promise<string[]> {
  const problems: string[] = [];
  const header = await page.evaluate(() => {
    const el = document.querySelector('header');
    return el ? Math.round(el.getBoundingClientRect().height) : null;
  });
  const budget = HEADER_BUDGET_PX[viewport.name];
  if (header !== null && header > budget) problems.push(`header ${header} px > ${budget} px`);
  const overflow = await overflowAt360(page);
  if (overflow.overflowPx > 0)
    problems.push(`scrolls ${overflow.overflowPx} px sideways: ${overflow.sticksOut.join('; ')}`);
  problems.push(...(await brokenImagesInView(page)));
  problems.push(...(await defaultLookControls(page)).map((c) => `default-looking ${c}`));
  return problems;
}

async function showTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction((t) => document.documentElement.classList.contains(t), theme);
}

/**
 * Checks the open page at both viewports in both themes (and 360 px for sideways scroll), writing
 * `<screen>-<viewport>-<theme>.png` when it is one of the shop's screens; answers the problems,
 * each prefixed with where it was seen.
 */
async function checkEverywhere(page: Page, screen: string | undefined): Promise<string[]> {
  const problems: string[] = [];
  for (const viewport of LAYOUT_VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const theme of THEMES) {
      await showTheme(page, theme);
      const where = `${viewport.width}×${viewport.height} ${theme}`;
      problems.push(...(await layoutProblems(page, viewport)).map((p) => `${where}: ${p}`));
      if (screen) await screenshotScreen(page, `${screen}-${viewport.name}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 360, height: 740 });
  const narrow = await overflowAt360(page);
  if (narrow.overflowPx > 0)
    problems.push(`360 px: scrolls ${narrow.overflowPx} px sideways: ${narrow.sticksOut.join('; ')}`);
  return problems;
}

async function openRendered(page: Page, path: string, heading: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ timeout: 20_000 });
  // Lazy data settles (skeletons → content) before anything is measured.
  await page.waitForLoadState('networkidle');
}

describeWithBrowser(`layout budget${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  let h: WebHarness;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    clearLayoutScreenshots();
    h = await startWebHarness();
    context = await offlineContext(h);
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await context?.close();
    await h?.close();
  }, HOOK_TIMEOUT_MS);

  it.each(ROUTES)(
    '%s: header within budget, no sideways scroll, images loaded offline, no default-looking control (1280 and 390 px, light and dark)',
    async (path, heading) => {
      pageErrors.length = 0;
      await openRendered(page, path, heading);
      expect(await checkEverywhere(page, LAYOUT_SCREENS[path])).toEqual([]);
      expect(pageErrors).toEqual([]);
    },
  );

  it('a demo product page puts title, price, alert and chart in the first screen at 1280×800, and price and alert at 390×844', async () => {
    const res = await fetch(`${h.url}/api/v1/search?q=headphones&region=us`);
    const { products } = SearchResponseSchema.parse(await res.json());
    const demo = products.find((p) => p.marketplace === 'ebay' || p.marketplace === 'aliexpress');
    if (!demo) throw new Error('the demo marketplaces list no headphones');
    await openRendered(page, `/product/${encodeURIComponent(demo.id)}`, demo.title);
    await page.getByRole('heading', { name: 'Price alert' }).waitFor();
    const bottomOf = (selector: string) =>
      page.evaluate((s) => document.querySelector(s)?.getBoundingClientRect().bottom ?? Infinity, selector);
    const topOf = (selector: string) =>
      page.evaluate((s) => document.querySelector(s)?.getBoundingClientRect().top ?? Infinity, selector);
    const setAlertBottom = async () => {
      const box = await page.getByRole('button', { name: 'Set alert' }).boundingBox();
      return box ? box.y + box.height : Infinity;
    };
    // Desktop: the h1, the price, the alert's target field and the start of the history are on screen.
    expect(await bottomOf('h1')).toBeLessThanOrEqual(800);
    expect(await bottomOf('[data-testid="product-price"]')).toBeLessThanOrEqual(800);
    expect(await bottomOf('#alert-title')).toBeLessThanOrEqual(800);
    expect(await setAlertBottom()).toBeLessThanOrEqual(800);
    expect(await topOf('#history-title')).toBeLessThan(800);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await bottomOf('[data-testid="product-price"]')).toBeLessThanOrEqual(844);
    expect(await bottomOf('#alert-title')).toBeLessThanOrEqual(844);
    expect(await setAlertBottom()).toBeLessThanOrEqual(844);
    expect(await checkEverywhere(page, 'product')).toEqual([]);
  });

  it('signed in as an admin with a long name, the header stays one row (account, admin dashboard)', async () => {
    const admin = await (await offlineContext(h)).newPage();
    await registerAndConfirm(h, admin, ADMIN_EMAIL, 'Alexandra Administrator-Longname');
    const problems: string[] = [];
    for (const [path, heading, screen] of [
      ['/', 'Compare prices across marketplaces', undefined],
      ['/account', 'Account', 'account'],
      ['/admin', 'Admin dashboard', 'admin'],
    ] as const) {
      await openRendered(admin, path, heading);
      problems.push(...(await checkEverywhere(admin, screen)).map((p) => `${path} ${p}`));
    }
    expect(problems).toEqual([]);
    await admin.context().close();
  });

  it('the default-look check sees a native control drawn by the browser (a range slider) and a styled one not', async () => {
    await openRendered(page, '/privacy', 'Privacy policy');
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.id = 'ua-probe';
      probe.innerHTML = '<input type="range" aria-label="Native slider"><button class="btn">Styled</button>';
      document.querySelector('main')?.append(probe);
    });
    const found = await defaultLookControls(page);
    await page.evaluate(() => document.getElementById('ua-probe')?.remove());
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^input\[range\] "Native slider": appearance auto/);
  });

  it('home: the hero search suggests recent searches, moves through them with the arrows, searches the chosen one, and clears them', async () => {
    const shopper = await newContext(h, {
      storage: { pt_search_history: JSON.stringify(['usb cable', 'headphones', 'head torch']) },
    });
    const home = await shopper.newPage();
    await home.goto('/');
    const box = home.getByRole('combobox', { name: 'Search products' });
    await box.fill('head');
    const list = home.getByRole('listbox', { name: 'Recent searches' });
    expect(await list.getByRole('option').allTextContents()).toEqual([
      'headphones',
      'head torch',
      'Clear recent searches',
    ]);
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(await home.locator(`[id="${active}"]`).textContent()).toBe('head torch');
    expect(await home.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await home.getByRole('heading', { level: 1, name: 'Results for “head torch”' }).waitFor();
    await home.goto('/');
    await box.click();
    await list.getByRole('option', { name: 'Clear recent searches' }).click();
    expect(await home.evaluate(() => localStorage.getItem('pt_search_history'))).toBeNull();
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await shopper.close();
  });

  it('phone: the header menu holds the nav, and the search filters open in a sheet with removable chips', async () => {
    const phone = await (await newContext(h)).newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/');
    // The desktop nav is not shown on a phone: the menu button opens a sheet with the links.
    expect(await phone.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await phone.getByRole('button', { name: 'Menu' }).click();
    const sheet = phone.getByRole('dialog', { name: 'Menu' });
    await sheet.getByRole('link', { name: 'Compare' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Compare products' }).waitFor();
    await sheet.waitFor({ state: 'hidden' });

    await phone.goto('/search?q=headphones');
    await phone.getByTestId('product-card').first().waitFor({ timeout: 30_000 });
    await phone.getByRole('button', { name: 'Filters' }).click();
    const filters = phone.getByRole('dialog', { name: 'Filters' });
    await filters.getByRole('checkbox', { name: 'eBay' }).click();
    await eventually(() => new URL(phone.url()).searchParams.get('marketplace') === 'ebay' || undefined, {
      what: 'marketplace in the URL',
    });
    await filters.getByRole('button', { name: 'Show results' }).click();
    const chips = phone.getByRole('list', { name: 'Active filters' });
    await chips.getByRole('button', { name: 'eBay (remove filter)' }).click();
    await eventually(
      () => (new URL(phone.url()).searchParams.get('marketplace') === null ? true : undefined),
      {
        what: 'the chip removed the filter',
      },
    );
    // The URL changes before React renders the page again: wait for the chips to go, not a count.
    await phone.getByRole('list', { name: 'Active filters' }).waitFor({ state: 'detached', timeout: 5_000 });
    await phone.context().close();
  });

  it('wrote every layout screenshot (both viewports, both themes)', () => {
    const missing = LAYOUT_SCREEN_NAMES.flatMap((screen) =>
      LAYOUT_VIEWPORTS.flatMap((v) => THEMES.map((t) => `${screen}-${v.name}-${t}.png`)),
    ).filter((name) => {
      const file = `${SCREENSHOT_DIR}/${name}`;
      return !fs.existsSync(file) || fs.statSync(file).size === 0;
    });
    expect(missing).toEqual([]);
  });
});
