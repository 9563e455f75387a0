import {
  GEOLOCATION_TIMEOUTS_MS,
  DEFAULT_THEME,
  DEFAULT_USER_PREFERENCES,
  MONITORING,
  QUERY_RETRIES,
  QUERY_STALE_TIME_MS,
  STORAGE_KEYS,
  TOASTS,
  TOOLTIP,
  themeFromPreference,
} from './preferences';

describe(themeFromPreference.name, () => {
  it.each([
    ['§3 auto → system', 'auto', 'system'],
    ['§3 light', 'light', 'light'],
    ['§3 dark', 'dark', 'dark'],
    ['§4 none → default dark', undefined, 'dark'],
  ] as const)('%s', (_row, pref, expected) => expect(themeFromPreference(pref)).toBe(expected));
});

describe('constants', () => {
  it.each([
    [
      '§3 preferences default',
      DEFAULT_USER_PREFERENCES,
      { currency: 'USD', theme: 'auto', notifications: true },
    ],
    ['§4 theme default', DEFAULT_THEME, 'dark'],
    ['§9 query client', [QUERY_STALE_TIME_MS, QUERY_RETRIES], [300_000, 2]],
    [
      '§9 toasts',
      TOASTS,
      { visible: 3, durationMs: 4000, width: 356, gap: 14, swipeThreshold: 20, hotkey: 'Alt+T' },
    ],
    ['§9 tooltip', TOOLTIP, { openDelayMs: 700, skipDelayMs: 300, defaultOffset: 8 }],
    [
      '§7 geolocation timeouts: 3 s catalog → provider, 5 s browser → catalog',
      GEOLOCATION_TIMEOUTS_MS,
      { provider: 3000, browser: 5000 },
    ],
    [
      '§9 monitoring',
      MONITORING,
      { eventsInMemory: 1000, eventsStoredLocally: 100, healthWindowMs: 1_800_000 },
    ],
    [
      '§3 storage keys',
      STORAGE_KEYS,
      {
        selectedRegion: 'selectedRegion',
        manualRegion: 'manualRegion',
        regionTimestamp: 'regionTimestamp',
        wishlists: 'consolidated_wishlist_data',
        priceAlerts: 'price_alerts',
        theme: 'vite-ui-theme',
      },
    ],
  ])('%s', (_row, actual, expected) => expect(actual).toEqual(expected));
});
