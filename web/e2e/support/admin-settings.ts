/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/**
 * Writes a system setting as the admin signed in on `page` (PUT /api/v1/admin/settings/:key with
 * the page's session token), and checks the gateway took it.
 */
export async function setSetting(page: Page, key: string, value: unknown): Promise<void> {
  const status = await page.evaluate(
    async ([k, v]) => {
      const raw = localStorage.getItem('pt_auth_session');
      const token = raw ? (JSON.parse(raw) as { access_token: string }).access_token : '';
      const res = await fetch(`/api/v1/admin/settings/${k}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ value: v }),
      });
      return res.status;
    },
    [key, value] as const,
  );
  expect(status).toBe(200);
}
