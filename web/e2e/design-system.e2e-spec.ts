/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { chromiumAvailability } from '@pt/testing';
import fs from 'node:fs';
import path from 'node:path';
import { SCREENSHOT_DIR } from './support/screens';
import { defaultLookControls, movingControls, stopsWithoutFocusRing } from './support/control-style';
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
const THEMES = ['light', 'dark'] as const;

/**
 * Issue "the shop window", design system: no control keeps the browser's default look, every focus
 * stop shows a ring, and reduced motion stills every control — on /design (every component, both
 * themes side by side) and on the main routes, in both themes.
 */
const ROUTES: readonly [path: string, heading: string][] = [
  ['/', 'Compare prices across marketplaces'],
  ['/search?q=headphones', 'Results for “headphones”'],
  ['/product/sample-ebay-1', ''],
  ['/compare', 'Compare products'],
  ['/wishlist', 'Wishlists'],
  ['/wishlist/alerts', 'Price alerts'],
  ['/settings', 'Settings'],
  ['/account', 'Account'],
  ['/admin', 'Admin dashboard'],
  ['/admin/settings', 'System settings'],
  ['/admin/monitoring', 'Client monitoring'],
  ['/admin/outbox', 'Outbox'],
];

async function open(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  const h1 = heading
    ? page.getByRole('heading', { level: 1, name: heading, exact: true })
    : page.getByRole('heading', { level: 1 });
  await h1.first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction((t) => document.documentElement.classList.contains(t), theme);
}

describeWithBrowser(
  `design system: controls styled, focus rings, reduced motion${chromium.available ? '' : ` skipped: ${chromium.reason}`}`,
  () => {
    let h: WebHarness;
    let admin: Page;
    beforeAll(async () => {
      h = await startWebHarness();
      admin = await newPage(h, { theme: 'system' });
      await registerAndConfirm(h, admin, ADMIN_EMAIL, 'Ada Admin');
    }, HOOK_TIMEOUT_MS);
    afterAll(async () => {
      await admin?.context().close();
      await h?.close();
    }, HOOK_TIMEOUT_MS);

    it('/design shows every component in a light and a dark panel, to an admin', async () => {
      await open(admin, '/design', 'Design system');
      for (const theme of THEMES) {
        const panel = admin.getByRole('region', { name: `${theme === 'light' ? 'Light' : 'Dark'} theme` });
        for (const role of [
          'combobox',
          'checkbox',
          'radio',
          'switch',
          'tab',
          'searchbox',
          'textbox',
        ] as const)
          expect(await panel.getByRole(role).count()).toBeGreaterThan(0);
        expect(await panel.locator('svg.flag').count()).toBe(12);
      }
      // The panels really carry their own theme: the same token resolves to two colours.
      const backgrounds = await admin.$$eval('.design-panel', (panels) =>
        panels.map((p) => getComputedStyle(p).backgroundColor),
      );
      expect(backgrounds).toEqual(['rgb(255, 255, 255)', 'rgb(15, 17, 21)']);
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const file = path.join(SCREENSHOT_DIR, 'design.png');
      await admin.screenshot({ path: file, fullPage: true });
      expect(fs.statSync(file).size).toBeGreaterThan(0);
    });

    it('/design is for admins in a production build: a visitor sees no catalogue', async () => {
      const visitor = await newPage(h);
      await open(visitor, '/design', 'Design system');
      expect(await visitor.locator('.design-panel').count()).toBe(0);
      await visitor.getByText('The component catalogue is for administrators.').waitFor();
      await visitor.context().close();
    });

    it.each([['/design', 'Design system'] as const, ...ROUTES])(
      '%s: no control has the browser default look, in the light and the dark theme',
      async (path, heading) => {
        await open(admin, path, heading);
        for (const theme of THEMES) {
          await useTheme(admin, theme);
          expect(await defaultLookControls(admin)).toEqual([]);
        }
      },
    );

    it.each([['/design', 'Design system'] as const, ...ROUTES])(
      '%s: every keyboard focus stop shows a focus ring',
      async (path, heading) => {
        await open(admin, path, heading);
        const { stops, withoutRing } = await stopsWithoutFocusRing(admin, path === '/design' ? 120 : 60);
        expect(withoutRing).toEqual([]);
        expect(stops).toBeGreaterThan(3);
      },
    );

    it('the check sees a default-looking control and a missing ring (it can fail)', async () => {
      await open(admin, '/design', 'Design system');
      await admin.evaluate(() => {
        const raw = document.createElement('button');
        raw.textContent = 'Raw';
        raw.style.cssText = 'all: revert';
        document.querySelector('main')!.prepend(raw);
        const noRing = document.createElement('button');
        noRing.textContent = 'No ring';
        noRing.className = 'btn';
        noRing.style.setProperty('outline', 'none', 'important');
        document.querySelector('main')!.prepend(noRing);
      });
      expect((await defaultLookControls(admin)).join('\n')).toContain('"Raw": appearance auto');
      expect((await stopsWithoutFocusRing(admin, 40)).withoutRing).toContain('button "No ring"');
    });

    it.each([['/design', 'Design system'] as const, ...ROUTES.slice(0, 3)])(
      '%s: with prefers-reduced-motion no control transitions or animates',
      async (path, heading) => {
        await admin.emulateMedia({ reducedMotion: 'no-preference' });
        await open(admin, path, heading);
        // Without the preference, controls do move: the check below is not vacuous.
        expect((await movingControls(admin)).length).toBeGreaterThan(0);
        await admin.emulateMedia({ reducedMotion: 'reduce' });
        expect(await movingControls(admin)).toEqual([]);
        await admin.emulateMedia({ reducedMotion: 'no-preference' });
      },
    );
  },
);
