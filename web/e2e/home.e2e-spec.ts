import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import {
  chromiumAvailability,
  launchChromium,
  startHostProcess,
  waitForExit,
  type StartedHost,
} from '@pt/testing';
import { HOOK_TIMEOUT_MS, HOST_START_TIMEOUT_MS } from './support/web-host';

const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

describeWithBrowser(`web app in Chromium${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
  let host: StartedHost;
  let browser: Browser;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    host = await startHostProcess(
      ['services/all-in-one/dist/main.js'],
      { DATA_DIR: dataDir },
      HOST_START_TIMEOUT_MS,
    );
    children.push(host.child);
    browser = await launchChromium();
  }, HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    for (const child of children) {
      child.kill('SIGTERM');
      await waitForExit(child);
    }
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }, HOOK_TIMEOUT_MS);

  it('renders the home page for shoppers', async () => {
    const page = await browser.newPage();
    await page.goto(host.url);
    await page.getByRole('heading', { name: 'Compare prices across marketplaces' }).waitFor();
    await page.getByRole('search').getByRole('button', { name: 'Search' }).waitFor();
    // Prices on the home page are in the region's currency (libs/domain formatPrice, §9).
    await page.getByText('Prices in USD for United States.').waitFor();
    expect(await page.title()).toBe('Price Tracker');
    await page.close();
  });

  it('shows the not-found page for unknown client routes', async () => {
    const page = await browser.newPage();
    await page.goto(`${host.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.getByRole('heading', { name: 'Compare prices across marketplaces' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });
});
