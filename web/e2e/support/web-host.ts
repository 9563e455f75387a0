import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  createTestPostgres,
  eventually,
  launchChromium,
  startHostProcess,
  waitForExit,
  type StartedHost,
  type TestPostgres,
} from '@pt/testing';
import type { StoredMail } from '@pt/platform';

export const ADMIN_EMAIL = 'admin@e2e.test';
export const PASSWORD = 'correct horse 42';

/** The shared machine can be slow to boot a host (PGlite migrations of every service). */
export const HOST_START_TIMEOUT_MS = 150_000;
export const HOOK_TIMEOUT_MS = 180_000;

/** One embedded host (PGlite, file mailer) and one Chromium per spec file. */
export interface WebHarness {
  host: StartedHost;
  browser: Browser;
  dataDir: string;
  url: string;
  close(): Promise<void>;
}

export async function startWebHarness(env: Record<string, string> = {}): Promise<WebHarness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-e2e-'));
  const host = await startHostProcess(
    ['services/all-in-one/dist/main.js'],
    {
      DATA_DIR: dataDir,
      ADMIN_EMAILS: ADMIN_EMAIL,
      // Every browser of the suite shares one address: the per-client limits (the catalog's and the
      // gateway's) are tested where they live, not here.
      CATALOG_CLIENT_BURST: '1000000',
      CATALOG_CLIENT_PER_MINUTE: '1000000',
      GATEWAY_RATE_LIMIT_IP_PER_MINUTE: '1000000',
      GATEWAY_RATE_LIMIT_USER_PER_MINUTE: '1000000',
      ...env,
    },
    HOST_START_TIMEOUT_MS,
  );
  const browser = await launchChromium();
  return {
    host,
    browser,
    dataDir,
    url: host.url,
    async close() {
      await browser.close();
      host.child.kill('SIGTERM');
      await waitForExit(host.child);
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/**
 * A fresh browser context (its own storage). The cookie choice is pre-set so the banner does not
 * cover the page, unless a test asks for the banner.
 */
export async function newContext(
  h: WebHarness,
  options: {
    consent?: boolean;
    theme?: 'light' | 'dark' | 'system';
    storage?: Record<string, string>;
    /** The browser's IANA zone (the person's clock), where a test needs one. */
    timezoneId?: string;
  } = {},
): Promise<BrowserContext> {
  const context = await h.browser.newContext({
    baseURL: h.url,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const storage: Record<string, string> = { ...options.storage };
  if (options.consent !== false) storage.pt_cookie_consent = 'essential';
  if (options.theme) storage['vite-ui-theme'] = options.theme;
  // Only on the first document of the context: later navigations must see what the app stored.
  await context.addInitScript((entries: Record<string, string>) => {
    if (sessionStorage.getItem('__e2e_seeded')) return;
    sessionStorage.setItem('__e2e_seeded', '1');
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, storage);
  return context;
}

export async function newPage(h: WebHarness, options?: Parameters<typeof newContext>[1]): Promise<Page> {
  const context = await newContext(h, options);
  return context.newPage();
}

/** The mails in the embedded outbox for an address, oldest first. */
export function outboxFor(h: WebHarness, to: string): StoredMail[] {
  const dir = path.join(h.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as StoredMail)
    .filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/**
 * Waits for the `n`-th mail to an address and returns its link's token and type. A mail links either
 * to GET /auth/v1/verify?token&type or to the web app with ?token&type: both
 * carry the same two parameters, which the test hands to the web app's token processor.
 */
export async function mailedToken(
  h: WebHarness,
  to: string,
  options: { index?: number; type?: string } = {},
): Promise<{ token: string; type: string; mail: StoredMail }> {
  return eventually(
    () => {
      const mails = outboxFor(h, to);
      const mail = mails[options.index ?? mails.length - 1];
      if (!mail) return undefined;
      for (const raw of mail.text.match(/https?:\/\/\S+/g) ?? []) {
        const url = new URL(raw.replace(/[)>.,]+$/, ''));
        const token = url.searchParams.get('token');
        const type = url.searchParams.get('type');
        if (token && type && (!options.type || options.type === type)) return { token, type, mail };
      }
      return undefined;
    },
    { timeoutMs: 20_000, what: `a mail with a link to ${to}` },
  );
}

let counter = 0;
export const uniqueEmail = (label: string): string =>
  `${label}-${process.pid}-${Date.now().toString(36)}-${++counter}@e2e.test`;

/** Registers through the dialog, confirms through the token processor, ends signed in on /. */
export async function registerAndConfirm(
  h: WebHarness,
  page: Page,
  email: string,
  name = 'Erin Example',
): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign Up' }).click();
  await registerInOpenDialog(h, page, email, name);
}

/** Fills the open dialog's registration form with PASSWORD twice and submits it. */
export async function submitRegistration(page: Page, email: string, name: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
}

/** Fills the open dialog's registration form, confirms through the mailed link; signed in on /. */
export async function registerInOpenDialog(h: WebHarness, page: Page, email: string, name: string) {
  const dialog = page.getByRole('dialog');
  await submitRegistration(page, email, name);
  await dialog.getByText('Registration Successful!').waitFor();
  const { token, type } = await mailedToken(h, email, { type: 'signup' });
  await page.goto(`/?token=${encodeURIComponent(token)}&type=${type}`);
  await page.getByRole('button', { name: `Account menu for ${name}` }).waitFor({ timeout: 20_000 });
}

/**
 * A web harness on a Postgres database of the test's own, started before the suite's tests and
 * dropped after them, so a test can write a listing's history with SQL. No simulated demo year:
 * what a page shows comes from what the test wrote.
 */
export function postgresWebHarness(): { pg(): TestPostgres; h(): WebHarness } {
  let pg: TestPostgres | undefined;
  let h: WebHarness | undefined;
  beforeAll(async () => {
    pg = await createTestPostgres();
    h = await startWebHarness({ DATABASE_URL: pg.url, DEMO_HISTORY_BACKFILL: 'off' });
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await h?.close();
    await pg?.drop();
  }, HOOK_TIMEOUT_MS);
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the Postgres web harness has not started');
    return value;
  };
  return { pg: () => started(pg), h: () => started(h) };
}
