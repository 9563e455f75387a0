/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/** The toast that says `text` (sonner's), the first if several do. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** Picks `option` in the labelled select (the design system's Radix select: a combobox and a listbox). */
export async function choose(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A call to the API as the page's signed-in user (its stored session), answered as status and body. */
export function pageApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const raw = localStorage.getItem('pt_auth_session');
      const token = raw ? (JSON.parse(raw) as { access_token: string }).access_token : '';
      const res = await fetch(path, {
        method,
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
    },
    { method, path, body },
  );
}
