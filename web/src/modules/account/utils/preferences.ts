import {
  DEFAULT_USER_PREFERENCES,
  isCurrencyCode,
  PREFERENCE_THEMES,
  type PreferenceTheme,
} from '@pt/domain';
import { readJson, writeJson } from '../../../lib/storage';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

export interface Preferences {
  currency: string;
  theme: PreferenceTheme;
  notifications: boolean;
}

/** §3 user preferences with defaults for whatever is missing or unreadable. */
export function normalizePreferences(raw: unknown): Preferences {
  const v = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    currency: isCurrencyCode(v.currency) ? v.currency : DEFAULT_USER_PREFERENCES.currency,
    theme: (PREFERENCE_THEMES as readonly unknown[]).includes(v.theme)
      ? (v.theme as PreferenceTheme)
      : DEFAULT_USER_PREFERENCES.theme,
    notifications:
      typeof v.notifications === 'boolean' ? v.notifications : DEFAULT_USER_PREFERENCES.notifications,
  };
}

export const readLocalPreferences = (): Preferences =>
  normalizePreferences(readJson(LOCAL_KEYS.notificationSettings));
export const writeLocalPreferences = (p: Preferences): void => writeJson(LOCAL_KEYS.notificationSettings, p);
