import { chromiumAvailability } from '@pt/testing';
import {
  HOOK_TIMEOUT_MS,
  mailedToken,
  newPage,
  outboxFor,
  PASSWORD,
  registerAndConfirm,
  startWebHarness,
  uniqueEmail,
  type WebHarness,
} from './support/web-host';

/** §2 "Forgot password?": POST /auth/v1/recover, the mailed link, verify type=recovery, new password. */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

describeWithBrowser(`password recovery${chromium.available ? '' : ` skipped: ${chromium.reason}`}`, () => {
  let h: WebHarness;
  beforeAll(async () => {
    h = await startWebHarness();
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await h?.close();
  }, HOOK_TIMEOUT_MS);

  it('forgot password → mail → token processor → new password → signed in', async () => {
    const email = uniqueEmail('recover');
    const first = await newPage(h);
    await registerAndConfirm(h, first, email, 'Rita Recover');
    await first.context().close();
    const mailsBefore = outboxFor(h, email).length;

    const page = await newPage(h);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('dialog', { name: 'Reset your password' }).waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe(email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await dialog.getByText(/we sent it a link to choose a new password/).waitFor();

    const { token, type } = await mailedToken(h, email, { index: mailsBefore, type: 'recovery' });
    await page.goto(`/?token=${encodeURIComponent(token)}&type=${type}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor({ timeout: 20_000 });
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('other');
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await page.getByText('Password must be at least 6 characters').first().waitFor();
    const newPassword = `${PASSWORD} renewed`;
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await page.getByRole('button', { name: 'Account menu for Rita Recover' }).waitFor({ timeout: 20_000 });
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    await page.context().close();

    // The new password signs in; the old one no longer does.
    const check = await newPage(h);
    await check.goto('/');
    await check.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const login = check.getByRole('dialog');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await login.getByRole('alert').first().waitFor();
    await login.getByLabel('Password').fill(newPassword);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await check.getByRole('button', { name: 'Account menu for Rita Recover' }).waitFor({ timeout: 20_000 });
    await check.context().close();
  });
});
