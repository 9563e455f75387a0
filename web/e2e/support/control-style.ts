/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/** Native controls and the Radix ones (buttons with a role): everything a design system must style. */
const CONTROLS = 'button, input:not([type="hidden"]), select, textarea';

/**
 * Controls still in the browser's default look. The user agent's own look is measured, not assumed:
 * the same elements are created in an unstyled frame and their computed `appearance` and font size
 * read there. A control fails when its `appearance` is not `none` (Chromium draws `auto`, `menulist`,
 * `checkbox`, `textfield`… natively) or when it keeps the UA's control font size (13.33 px: the app's
 * type scale never reaches it, so it means no stylesheet set the font), or when its border is the
 * UA's outset/inset bevel. Invisible controls (sr-only, Radix's hidden form inputs) are skipped.
 */
export function defaultLookControls(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.style.cssText = 'position:absolute;width:0;height:0;border:0';
    document.body.appendChild(frame);
    const blank = frame.contentDocument!;
    const ua = (tag: string, type?: string) => {
      const el = blank.createElement(tag);
      if (type) el.setAttribute('type', type);
      blank.body.appendChild(el);
      const style = frame.contentWindow!.getComputedStyle(el);
      return { appearance: style.appearance, fontSize: style.fontSize };
    };
    const uaButton = ua('button');
    const uaInput = ua('input', 'text');
    frame.remove();
    const failures: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width <= 2 || box.height <= 2 || style.visibility === 'hidden' || style.opacity === '0')
        continue;
      if (el.closest('[aria-hidden="true"]') && el.tabIndex < 0) continue;
      const reasons: string[] = [];
      if (style.appearance !== 'none') reasons.push(`appearance ${style.appearance}`);
      if (style.fontSize === uaButton.fontSize || style.fontSize === uaInput.fontSize)
        reasons.push(`UA font size ${style.fontSize}`);
      if (/outset|inset/.test(style.borderStyle)) reasons.push(`UA border ${style.borderStyle}`);
      if (reasons.length === 0) continue;
      const name =
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ??
        el.textContent?.trim().slice(0, 30) ??
        '';
      const type = el.getAttribute('type');
      failures.push(`${el.tagName.toLowerCase()}${type ? `[${type}]` : ''} "${name}": ${reasons.join(', ')}`);
    }
    return failures;
  }, CONTROLS);
}

/**
 * Tabs through the page (up to `maxStops` stops) and returns the focus stops that show no ring: the
 * focused element's outline or box-shadow must differ from its own look once focus has moved on.
 * Returns the number of stops seen too, so a page where Tab reached nothing cannot pass.
 */
export async function stopsWithoutFocusRing(
  page: Page,
  maxStops = 60,
): Promise<{ stops: number; withoutRing: string[] }> {
  type Look = { outline: string; shadow: string };
  const look = (): Look | null => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    const outline =
      s.outlineStyle === 'none' || s.outlineWidth === '0px'
        ? 'none'
        : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
    return { outline, shadow: s.boxShadow };
  };
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const withoutRing: string[] = [];
  const seen = new Set<string>();
  let stops = 0;
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(look);
    if (!focused) break;
    // Marks the element, moves focus off it without a pointer, and reads its unfocused look.
    const result = await page.evaluate((before: Look) => {
      const el = document.activeElement as HTMLElement;
      const key = el.dataset.ringKey ?? (el.dataset.ringKey = String(Math.random()).slice(2));
      const label = `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${
        el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''
      }"`;
      el.blur();
      const s = getComputedStyle(el);
      const outline =
        s.outlineStyle === 'none' || s.outlineWidth === '0px'
          ? 'none'
          : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
      const ring = before.outline !== outline || before.shadow !== s.boxShadow;
      el.focus({ preventScroll: true });
      return { key, label, ring };
    }, focused);
    if (seen.has(result.key)) break;
    seen.add(result.key);
    stops++;
    if (!result.ring) withoutRing.push(result.label);
  }
  return { stops, withoutRing };
}

/** Controls that still transition or animate (a duration above zero), e.g. under reduced motion. */
export function movingControls(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const moving: string[] = [];
    const above0 = (list: string) => list.split(',').some((d) => parseFloat(d) > 0);
    const all = document.querySelectorAll<HTMLElement>(
      `${selector}, [role="switch"] *, .skeleton, .spinner, .dialog-content, .dialog-overlay`,
    );
    for (const el of Array.from(all)) {
      const s = getComputedStyle(el);
      const animated = s.animationName !== 'none' && above0(s.animationDuration);
      if (above0(s.transitionDuration) || animated)
        moving.push(
          `${el.tagName.toLowerCase()}.${el.className}: transition ${s.transitionDuration}, animation ${s.animationName} ${s.animationDuration}`,
        );
    }
    return moving;
  }, CONTROLS);
}
