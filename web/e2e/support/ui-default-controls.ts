/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/**
 * The visible controls that still have the user agent's default look: a button, input, select,
 * textarea, progress or meter whose computed `appearance` is not `none` (Chromium draws those
 * natively: grey buttons, white boxes in the dark theme, a blue checkbox). The design system's
 * floor (ui/controls.css) sets `appearance: none` on every native control, and its components are
 * styled from tokens, so any entry here is a control a screen renders outside the system.
 * Answers one line per control: tag, type, label and where it is.
 */
export function uaDefaultControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, input:not([type="hidden"]), select, textarea, progress, meter',
    );
    for (const el of Array.from(controls)) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Not rendered, or visually hidden (sr-only, a Radix bubble input): nothing anyone sees.
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden' || style.opacity === '0')
        continue;
      const appearance = style.appearance || style.getPropertyValue('-webkit-appearance');
      if (appearance === 'none') continue;
      const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : '';
      const label =
        el.getAttribute('aria-label') ??
        (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null) ??
        el.textContent ??
        '';
      found.push(
        `${el.tagName.toLowerCase()}${type} "${label.trim().slice(0, 40)}" (appearance: ${appearance}) at ${Math.round(box.left)},${Math.round(box.top)}`,
      );
    }
    return found;
  });
}
