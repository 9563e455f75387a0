/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { chromiumAvailability } from '@pt/testing';
import { setSetting } from './support/admin-settings';
import {
  ADMIN_EMAIL,
  HOOK_TIMEOUT_MS,
  newPage,
  outboxFor,
  registerAndConfirm,
  registerInOpenDialog,
  startWebHarness,
  uniqueEmail,
  type WebHarness,
} from './support/web-host';

/**
 * Screens driven by live settings (GET /api/v1/settings/public, PUT /api/v1/admin/settings/:key,
 * settings.changed over SSE on /api/v1/events) and the admin area's views of the backend.
 */
const chromium = chromiumAvailability();
const describeWithBrowser = chromium.available ? describe : describe.skip;

describeWithBrowser(
  `settings-driven screens${chromium.available ? '' : ` skipped: ${chromium.reason}`}`,
  () => {
    let h: WebHarness;
    let admin: Page;

    beforeAll(async () => {
      h = await startWebHarness();
      admin = await newPage(h);
      await registerAndConfirm(h, admin, ADMIN_EMAIL, 'Ada Admin');
    }, HOOK_TIMEOUT_MS);
    afterAll(async () => {
      if (admin) {
        await setSetting(admin, 'maintenance_mode', false);
        await setSetting(admin, 'beta_landing_enabled', false);
      }
      await h?.close();
    }, HOOK_TIMEOUT_MS);

    it('shows the landing page to anonymous and unconfirmed users while the beta flag is on (§4)', async () => {
      await setSetting(admin, 'beta_landing_enabled', true);
      const visitor = await newPage(h);
      await visitor.goto('/deals');
      await visitor.getByRole('heading', { name: 'Your AI-powered shopping assistant' }).waitFor();
      await visitor.getByRole('heading', { name: 'Limited Beta Access' }).waitFor();

      // A confirmed user gets the full app.
      await admin.goto('/deals');
      await admin.getByRole('navigation', { name: 'Main' }).waitFor(); // the full app, not the landing page

      // A mailed link goes through to the token processor, which signs the new user in (§2).
      const email = uniqueEmail('beta');
      await visitor.getByRole('button', { name: 'Get Beta Access Free' }).click();
      await registerInOpenDialog(h, visitor, email, 'Bea Beta');
      await visitor.getByRole('heading', { name: 'Compare prices across marketplaces' }).waitFor();
      await visitor.context().close();

      await setSetting(admin, 'beta_landing_enabled', false);
      const after = await newPage(h);
      await after.goto('/deals');
      await after.getByRole('navigation', { name: 'Main' }).waitFor();
      await after.context().close();
    });

    it('shows the maintenance screen within 2 s of an admin turning it on in another tab', async () => {
      const visitor = await newPage(h);
      await visitor.goto('/');
      await visitor.getByRole('heading', { name: 'Compare prices across marketplaces' }).waitFor();
      await admin.goto('/admin/settings');
      const toggle = admin.getByRole('switch', { name: 'Maintenance mode' });
      await toggle.waitFor();
      const started = Date.now();
      await toggle.click();
      await visitor.getByRole('heading', { name: "We'll be right back" }).waitFor({ timeout: 2_000 });
      expect(Date.now() - started).toBeLessThanOrEqual(2_000);
      // The admin still gets in.
      await admin.goto('/deals');
      await admin.getByRole('navigation', { name: 'Main' }).waitFor(); // the full app, not the landing page
      await admin.goto('/admin/settings');
      await admin.getByRole('switch', { name: 'Maintenance mode' }).click();
      await visitor
        .getByRole('heading', { name: 'Compare prices across marketplaces' })
        .waitFor({ timeout: 2_000 });
      await visitor.context().close();
    });

    it('draws the admin dashboard from /api/v1/admin/metrics', async () => {
      await admin.goto('/admin');
      await admin.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
      await admin.getByRole('heading', { name: 'Last 24 hours' }).waitFor();
      await admin.getByRole('heading', { name: 'Requests per hour' }).waitFor();
    });

    it('shows an admin the mailed messages in the outbox and the errors browsers reported (issue 14 items 9, 11)', async () => {
      // The outbox viewer: the admin's own confirmation mail, its body on demand.
      const mail = outboxFor(h, ADMIN_EMAIL)[0];
      expect(mail).toBeDefined();
      await admin.goto('/admin/outbox');
      const item = admin.getByRole('listitem').filter({ hasText: `to ${ADMIN_EMAIL}` });
      await item.getByRole('button', { name: mail!.subject }).click();
      const body = item.locator('.mail-body');
      await body.waitFor();
      expect(await body.textContent()).toBe(mail!.text);

      // A browser whose user accepted monitoring reports an uncaught error; the admin page lists it.
      const message = `e2e monitoring check ${Date.now()}`;
      const visitor = await newPage(h, { consent: false, storage: { pt_cookie_consent: 'accepted' } });
      await visitor.goto('/privacy');
      await visitor.getByRole('heading', { name: 'Privacy policy' }).waitFor();
      const reported = visitor.waitForResponse(
        (r) => r.url().endsWith('/api/v1/monitoring/events') && r.request().method() === 'POST',
      );
      await visitor.evaluate((text) => {
        setTimeout(() => {
          throw new Error(text);
        });
      }, message);
      expect((await reported).status()).toBe(202);
      await visitor.context().close();

      await admin.goto('/admin/monitoring');
      const table = admin.getByRole('table', { name: 'Reported by browsers (newest first)' });
      await table.getByText(message).waitFor();
    });
  },
);
