/// <reference lib="dom" />
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Test artifacts of the e2e run (gitignored): one PNG per shopping screen and theme. */
export const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', '..', 'artifacts', 'screenshots');

/** The shopping screens, by the path the e2e run opens them at, and their file name. */
export const SHOPPING_SCREENS: Readonly<Record<string, string>> = {
  '/': 'home',
  '/search?q=headphones': 'search',
  '/product/sample-ebay-1': 'product',
  '/compare': 'compare',
  '/wishlist': 'wishlist',
  '/wishlist/alerts': 'alerts',
  '/categories': 'categories',
  '/deals': 'deals',
  '/trending': 'trending',
  '/new-arrivals': 'new-arrivals',
  '/marketplace/ebay': 'marketplace',
};

/** Removes this run's screenshot names, so a check for them cannot pass on a previous run's files. */
export function clearScreenshots(): void {
  if (!fs.existsSync(SCREENSHOT_DIR)) return;
  const screens = new Set(Object.values(SHOPPING_SCREENS));
  for (const name of fs.readdirSync(SCREENSHOT_DIR)) {
    if (screens.has(name.replace(/-(light|dark|360px)\.png$/, '')))
      fs.rmSync(path.join(SCREENSHOT_DIR, name));
  }
}

/**
 * A PNG of the viewport as the shopper sees it now (the first screen; a full-page capture of the
 * long result pages costs the suite minutes on a two-core machine); returns its file.
 */
export async function screenshotScreen(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * The 360 px check: how far the document scrolls sideways, the controls (header and main: links,
 * buttons, fields, the page heading) that sit outside the viewport's width where no scrollable
 * container of theirs could bring them in, and (to say what to fix) what sticks out on the right.
 */
export function overflowAt360(
  page: Page,
): Promise<{ overflowPx: number; unreachable: string[]; sticksOut: string[] }> {
  return page.evaluate(() => {
    const doc = document.scrollingElement ?? document.documentElement;
    const width = doc.clientWidth;
    const scrollsSideways = (el: Element | null): boolean => {
      for (let node = el; node && node !== doc; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node);
        if ((overflowX === 'auto' || overflowX === 'scroll') && node.scrollWidth > node.clientWidth)
          return true;
      }
      return false;
    };
    const controls = document.querySelectorAll(
      'header a[href], header button, header input, header select, main a[href], main button, ' +
        'main input, main select, main textarea, main h1',
    );
    const unreachable: string[] = [];
    for (const el of Array.from(controls)) {
      const box = el.getBoundingClientRect();
      // Not rendered, closed, or visually hidden (sr-only): nothing to reach with a finger.
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      if (box.left >= -0.5 && box.right <= width + 0.5) continue;
      if (scrollsSideways(el.parentElement)) continue;
      const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
      unreachable.push(
        `${el.tagName.toLowerCase()} "${label}" at ${Math.round(box.left)}–${Math.round(box.right)} px`,
      );
    }
    // What makes the page wider than the viewport: the innermost elements past its right edge.
    const sticksOut: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.right <= width + 0.5 || box.width <= 1 || scrollsSideways(el.parentElement)) continue;
      const inner = Array.from(el.children).some(
        (child) => child.getBoundingClientRect().right > width + 0.5,
      );
      if (inner) continue;
      const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
      sticksOut.push(`${name} "${el.textContent?.trim().slice(0, 30) ?? ''}" to ${Math.round(box.right)} px`);
    }
    return {
      overflowPx: Math.max(0, doc.scrollWidth - width),
      unreachable,
      sticksOut: sticksOut.slice(0, 5),
    };
  });
}

/** The two viewports of the layout budget and its screenshots: a laptop and a common phone. */
export const LAYOUT_VIEWPORTS = [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
] as const;
export type LayoutViewport = (typeof LAYOUT_VIEWPORTS)[number];

/**
 * The screens shot at both viewports in both themes (`home-1280-light.png`, …) by the layout
 * budget spec, by the path it opens them at. The product is a demo listing (found at run time,
 * with its history and alert), the account and the admin dashboard are shot signed in as an admin.
 */
export const LAYOUT_SCREENS: Readonly<Record<string, string>> = {
  '/': 'home',
  '/search?q=headphones': 'search',
  '/compare': 'compare',
  '/wishlist': 'wishlist',
  '/wishlist/alerts': 'alerts',
};
export const LAYOUT_SCREEN_NAMES = [
  'home',
  'search',
  'product',
  'compare',
  'wishlist',
  'alerts',
  'account',
  'admin',
];

/** Removes this run's layout screenshots, so a check for them cannot pass on a previous run's files. */
export function clearLayoutScreenshots(): void {
  if (!fs.existsSync(SCREENSHOT_DIR)) return;
  const pattern = new RegExp(`^(${LAYOUT_SCREEN_NAMES.join('|')})-(1280|390)-(light|dark)\\.png$`);
  for (const name of fs.readdirSync(SCREENSHOT_DIR)) {
    if (pattern.test(name)) fs.rmSync(path.join(SCREENSHOT_DIR, name));
  }
}
