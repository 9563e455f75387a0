import { DEFAULT_THEME, THEMES, type Theme } from '@pt/domain';
import { persistedStore, wordCodec } from '../../../lib/persisted-store';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

export type ResolvedTheme = 'light' | 'dark';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** §4: the stored theme (`vite-ui-theme`), or dark when none or an unknown value is stored. */
export const themeStore = persistedStore({
  key: LOCAL_KEYS.theme,
  codec: wordCodec<Theme>(THEMES),
  fallback: () => DEFAULT_THEME,
});

/** `system` follows the OS; the others are what they say. */
export function resolveTheme(theme: Theme, osPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return osPrefersDark ? 'dark' : 'light';
  return theme;
}
