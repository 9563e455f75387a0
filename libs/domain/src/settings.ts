import { DEFAULT_MAX_SEARCH_RESULTS } from './search';

/**
 * §3 known system setting keys. Persisted (system_settings.key) — never rename; @pt/contracts
 * re-exports them as `SettingKeys`.
 */
export const SETTING_KEYS = {
  maintenanceMode: 'maintenance_mode',
  maxSearchResults: 'max_search_results',
  featureFlags: 'feature_flags',
  betaLandingEnabled: 'beta_landing_enabled',
} as const;
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

/** §3: true or the string 'true' means on; anything else (1, 'yes', 'TRUE') is off, as in the product. */
export function isSettingOn(value: unknown): boolean {
  return value === true || value === 'true';
}

export const parseMaintenanceMode = isSettingOn;
export const parseBetaLandingEnabled = isSettingOn;

/**
 * §3, §5: an integer, falling back to 100 when it cannot be read as a number. Fractions are cut
 * and values below 1 fall back too: a limit of 0 or less would make every search empty.
 */
export function parseMaxSearchResults(value: unknown): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(n)) return DEFAULT_MAX_SEARCH_RESULTS;
  const int = Math.trunc(n);
  return int >= 1 ? int : DEFAULT_MAX_SEARCH_RESULTS;
}

export type FeatureFlags = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** §3: an object; a JSON string holding an object is read too (values written by hand); anything else is {}. */
export function parseFeatureFlags(value: unknown): FeatureFlags {
  if (isPlainObject(value)) return { ...value };
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return isPlainObject(parsed) ? parsed : {};
    } catch {
      return {};
    }
  }
  return {};
}

/**
 * The feature flags the app reads (§1, §3 feature_flags). Each switches a screen off: a flag that
 * is absent is on, so an empty object (the seeded default) keeps every screen. A flag nothing
 * reads is refused on write rather than stored to do nothing.
 */
export const FEATURE_FLAGS = {
  /** The Deals screen and its navigation link. */
  deals: true,
  /** The Trending screen and its navigation link. */
  trending: true,
} as const satisfies Record<string, boolean>;
export type FeatureFlag = keyof typeof FEATURE_FLAGS;

const isFeatureFlag = (name: string): name is FeatureFlag =>
  Object.prototype.hasOwnProperty.call(FEATURE_FLAGS, name);

/** Whether `flag` is on: its default while unset, else §3's true or 'true'. */
export function isFeatureEnabled(flags: FeatureFlags, flag: FeatureFlag): boolean {
  return Object.prototype.hasOwnProperty.call(flags, flag) ? isSettingOn(flags[flag]) : FEATURE_FLAGS[flag];
}

/** A flags object as written: only known flags, each true or false. */
const isFeatureFlagsValue = (v: unknown): boolean =>
  isPlainObject(v) && Object.entries(v).every(([name, on]) => isFeatureFlag(name) && typeof on === 'boolean');

export interface SystemSettings {
  maintenanceMode: boolean;
  maxSearchResults: number;
  featureFlags: FeatureFlags;
  betaLandingEnabled: boolean;
}

/** Reads the key → value map (public settings read, §7) into typed settings with defaults. */
export function parseSystemSettings(map: Readonly<Record<string, unknown>>): SystemSettings {
  return {
    maintenanceMode: parseMaintenanceMode(map[SETTING_KEYS.maintenanceMode]),
    maxSearchResults: parseMaxSearchResults(map[SETTING_KEYS.maxSearchResults]),
    featureFlags: parseFeatureFlags(map[SETTING_KEYS.featureFlags]),
    betaLandingEnabled: parseBetaLandingEnabled(map[SETTING_KEYS.betaLandingEnabled]),
  };
}

/** §7: the description written when none is given. */
export function defaultSettingDescription(key: string): string {
  return `Setting for ${key}`;
}

/**
 * §6: when settings are written, is_public is set true for beta_landing_enabled; feature_flags is
 * public too, as the web app's screens follow it (docs/architecture.md, "Feature flags").
 */
const PUBLIC_KEYS = new Set<string>([SETTING_KEYS.betaLandingEnabled, SETTING_KEYS.featureFlags]);
export function isPublicOnWrite(key: string): boolean {
  return PUBLIC_KEYS.has(key);
}

/** §8: the loader exposes the error message, or this when the error is not an Error. */
export const SETTINGS_LOAD_FAILED = 'Failed to load settings';
export function settingsLoadErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : SETTINGS_LOAD_FAILED;
}

/** Why a known key's value was refused on write: the key and the type it must have. */
export interface SettingValueProblem {
  key: string;
  expected: string;
}

const KNOWN_VALUE_TYPES: Record<SettingKey, { expected: string; accepts(value: unknown): boolean }> = {
  [SETTING_KEYS.maintenanceMode]: {
    expected: "a boolean or the string 'true'",
    accepts: (v) => typeof v === 'boolean' || v === 'true',
  },
  [SETTING_KEYS.betaLandingEnabled]: {
    expected: "a boolean or the string 'true'",
    accepts: (v) => typeof v === 'boolean' || v === 'true',
  },
  [SETTING_KEYS.maxSearchResults]: {
    expected: 'an integer of at least 1',
    accepts: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 1,
  },
  [SETTING_KEYS.featureFlags]: {
    expected: `an object of known flags (${Object.keys(FEATURE_FLAGS).join(', ')}) set to true or false`,
    accepts: isFeatureFlagsValue,
  },
};

const isKnownKey = (key: string): key is SettingKey =>
  Object.prototype.hasOwnProperty.call(KNOWN_VALUE_TYPES, key);

/**
 * Writes of known keys are checked (reads stay lenient, as the parsers above); unknown
 * keys take any JSON value. Undefined is never a JSON value.
 */
export function checkSettingValue(key: string, value: unknown): SettingValueProblem | undefined {
  if (value === undefined) return { key, expected: 'a JSON value' };
  if (!isKnownKey(key)) return undefined;
  const rule = KNOWN_VALUE_TYPES[key];
  return rule.accepts(value) ? undefined : { key, expected: rule.expected };
}

/** §3 defaults written on the settings service's first start (the beta flag off). */
export const DEFAULT_SYSTEM_SETTINGS: Readonly<Record<SettingKey, unknown>> = {
  [SETTING_KEYS.maintenanceMode]: false,
  [SETTING_KEYS.maxSearchResults]: DEFAULT_MAX_SEARCH_RESULTS,
  [SETTING_KEYS.featureFlags]: {},
  [SETTING_KEYS.betaLandingEnabled]: false,
};
