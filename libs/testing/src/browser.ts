import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import type { Availability } from './availability';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumAvailability(): Availability {
  return fs.existsSync(CHROMIUM_PATH)
    ? { available: true }
    : { available: false, reason: `no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)` };
}

/** Debian's Chromium, headless, without the background traffic a closed network refuses. */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
