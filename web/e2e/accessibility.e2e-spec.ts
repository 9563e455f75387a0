/// <reference lib="dom" />
import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { chromiumAvailability } from '@pt/testing';
import { ROUTE_HEADINGS } from './support/routes';
import {
  clearScreenshots,
  overflowAt360,
  SCREENSHOT_DIR,
  SHOPPING_SCREENS,
  screenshotScreen,
} from './support/screens';
import {
  ADMIN_EMAIL,
  HOOK_TIMEOUT_MS,
  newPage,
  registerAndConfirm,
  startWebHarness,
  type WebHarness,
} from './support/web-host';

const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const THEMES = ['light', 'dark'] as const;
// The search screen is opened with results on it; the alerts page has no row of its own
// in the route table (it lives under /wishlist).
const ROUTES: (readonly [path: string, heading: string])[] = [
  ...ROUTE_HEADINGS.map(([path, heading]) =>
    path === '/search'
      ? (['/search?q=headphones', 'Results for “headphones”'] as const)
      : ([path, heading] as const),
  ),
  ['/wishlist/alerts', 'Price alerts'],
];

/** §2: the lazily loaded page rendered its own heading, at the path asked for (no redirect). */
async function expectRendered(page: Page, path: string, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ timeout: 20_000 });
  expect(new URL(page.url()).pathname).toBe(new URL(path, 'http://x').pathname);
}

describeWithBrowser(
  `every route renders and passes axe${chromium.available ? '' : ` skipped: ${chromium.reason}`}`,
  () => {
    let h: WebHarness;
    beforeAll(async () => {
      clearScreenshots();
      h = await startWebHarness();
    }, HOOK_TIMEOUT_MS);
    afterAll(async () => {
      await h?.close();
    }, HOOK_TIMEOUT_MS);

    // One visit per route: it renders (§2, no page error), and is scanned in both themes — the
    // stored theme is "system", which §4 makes follow the OS live, and the browser's colour scheme
    // is switched between the two scans.
    it.each(ROUTES)(
      '%s renders its page (§2) and has no serious or critical violations, in the light and the dark theme',
      async (path, heading) => {
        const page = await newPage(h, { theme: 'system', consent: false });
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        for (const [i, theme] of THEMES.entries()) {
          await page.emulateMedia({ colorScheme: theme });
          if (i === 0) {
            await page.goto(path);
            await expectRendered(page, path, heading);
            // Let lazy data settle (skeletons → content) before the scan.
            await page.waitForLoadState('networkidle');
          }
          await page.waitForFunction((t) => document.documentElement.classList.contains(t), theme);
          expect(await page.evaluate(() => document.documentElement.className)).toBe(theme);
          expect(await seriousViolations(page)).toEqual([]);
          // The shopping screens leave a screenshot per theme as a test artifact.
          const screen = SHOPPING_SCREENS[path];
          if (screen) {
            const file = await screenshotScreen(page, `${screen}-${theme}`);
            expect(fs.statSync(file).size).toBeGreaterThan(0);
          }
        }
        // …and are checked at a 360 px wide phone viewport (§ shared: responsive down to 360 px).
        const screen = SHOPPING_SCREENS[path];
        if (screen) {
          await page.emulateMedia({ colorScheme: 'light' });
          await page.setViewportSize({ width: 360, height: 740 });
          expect(await overflowAt360(page)).toEqual({ overflowPx: 0, unreachable: [], sticksOut: [] });
          const narrow = await screenshotScreen(page, `${screen}-360px`);
          expect(fs.statSync(narrow).size).toBeGreaterThan(0);
        }
        expect(errors).toEqual([]);
        await page.context().close();
      },
    );

    it('saved a light and a dark screenshot of every shopping screen', () => {
      const expected = Object.values(SHOPPING_SCREENS).flatMap((screen) =>
        THEMES.map((theme) => `${screen}-${theme}.png`),
      );
      const missing = expected.filter((name) => {
        const file = `${SCREENSHOT_DIR}/${name}`;
        return !fs.existsSync(file) || fs.statSync(file).size === 0;
      });
      expect(missing).toEqual([]);
    });

    it.each(THEMES)('%s theme: the open auth dialog has no serious or critical violations', async (theme) => {
      const page = await newPage(h, { theme });
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign in to your account' });
      await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
      await dialog.getByText('Please enter a valid email address').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });

    // The design system's catalogue is for admins in a production build: scanned signed in as one,
    // both theme panels at once, with the page itself in each theme.
    it('the /design catalogue (as an admin) has no serious or critical violations, in the light and the dark theme', async () => {
      const page = await newPage(h, { theme: 'system' });
      await registerAndConfirm(h, page, ADMIN_EMAIL, 'Ada Admin');
      await page.goto('/design');
      await page.getByRole('region', { name: 'Dark theme' }).waitFor();
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        await page.waitForFunction((t) => document.documentElement.classList.contains(t), theme);
        expect(await seriousViolations(page)).toEqual([]);
      }
      await page.context().close();
    });
  },
);
