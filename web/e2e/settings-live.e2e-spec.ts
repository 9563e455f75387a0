/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { AdminMetricsResponseSchema, type AdminMetricsResponse, type ApiUsageFigures } from '@pt/contracts';
import { formatErrorRate, formatLatency } from '@pt/domain';
import { redactSecretText } from '@pt/platform';
import { chromiumAvailability, eventually, gatewayClient } from '@pt/testing';
import { passwordToken } from './support/alert-steps';
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

/** What a dashboard tile group (`Last 24 hours`, `Last hour`) shows, by its terms. */
async function shownFigures(group: Locator): Promise<Record<string, string>> {
  const stats = await group.locator('.stat').all();
  const entries = await Promise.all(
    stats.map(async (s) => [await s.locator('dt').innerText(), await s.locator('dd').innerText()] as const),
  );
  return Object.fromEntries(entries);
}

/** The tiles of a window as the dashboard formats the answer's figures. */
const expectedFigures = (f: ApiUsageFigures) => ({
  Requests: String(f.requests),
  'Error rate': formatErrorRate(f.errorRate),
  p50: formatLatency(f.p50Ms, f.requests),
  p95: formatLatency(f.p95Ms, f.requests),
  p99: formatLatency(f.p99Ms, f.requests),
});

/** A table's body rows as their cells' text. */
const bodyRows = (table: Locator): Promise<string[][]> =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent ?? '')),
    );

describeWithBrowser(
  `settings-driven screens${chromium.available ? '' : ` skipped: ${chromium.reason}`}`,
  () => {
    let h: WebHarness;
    let admin: Page;

    beforeAll(async () => {
      // Request logs flushed and rolled up into today's counts quickly, so the dashboard test waits
      // seconds, not the default minute, for the calls it makes to show.
      h = await startWebHarness({ REQUEST_LOG_FLUSH_MS: '100', REQUEST_LOG_ROLLUP_EVERY_MS: '500' });
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

    it('shows on the admin dashboard the numbers GET /api/v1/admin/metrics answers; N known calls add N', async () => {
      const call = gatewayClient(() => h.url);
      const token = await passwordToken(call, ADMIN_EMAIL);
      const metrics = async (): Promise<AdminMetricsResponse> => {
        const res = await call('GET', '/api/v1/admin/metrics', undefined, token);
        expect(res.status).toBe(200);
        return AdminMetricsResponseSchema.parse(res.body);
      };
      // The known traffic goes to the pricing service, which nothing else in this suite calls.
      const pricing = (m: AdminMetricsResponse) => ({
        last24h: m.last24h.byService.find((s) => s.service === 'pricing')?.requests ?? 0,
        lastHour: m.lastHour.byService.find((s) => s.service === 'pricing')?.requests ?? 0,
        today: m.today.services.find((s) => s.serviceName === 'pricing')?.requestCount ?? 0,
      });
      // Logs are written in batches and rolled up by a job: settled when all three agree.
      const settled = async (expected?: number) =>
        eventually(
          async () => {
            const p = pricing(await metrics());
            const agree = p.last24h === p.lastHour && p.lastHour === p.today;
            return agree && (expected === undefined || p.today === expected) ? p.today : undefined;
          },
          {
            what: `the pricing service's request counts to settle${expected === undefined ? '' : ` at ${expected}`}`,
          },
        );
      const before = await settled();
      const N = 7;
      for (let i = 0; i < N; i++)
        expect((await call('GET', '/api/v1/admin/pricing/status', undefined, token)).status).toBe(200);
      await settled(before + N);

      const answered = admin.waitForResponse((r) => r.url().endsWith('/api/v1/admin/metrics'));
      await admin.goto('/admin');
      const answer = AdminMetricsResponseSchema.parse(await (await answered).json());
      expect(pricing(answer)).toEqual({ last24h: before + N, lastHour: before + N, today: before + N });

      // The tiles: the answer's totals (the issue saw 0 requests and "—" beside 258).
      for (const [name, figures] of [
        ['Last 24 hours', answer.last24h.total],
        ['Last hour', answer.lastHour.total],
      ] as const) {
        const group = admin.getByRole('region', { name });
        await group.waitFor();
        expect(await shownFigures(group)).toEqual(expectedFigures(figures));
        expect(figures.requests).toBeGreaterThanOrEqual(N);
      }

      // Per service over 24 hours, pricing included with exactly the calls made here.
      const perService = await bodyRows(admin.getByRole('table', { name: 'Per service, last 24 hours' }));
      expect(perService).toEqual(
        answer.last24h.byService.map((s) => [
          s.service,
          String(s.requests),
          formatErrorRate(s.errorRate),
          formatLatency(s.p95Ms, s.requests),
        ]),
      );
      expect(perService).toContainEqual([
        'pricing',
        String(before + N),
        '0.0%',
        expect.stringMatching(/ ms$/),
      ]);

      // Today's rolled-up counts (the issue saw "No daily counts yet" beside a filled answer).
      const today = admin.getByRole('table', {
        name: `Requests today (${answer.today.date}, UTC, as last rolled up)`,
      });
      expect(await bodyRows(today)).toEqual(
        answer.today.services.map((s) => [s.serviceName, String(s.requestCount)]),
      );
      expect(await today.locator('tfoot td').innerText()).toBe(String(answer.today.total));

      // The hourly chart's axis reads as hours of the viewer's clock ("14:00"), not ISO strings.
      const chart = admin.getByRole('img', { name: 'Requests per hour chart' });
      const currentHour = await admin.evaluate(
        (iso) =>
          new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
        answer.hourly[answer.hourly.length - 1].hour,
      );
      await chart.getByText(currentHour).last().waitFor();
      expect(await chart.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    });

    it('shows an admin the mailed messages in the outbox and the errors browsers reported', async () => {
      // The outbox viewer: the admin's own confirmation mail, its body on demand, with the link's
      // token masked (the file on disk keeps it).
      const mail = outboxFor(h, ADMIN_EMAIL)[0];
      expect(mail).toBeDefined();
      const token = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token');
      expect(token).toBeTruthy();
      await admin.goto('/admin/outbox');
      const item = admin.getByRole('listitem').filter({ hasText: `to ${ADMIN_EMAIL}` });
      await item.getByRole('button', { name: mail!.subject }).click();
      const body = item.locator('.mail-body');
      await body.waitFor();
      const shown = (await body.textContent()) ?? '';
      expect(shown).toBe(redactSecretText(mail!.text));
      expect(shown).toContain('token=[redacted]');
      expect(shown).not.toContain(token!);

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
