/// <reference lib="dom" />
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { chromiumAvailability } from '@pt/testing';
import { ROUTE_HEADINGS } from './support/routes';
import { newPage, startWebHarness, type WebHarness, HOOK_TIMEOUT_MS } from './support/web-host';

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
const CASES = THEMES.flatMap((theme) => ROUTE_HEADINGS.map(([path]) => [theme, path] as const));

describeWithBrowser(`axe on every route${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  let h: WebHarness;
  beforeAll(async () => {
    h = await startWebHarness();
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await h?.close();
  }, HOOK_TIMEOUT_MS);

  it.each(CASES)('%s theme: %s has no serious or critical violations', async (theme, path) => {
    const page = await newPage(h, { theme, consent: false });
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
    // Let lazy data settle (skeletons → content) before the scan.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.className)).toBe(theme);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
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
});
